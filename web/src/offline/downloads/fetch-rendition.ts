import { DOWNLOAD_BITRATE_HEADER, type DownloadQuality } from '@kora/contracts';
import { getErrorMessage } from '../../api/error-message';
import { apiRequest } from '../../api/query-client';
import { isNetworkFailure } from '../kept-user';
import { downloadUrl } from './background-download-id';

export type FetchedRendition = { audio: Blob; bitrateKbps: number | null };
export type FetchRendition = (
  songId: number,
  quality: DownloadQuality,
  onProgress: (received: number, total: number | null) => void,
) => Promise<FetchedRendition>;

/** A refusal from the server (not Premium, the song gone): trying again will not help. */
export class DownloadRefused extends Error {}

/**
 * GET /api/songs/{id}/download?quality=…: the whole rendition in one 200 answer (never the player's
 * partial ranges), read chunk by chunk so the page can show how far it has come.
 */
export const fetchRendition: FetchRendition = async (songId, quality, onProgress) => {
  const res = await apiRequest('GET', downloadUrl(songId, quality)).catch((error: unknown) => {
    // No answer at all stays a TypeError (the download carries on later); an answer is a refusal.
    throw isNetworkFailure(error) ? error : new DownloadRefused(getErrorMessage(error), { cause: error });
  });
  const total = Number(res.headers.get('content-length')) || null;
  const bitrate = Number(res.headers.get(DOWNLOAD_BITRATE_HEADER));
  const type = res.headers.get('content-type') ?? 'audio/mpeg';
  const reader = res.body?.getReader();
  if (!reader) return { audio: await res.blob(), bitrateKbps: bitrate || null };
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress(received, total);
  }
  // A connection that ended early is not a song: nothing half-downloaded is kept.
  if (total !== null && received !== total) throw new TypeError('The download was cut off');
  return { audio: new Blob(chunks as BlobPart[], { type }), bitrateKbps: bitrate || null };
};
