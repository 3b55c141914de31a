import type { DownloadProgress } from './download-manager';

/** How far a collection's download has come, 0-100: whole songs kept plus the one on its way. */
export function downloadPercent(progress: DownloadProgress): number {
  const total = progress.songIds.length;
  if (total === 0) return 100;
  const current = progress.current;
  const partial = current && current.total ? Math.min(1, current.received / current.total) : 0;
  return Math.min(100, Math.floor(((progress.done + partial) / total) * 100));
}
