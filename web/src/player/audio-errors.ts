import { PREVIEW_UNAVAILABLE_MESSAGE, PREVIEW_UNAVAILABLE_TITLE, type RefreshUrlResponse, type Song } from '@kora/contracts';
import { apiRequest } from '../api/query-client';
import { toast } from '../ui/use-toast';

/**
 * Spec section 8: a local file that fails gets 'Audio Error'; an external preview gets
 * 'Preview Unavailable' once its recovery (a fresh URL, one retry) has failed too.
 */
export function reportAudioError(song: Song): void {
  if (song.isExternal) {
    toast({ variant: 'destructive', title: PREVIEW_UNAVAILABLE_TITLE, description: PREVIEW_UNAVAILABLE_MESSAGE });
    return;
  }
  toast({ variant: 'destructive', title: 'Audio Error', description: 'Failed to load audio file.' });
}

/** POST /api/songs/external-{trackId}/refresh-url, where the song's id is the trackId ('deezer-916424'). */
export function refreshUrlPath(song: Song): string {
  return `/api/songs/external-${encodeURIComponent(String(song.id))}/refresh-url`;
}

/**
 * Asks the server for a preview URL of an external song that works now (catalogue URLs are signed
 * and expire); rejects when the server cannot give one.
 */
export async function refreshPreviewUrl(song: Song): Promise<string> {
  const response = await apiRequest('POST', refreshUrlPath(song));
  const { freshUrl } = (await response.json()) as Partial<RefreshUrlResponse>;
  // Checked by hand: the web bundle leaves zod out.
  if (typeof freshUrl !== 'string' || freshUrl === '') throw new Error('The server sent no preview URL');
  return freshUrl;
}
