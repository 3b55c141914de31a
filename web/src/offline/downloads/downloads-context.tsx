import { createContext, type ReactNode, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { afterLoad } from '../../ui/after-load';
import type { DownloadManager, DownloadsState } from './download-manager';
import type { DownloadsRuntime } from './downloads-runtime';

export const LICENCE_LAPSED_MESSAGE = 'Renew Premium to keep listening offline.';

type Downloads = DownloadsState & DownloadManager['actions'] & { licenceLapsed: boolean };
type Context = { downloads: Downloads | null; request: () => void };

const DownloadsContext = createContext<Context>({ downloads: null, request: () => undefined });

/** Whether this browser can keep downloads at all (IndexedDB and Cache Storage). */
export const downloadsSupported = () => typeof indexedDB !== 'undefined' && typeof caches !== 'undefined';
const loadRuntime = () => import('./downloads-runtime').then((m) => ({ createDownloadsRuntime: m.createDownloadsRuntime }));

/**
 * The listener's downloads on this device (issue 15). Their code is not on the first screen's
 * path: it loads a little after the page (at once with no network, or when a page shows a download
 * button), then carries on with downloads a reload cut short and renews the offline licence.
 */
export function DownloadsProvider({ userId, children }: { userId: number; children: ReactNode }) {
  const [wanted, setWanted] = useState(() => downloadsSupported() && !navigator.onLine);
  const [runtime, setRuntime] = useState<DownloadsRuntime | null>(null);
  const [licenceLapsed, setLicenceLapsed] = useState(false);

  useEffect(() => (downloadsSupported() && !wanted ? afterLoad(() => setWanted(true)) : undefined), [wanted]);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    void loadRuntime().then(({ createDownloadsRuntime }) => live && setRuntime(createDownloadsRuntime(userId)));
    return () => {
      live = false;
    };
  }, [wanted, userId]);
  useEffect(() => {
    if (!runtime) return;
    const catchUp = () => void runtime.catchUp().then(setLicenceLapsed);
    catchUp();
    window.addEventListener('online', catchUp);
    return () => window.removeEventListener('online', catchUp);
  }, [runtime]);

  const state = useSyncExternalStore(runtime?.manager.subscribe ?? noSubscription, runtime?.manager.getState ?? emptyState);
  const downloads = runtime ? { ...state, ...runtime.manager.actions, licenceLapsed } : null;
  const request = () => {
    if (downloadsSupported()) setWanted(true);
  };
  return <DownloadsContext.Provider value={{ downloads, request }}>{children}</DownloadsContext.Provider>;
}

const noSubscription = () => () => undefined;
const EMPTY: DownloadsState = { ready: false, songs: new Map(), collections: new Map(), active: null, error: null };
const emptyState = () => EMPTY;

/** The downloads for a page that shows them: loads their code now if it is not there yet. Null until then, or where this browser cannot keep any. */
export function useDownloads(): Downloads | null {
  const { downloads, request } = useContext(DownloadsContext);
  useEffect(() => {
    if (!downloads) request();
  });
  return downloads;
}

/** The downloads if their code has loaded, without asking for it (the player, on every page). */
export function useLoadedDownloads(): Downloads | null {
  return useContext(DownloadsContext).downloads;
}
