import type { Health, Readiness } from '@kora/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import type { Database } from '../../db/client.js';
import type { MediaStorage } from '../../media/storage.js';

type Deps = { database: Database; storage: MediaStorage };

/**
 * Public, for balancers and uptime checks: `/api/health` says only whether the server can serve;
 * `/api/health/ready` says which dependency fails, and names the kinds and errors only to a caller
 * on this machine, so the public answer tells an attacker nothing about how the server is built.
 */
export async function healthRoutes(app: FastifyInstance, deps: Deps) {
  app.get('/api/health', { config: { public: true } }, async (_request, reply) => {
    const [database, media] = await probeAll(deps);
    const body: Health = { status: database.ok && media.ok ? 'ok' : 'degraded' };
    return reply.status(body.status === 'ok' ? 200 : 503).send(body);
  });

  app.get('/api/health/ready', { config: { public: true } }, async (request, reply) => {
    const [database, media] = await probeAll(deps);
    for (const failed of [database, media].filter((component) => !component.ok)) {
      request.log.warn({ component: failed.kind, reason: failed.message }, 'readiness check failed');
    }
    const detail = isLocalCaller(request);
    const shown = (component: Probe) => (detail ? component : { ok: component.ok });
    const body: Readiness = { status: database.ok && media.ok ? 'ok' : 'degraded', database: shown(database), media: shown(media) };
    return reply.status(body.status === 'ok' ? 200 : 503).send(body);
  });
}

type Probe = { ok: boolean; kind: string; message?: string };

/** The database's and the media store's probes, in that order. */
function probeAll({ database, storage }: Deps): Promise<[Probe, Probe]> {
  return Promise.all([probe(database.kind, () => database.ping()), probe(storage.kind, () => storage.check())]);
}

async function probe(kind: string, check: () => Promise<void>): Promise<Probe> {
  try {
    await check();
    return { ok: true, kind };
  } catch (error) {
    return { ok: false, kind, message: error instanceof Error ? error.message : String(error) };
  }
}

/** The socket's own peer (never X-Forwarded-For, which a client can write) is a loopback address. */
function isLocalCaller(request: FastifyRequest): boolean {
  const address = request.socket.remoteAddress;
  if (address === undefined || !ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return parsed.range() === 'loopback';
}
