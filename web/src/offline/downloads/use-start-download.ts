import { toast } from '../../ui/use-toast';
import type { DownloadTarget } from './download-manager';
import { useDownloads } from './downloads-context';

export const PREMIUM_DOWNLOADS_UPSELL = 'Upgrade to Premium in Settings to keep music on this device and play it with no network.';

/** Starts a download and, when it stops short, tells the listener why (with the upsell when the plan is why). */
export function useStartDownload(): ((target: DownloadTarget) => Promise<void>) | null {
  const downloads = useDownloads();
  if (!downloads) return null;
  return async (target) => {
    const error = await downloads.download(target);
    if (!error) return;
    const refusedForPlan = /premium/i.test(error);
    toast({ title: 'Download stopped', description: refusedForPlan ? `${error} ${PREMIUM_DOWNLOADS_UPSELL}` : error, variant: 'destructive' });
  };
}
