import type { DownloadQuality } from '@kora/contracts';

/** The one URL a song's whole rendition is downloaded from, in the foreground or by the browser. */
export const downloadUrl = (songId: number, quality: DownloadQuality) => `/api/songs/${songId}/download?quality=${quality}`;

const DOWNLOAD_PATH = /^\/api\/songs\/(\d+)\/download$/;

/** The song a download URL (as downloadUrl makes it, absolute or not) is for. */
export function songIdOfDownload(url: string): number | null {
  const match = DOWNLOAD_PATH.exec(new URL(url, 'http://kora.invalid').pathname);
  return match ? Number(match[1]) : null;
}

const ID_PREFIX = 'kora-download:';

/**
 * A background fetch's id names its listener and collection: the service worker, which may run
 * with no page open, stores what the browser brought under them. One id per collection, so a
 * reload finds the fetch already running instead of starting it twice.
 */
export const backgroundDownloadId = (userId: number, key: string) => `${ID_PREFIX}${userId}:${key}`;

export function parseBackgroundDownloadId(id: string): { userId: number; key: string } | null {
  if (!id.startsWith(ID_PREFIX)) return null;
  const rest = id.slice(ID_PREFIX.length);
  const colon = rest.indexOf(':');
  const userId = Number(rest.slice(0, colon));
  const key = rest.slice(colon + 1);
  return colon > 0 && Number.isInteger(userId) && userId > 0 && key ? { userId, key } : null;
}

/** What the service worker posts to the app's pages when it has dealt with a background fetch. */
export const BACKGROUND_DOWNLOAD_FINISHED = 'BACKGROUND_DOWNLOAD_FINISHED';

/**
 * stored: every song the browser brought is kept. failed: some did not come (the server refused
 * one, the disk is full): the app fetches what is missing itself, and says why if that fails too.
 * cancelled: the listener cancelled it in the browser's download notification.
 */
export type BackgroundOutcome = 'stored' | 'failed' | 'cancelled';
export type BackgroundDownloadFinished = { type: typeof BACKGROUND_DOWNLOAD_FINISHED; id: string; outcome: BackgroundOutcome };
