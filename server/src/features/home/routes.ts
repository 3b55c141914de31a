import { songPageQuerySchema } from '@kora/contracts';
import type { FastifyInstance } from 'fastify';
import { createVersionedCache } from '../../db/versioned-cache.js';
import { type SharedAnswer, sendSharedAnswer, sharedAnswer } from '../../http/shared-answer.js';
import { parseInput } from '../../http/validate.js';
import { currentUser } from '../auth/session-guard.js';
import type { HomeService } from './home-service.js';

type Deps = { home: HomeService; writeVersion: (() => number) | undefined };

/**
 * GET /api/home answers Home's first screen and shelves in one request (a phone on a slow link
 * pays a round trip per request). GET /api/songs/browse pages 'Browse all' after the first page
 * the home answer carries.
 */
export async function homeRoutes(app: FastifyInstance, { home, writeVersion }: Deps) {
  const pages = createVersionedCache<SharedAnswer>({ name: 'home-pages', writeVersion, maxEntries: 200, ttlMs: 60_000 });

  // The listener's own plays and playlists: the API's `private, no-store` stays.
  app.get('/api/home', async (request) => home.homeFor(currentUser(request).id));

  app.get('/api/songs/browse', async (request, reply) => {
    const { limit, cursor } = parseInput(songPageQuerySchema, request.query);
    const load = async () => sharedAnswer(JSON.stringify(await home.browsePage(cursor, limit)));
    return sendSharedAnswer(request, reply, await pages.get(`${limit}:${cursor ?? ''}`, load));
  });
}
