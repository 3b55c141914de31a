import path from 'node:path';
import { DOWNLOAD_BITRATE_HEADER, downloadQuerySchema, renditionQualityLabel } from '@kora/contracts';
import type { FastifyInstance } from 'fastify';
import { Forbidden, NotFound } from '../../http/errors.js';
import { parseInput } from '../../http/validate.js';
import type { MediaStorage } from '../../media/storage.js';
import { currentUser } from '../auth/session-guard.js';
import { serveObject } from '../media/serve-object.js';
import { resolveListenerPlan } from '../subscription/listener-plan.js';
import { parseLocalSongId } from './catalogue-id.js';
import type { SongQueries } from './queries.js';
import { chooseRendition } from './rendition-choice.js';

export const DOWNLOADS_PREMIUM_MESSAGE = 'Downloads are a Premium feature.';

/**
 * GET /api/songs/{id}/download?quality=low|medium|high: Premium only (the free plan streams and
 * never keeps files). The file is the best rendition Premium allows within the download quality
 * (high: 320 kbps MP3 when the source has it), which any device plays and which carries none of the
 * uploader's tags; when none is that low, the lowest rendition; the original only while a song has
 * no rendition yet. X-Kora-Bitrate says the kbps of a rendition served, so the app can show the
 * quality it keeps.
 */
export async function songDownloadRoute(app: FastifyInstance, { songs, storage }: { songs: SongQueries; storage: MediaStorage }) {
  app.get<{ Params: { id: string } }>('/api/songs/:id/download', async (request, reply) => {
    const id = parseLocalSongId(request.params.id, 'External songs cannot be downloaded.');
    const { quality } = parseInput(downloadQuerySchema, request.query);
    const source = await songs.findStreamSource(id, currentUser(request).id);
    if (!source?.fileKey) throw new NotFound('Song not found');
    if (resolveListenerPlan(source.subscription, new Date()) !== 'premium') throw new Forbidden(DOWNLOADS_PREMIUM_MESSAGE);
    const rendition =
      chooseRendition(source.renditions, 'premium', quality) ?? chooseRendition(source.renditions, 'premium', 'data-saver');
    const key = rendition?.fileKey ?? source.fileKey;
    reply.countSentBytes('download', renditionQualityLabel(rendition));
    if (rendition) reply.header(DOWNLOAD_BITRATE_HEADER, String(rendition.bitrateKbps));
    reply.header('content-disposition', attachmentDisposition(source.title, path.extname(key)));
    // The file behind the URL changes when renditions arrive or the plan lapses: revalidate.
    return serveObject(storage, key, request, reply, 'private, no-cache');
  });
}

/**
 * Content-Disposition naming the file after the song (RFC 6266): an ASCII fallback without
 * quotes, slashes or control characters, and the exact title in UTF-8 (RFC 8187) for browsers.
 */
export function attachmentDisposition(title: string, extension: string): string {
  const safe = title.replace(/[\p{Cc}"\\/:*?<>|]+/gu, ' ').replace(/\s+/g, ' ').trim() || 'song';
  const ascii = safe.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/\s+/g, ' ').trim() || 'song';
  const utf8 = encodeURIComponent(`${safe}${extension}`).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}${extension}"; filename*=UTF-8''${utf8}`;
}
