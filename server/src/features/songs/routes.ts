import { renditionQualityLabel, STREAM_RENDITION_HEADER, streamQuerySchema } from '@kora/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { NotFound, ServiceUnavailable } from '../../http/errors.js';
import { parseInput } from '../../http/validate.js';
import type { MediaStorage } from '../../media/storage.js';
import { currentUser } from '../auth/session-guard.js';
import { serveObject } from '../media/serve-object.js';
import { presentSong } from './presenter.js';
import type { SongQueries, SongWithCredits, StreamSource } from './queries.js';
import { chooseRendition, originalFitsPlan } from './rendition-choice.js';
import { resolveListenerPlan } from '../subscription/listener-plan.js';
import { parseLocalSongId } from './catalogue-id.js';
import { createVersionedCache } from '../../db/versioned-cache.js';
import { type SharedAnswer, sendSharedAnswer, sharedAnswer } from '../../http/shared-answer.js';

const listQuerySchema = z.object({
  limit: z.coerce.number().int().min(1, 'limit must be at least 1').max(200, 'limit must be at most 200').default(100),
  offset: z.coerce.number().int().min(0, 'offset must not be negative').default(0),
});

const shortListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1, 'limit must be at least 1').max(50, 'limit must be at most 50').default(20),
});

// The same URL serves a different file when the plan or the renditions change, so the
// browser revalidates (a cheap 304 while the chosen file is the same) instead of keeping it.
const STREAM_CACHE_CONTROL = 'private, no-cache';

export const STILL_PREPARING_MESSAGE = 'This song is still being prepared. Try again in a minute.';

type Deps = { songs: SongQueries; storage: MediaStorage; writeVersion: (() => number) | undefined };

export async function songRoutes(app: FastifyInstance, { songs, storage, writeVersion }: Deps) {
  // The home page's lists are read far more often than anything is written: answered from
  // memory until the next write (db/versioned-cache.ts), as serialized JSON.
  const lists = createVersionedCache<SharedAnswer>({ name: 'song-lists', writeVersion, maxEntries: 64, ttlMs: 60_000 });
  const recents = createVersionedCache<string>({ name: 'recently-played', writeVersion, maxEntries: 1_000, ttlMs: 60_000 });
  const streamSources = createVersionedCache<StreamSource | undefined>({ name: 'stream-sources', writeVersion, maxEntries: 10_000, ttlMs: 600_000 });
  const asJson = async (rows: Promise<SongWithCredits[]>) => JSON.stringify((await rows).map((row) => presentSong(row)));
  const sendJson = (reply: FastifyReply, json: string) => reply.type('application/json; charset=utf-8').send(json);
  // The catalogue and trending are the same for every listener: sent with a validator (http/shared-answer.ts).
  const asSharedAnswer = async (rows: Promise<SongWithCredits[]>) => sharedAnswer(await asJson(rows));

  app.get('/api/songs', async (request, reply) => {
    const { limit, offset } = parseInput(listQuerySchema, request.query);
    return sendSharedAnswer(request, reply, await lists.get(`songs:${limit}:${offset}`, () => asSharedAnswer(songs.listLiveSongs(limit, offset))));
  });

  app.get('/api/songs/recently-played', async (request, reply) => {
    const { limit } = parseInput(shortListQuerySchema, request.query);
    const userId = currentUser(request).id;
    return sendJson(reply, await recents.get(`${userId}:${limit}`, () => asJson(songs.listRecentlyPlayed(userId, limit))));
  });

  app.get('/api/songs/trending', async (request, reply) => {
    const { limit } = parseInput(shortListQuerySchema, request.query);
    const load = () => asSharedAnswer(songs.listTrending(limit));
    return sendSharedAnswer(request, reply, await lists.get(`trending:${limit}`, load));
  });

  app.get<{ Params: { id: string } }>('/api/songs/:id/stream', async (request, reply) => {
    const id = parseLocalSongId(request.params.id, 'External songs play through the audio proxy.');
    const { quality, codecs } = parseInput(streamQuerySchema, request.query);
    const userId = currentUser(request).id;
    const source = await streamSources.get(`${id}:${userId}`, () => songs.findStreamSource(id, userId));
    if (!source?.fileKey) throw new NotFound('Song not found');
    const plan = resolveListenerPlan(source.subscription, new Date());
    const rendition = chooseRendition(source.renditions, plan, quality, codecs);
    reply.countSentBytes('stream', renditionQualityLabel(rendition));
    reply.header(STREAM_RENDITION_HEADER, rendition ? `${rendition.codec} ${rendition.bitrateKbps}` : 'original');
    if (rendition) return serveObject(storage, rendition.fileKey, request, reply, STREAM_CACHE_CONTROL);
    // A file gone missing passes here and gets serveObject's 404.
    const sizeBytes = source.fileSize ?? (await storage.stat(source.fileKey))?.size ?? 0;
    if (!originalFitsPlan({ sizeBytes, durationSeconds: source.duration }, plan)) {
      // Its renditions are on their way (jobs/rendition-backfill.ts, process-release.ts).
      reply.header('retry-after', '60');
      throw new ServiceUnavailable(STILL_PREPARING_MESSAGE);
    }
    return serveObject(storage, source.fileKey, request, reply, STREAM_CACHE_CONTROL);
  });
}
