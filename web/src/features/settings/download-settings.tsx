import { useEffect, useState } from 'react';
import { formatFileSize } from '../upload/audio-file';
import { connectionKind } from '../../offline/downloads/prepare-download';
import { keptBytes } from '../../offline/downloads/download-manager';
import { useDownloads } from '../../offline/downloads/downloads-context';
import { Button } from '../../ui/button';
import { formatQuantity } from '../../ui/format';
import { LocalSettingSelect, LocalSettingSwitch, SettingGroup, SettingRow } from './setting-controls';

type Estimate = { usage: number; quota: number };

/** What the browser says this site stores and may store (navigator.storage.estimate), when it says. */
function useStorageEstimate(refreshKey: unknown): Estimate | null {
  const [estimate, setEstimate] = useState<Estimate | null>(null);
  useEffect(() => {
    let live = true;
    void navigator.storage
      ?.estimate?.()
      .then(({ usage, quota }) => {
        if (live && usage !== undefined && quota !== undefined) setEstimate({ usage, quota });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [refreshKey]);
  return estimate;
}

/** Offline downloads (issue 15): their quality, the Wi-Fi rule, and the real space they take. */
export function DownloadSettings() {
  const downloads = useDownloads();
  const estimate = useStorageEstimate(downloads?.songs);
  if (!downloads) return null;
  const wifiKnown = connectionKind() !== 'unknown';

  return (
    <SettingGroup title="Downloads">
      <LocalSettingSelect setting="downloadQuality" label="Download quality" description="Applies to the next download. Premium only." />
      <LocalSettingSwitch
        setting="wifiOnlyDownloads"
        label="Wi-Fi only downloads"
        description={
          wifiKnown
            ? 'Downloads wait until this device is on Wi-Fi.'
            : 'This browser does not say whether it is on Wi-Fi, so downloads start on any connection.'
        }
      />
      <SettingRow
        label="Storage"
        description={
          estimate
            ? `Kora uses ${formatFileSize(estimate.usage)} of ${formatFileSize(estimate.quota)} this browser allows.`
            : 'This browser does not say how much space it allows.'
        }
      >
        <span className="text-sm text-ink-muted tabular-nums">
          {downloads.songs.size === 0 ? 'No downloads' : `${formatQuantity(downloads.songs.size, 'song')} · ${formatFileSize(keptBytes(downloads.songs))}`}
        </span>
      </SettingRow>
      <SettingRow label="Remove all downloads" description="Frees the space; the music stays in your library.">
        <Button variant="outline" size="sm" disabled={downloads.songs.size === 0} onClick={() => void downloads.removeAll()}>
          Remove all
        </Button>
      </SettingRow>
    </SettingGroup>
  );
}
