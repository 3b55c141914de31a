import type { Health, Liveness, Readiness } from '@kora/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import ipaddr from 'ipaddr.js';
import type { Database } from '../../db/client.js';
import type { MediaStorage } from '../../media/storage.js';
import type { ServingState } from './serving-state.js';

type Deps = { database: Database; storage: MediaStorage; redis?: Redis; serving: ServingState };

/** A dependency that has not answered by then counts as down: a balancer's check must not hang with it. */
const PROBE_TIMEOUT_MS = 2_000;

/**
 * Public, for balancers and uptime checks. `/api/health/live` says only that the process answers
 * (restart it if not); `/api/health/ready` whether it should get work: every dependency answers and
 * it is not draining. It names the kinds and errors only to a caller on this machine, so the public
 * answer tells an attacker nothing about how the server is built. `/api/health` is the summary
 * uptime checks have used since the first release.
 */
export async function healthRoutes(app: FastifyInstance, deps: Deps) {
  app.get('/api/health', { config: { public: true } }, async (_request, reply) => {
    const probes = await probeAll(deps);
    const body: Health = { status: probes.every((p) => p?.ok ?? true) ? 'ok' : 'degraded' };
    return reply.status(body.status === 'ok' ? 200 : 503).send(body);
  });

  app.get('/api/health/live', { config: { public: true } }, async () => {
    const body: Liveness = { status: 'ok' };
    return body;
  });

  app.get('/api/health/ready', { config: { public: true } }, async (request, reply) => {
    const [database, media, redis] = await probeAll(deps);
    for (const failed of [database, media, redis].filter((component) => component && !component.ok)) {
      request.log.warn({ component: failed!.kind, reason: failed!.message }, 'readiness check failed');
    }
    const detail = isLocalCaller(request);
    const shown = (component: Probe) => (detail ? component : { ok: component.ok });
    const healthy = database.ok && media.ok && (redis?.ok ?? true);
    const body: Readiness = {
      status: deps.serving.draining ? 'draining' : healthy ? 'ok' : 'degraded',
      database: shown(database),
      media: shown(media),
      ...(redis ? { redis: shown(redis) } : {}),
    };
    return reply.status(body.status === 'ok' ? 200 : 503).send(body);
  });
}

type Probe = { ok: boolean; kind: string; message?: string };

/** The database's and the media store's probes, then Redis's when it is configured. */
function probeAll({ database, storage, redis }: Deps): Promise<[Probe, Probe, Probe?]> {
  return Promise.all([
    probe(database.kind, () => database.ping()),
    probe(storage.kind, () => storage.check()),
    ...(redis ? [probe('redis', async () => void (await redis.ping()))] : []),
  ]) as Promise<[Probe, Probe, Probe?]>;
}

async function probe(kind: string, check: () => Promise<void>): Promise<Probe> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return { ok: true, kind };
  } catch (error) {
    return { ok: false, kind, message: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

/** The socket's own peer (never X-Forwarded-For, which a client can write) is a loopback address. */
function isLocalCaller(request: FastifyRequest): boolean {
  const address = request.socket.remoteAddress;
  if (address === undefined || !ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return parsed.range() === 'loopback';
}
