import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/** `/?settings=devices`: the "New sign-in" e-mail's link (server/src/features/sessions/service.ts). */
const SETTINGS_PARAM = 'settings';

/**
 * Whether this page was opened by a link to Settings' list of devices. The parameter leaves the
 * address at once, so a reload or Back does not open Settings again.
 */
export function useDevicesSettingsLink(): boolean {
  const [searchParams, setSearchParams] = useSearchParams();
  const [isLinked] = useState(() => searchParams.get(SETTINGS_PARAM) === 'devices');
  useEffect(() => {
    if (!searchParams.has(SETTINGS_PARAM)) return;
    setSearchParams(
      (params) => {
        params.delete(SETTINGS_PARAM);
        return params;
      },
      { replace: true },
    );
  }, [searchParams, setSearchParams]);
  return isLinked;
}
