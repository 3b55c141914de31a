import { ArrowDownToLine, CircleCheck } from 'lucide-react';
import * as Progress from '@radix-ui/react-progress';
import { formatFileSize } from '../../features/upload/audio-file';
import { Button } from '../../ui/button';
import { collectionProgress, type DownloadTarget } from './download-manager';
import { downloadPercent } from './download-progress';
import { useDownloads } from './downloads-context';
import { useStartDownload } from './use-start-download';

/** A collection's overall bar, or (thin) the song on its way. */
function ProgressBar({ percent, label, thin = false }: { percent: number; label: string; thin?: boolean }) {
  return (
    <Progress.Root value={percent} max={100} aria-label={label} className={thin ? 'h-1 overflow-hidden rounded-full bg-overlay' : 'h-1.5 overflow-hidden rounded-full bg-overlay'}>
      <Progress.Indicator className={thin ? 'h-full bg-ink-subtle transition-[width]' : 'h-full bg-gold-400 transition-[width]'} style={{ width: `${percent}%` }} />
    </Progress.Root>
  );
}

/**
 * Download a collection (a playlist, an album, Liked Songs) or a song to this device, with its
 * progress while it runs; once kept, a way to remove it. Not shown where the browser cannot keep
 * downloads.
 */
export function DownloadButton({ target }: { target: DownloadTarget }) {
  const downloads = useDownloads();
  const start = useStartDownload();
  if (!downloads || !start) return null;
  const collection = downloads.collections.get(target.key);
  const active = downloads.active?.key === target.key ? downloads.active : null;
  const { kept, keepable } = collection ? collectionProgress(collection, downloads.songs) : { kept: 0, keepable: 0 };
  const complete = collection !== undefined && !active && kept === keepable;

  if (active) {
    const percent = downloadPercent(active);
    const current = active.current;
    const songPercent = current?.total ? Math.min(100, Math.floor((current.received / current.total) * 100)) : null;
    const currentTitle = current && collection?.songs.find((song) => song.id === current.songId)?.title;
    return (
      <div className="grid min-w-44 gap-1.5" role="status" aria-live="polite">
        <span className="text-xs font-semibold text-ink-muted">
          Downloading {active.done} of {active.songIds.length} · {percent}%
        </span>
        <ProgressBar percent={percent} label={`Downloading ${target.title}`} />
        {active.backgroundBytes !== null && (
          // The browser's own download: it goes on if the page closes, and shows in its notifications.
          <span className="text-xs text-ink-subtle">
            In the background{active.backgroundBytes > 0 && ` · ${formatFileSize(active.backgroundBytes)} so far`}
          </span>
        )}
        {currentTitle && songPercent !== null && (
          <>
            <span className="truncate text-xs text-ink-subtle">
              {currentTitle} · {songPercent}%
            </span>
            <ProgressBar percent={songPercent} label={`Downloading ${currentTitle}`} thin />
          </>
        )}
      </div>
    );
  }

  if (complete) {
    return (
      <span className="inline-flex items-center gap-1">
        <span className="inline-flex items-center gap-1.5 text-sm font-semibold text-gold-300">
          <CircleCheck aria-hidden className="size-5" />
          Downloaded
        </span>
        <Button variant="ghost" size="sm" onClick={() => void downloads.remove(target.key)} aria-label={`Remove download of ${target.title}`}>
          Remove
        </Button>
      </span>
    );
  }

  return (
    <Button variant="outline" size="sm" onClick={() => void start(target)}>
      <ArrowDownToLine aria-hidden />
      {collection ? `Resume download (${kept} of ${keepable})` : 'Download'}
    </Button>
  );
}
