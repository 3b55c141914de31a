import type { Health } from '@kora/contracts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import type { MediaStorage } from '../../media/storage.js';

export async function healthRoutes(app: FastifyInstance, deps: { database: Database; storage: MediaStorage }) {
  app.get('/api/health', { config: { public: true } }, async (_request, reply) => {
    const [database, media] = await Promise.all([
      probe(deps.database.kind, () => deps.database.ping()),
      probe(deps.storage.kind, () => deps.storage.check()),
    ]);
    const body: Health = { status: database.ok && media.ok ? 'ok' : 'degraded', database, media };
    return reply.status(body.status === 'ok' ? 200 : 503).header('cache-control', 'no-store').send(body);
  });
}

async function probe(kind: string, check: () => Promise<void>) {
  try {
    await check();
    return { ok: true, kind };
  } catch (error) {
    return { ok: false, kind, message: error instanceof Error ? error.message : String(error) };
  }
}
