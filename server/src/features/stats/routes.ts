import type { FastifyInstance } from 'fastify';
import { createVersionedCache } from '../../db/versioned-cache.js';
import { NotFound } from '../../http/errors.js';
import { currentUser } from '../auth/session-guard.js';
import type { StatsQueries } from './queries.js';

type Deps = { stats: StatsQueries; writeVersion: (() => number) | undefined };

export async function statsRoutes(app: FastifyInstance, { stats, writeVersion }: Deps) {
  // Asked again on every Profile opening and after every like, play or playlist: answered from
  // memory, as serialized JSON, until the next database write (db/versioned-cache.ts).
  const answers = createVersionedCache<string>({ name: 'stats', writeVersion, maxEntries: 2_000, ttlMs: 60_000 });

  app.get('/api/user/stats', async (request, reply) => {
    const userId = currentUser(request).id;
    const json = await answers.get(`stats:${userId}`, async () => {
      const found = await stats.findUserStats(userId);
      // Only when the account was deleted after its session was checked.
      if (!found) throw new NotFound('User not found');
      return JSON.stringify(found);
    });
    return reply.type('application/json; charset=utf-8').send(json);
  });
}
