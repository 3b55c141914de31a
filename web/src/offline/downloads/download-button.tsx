import { ArrowDownToLine, CircleCheck } from 'lucide-react';
import { Progress } from 'radix-ui';
import { Button } from '../../ui/button';
import { toast } from '../../ui/use-toast';
import { downloadable, type DownloadTarget } from './download-manager';
import { downloadPercent } from './download-progress';
import { useDownloads } from './downloads-context';

export const PREMIUM_DOWNLOADS_UPSELL = 'Upgrade to Premium in Settings to keep music on this device and play it with no network.';

/**
 * Download a collection (a playlist, an album, Liked Songs) or a song to this device, with its
 * progress while it runs; once kept, a way to remove it. Not shown where the browser cannot keep
 * downloads.
 */
export function DownloadButton({ target }: { target: DownloadTarget }) {
  const downloads = useDownloads();
  if (!downloads) return null;
  const collection = downloads.collections.get(target.key);
  const active = downloads.active?.key === target.key ? downloads.active : null;
  const keepable = collection?.songs.filter(downloadable) ?? [];
  const kept = keepable.filter((song) => downloads.songs.has(song.id)).length;
  const complete = collection !== undefined && !active && kept === keepable.length;

  async function start() {
    const error = await downloads!.download(target);
    if (error) {
      const refusedForPlan = /premium/i.test(error);
      toast({ title: 'Download stopped', description: refusedForPlan ? `${error} ${PREMIUM_DOWNLOADS_UPSELL}` : error, variant: 'destructive' });
    }
  }

  if (active) {
    const percent = downloadPercent(active);
    return (
      <div className="grid min-w-44 gap-1.5" role="status" aria-live="polite">
        <span className="text-xs font-semibold text-ink-muted">
          Downloading {active.done} of {active.songIds.length} · {percent}%
        </span>
        <Progress.Root
          value={percent}
          max={100}
          aria-label={`Downloading ${target.title}`}
          className="h-1.5 overflow-hidden rounded-full bg-overlay"
        >
          <Progress.Indicator className="h-full bg-gold-400 transition-[width]" style={{ width: `${percent}%` }} />
        </Progress.Root>
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
    <Button variant="outline" size="sm" onClick={() => void start()}>
      <ArrowDownToLine aria-hidden />
      {collection ? `Resume download (${kept} of ${keepable.length})` : 'Download'}
    </Button>
  );
}
