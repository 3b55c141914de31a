import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares digests, so the time taken says nothing about the token's length or how much of it matched. */
function bearerMatches(authorization: string | undefined, expected: Buffer): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(authorization ?? '');
  return match !== null && timingSafeEqual(digest(match[1]!), expected);
}

/** `GET /metrics` on the app's own port, for a scraper that sends `Authorization: Bearer <token>`. */
export function registerMetricsRoute(app: FastifyInstance, registry: Registry, token: string): void {
  const expected = digest(token);
  // Public to the session guard: the bearer token, not a listener's session, authenticates it.
  app.get('/metrics', { config: { public: true } }, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, expected)) {
      return reply.code(401).header('www-authenticate', 'Bearer').send({ message: 'A valid metrics token is needed.' });
    }
    return reply.type(registry.contentType).header('cache-control', 'no-store').send(await registry.metrics());
  });
}

/**
 * A listener of its own for `GET /metrics`, without a token: for a port that only the monitoring
 * network can reach. It opens when the app is ready and closes with it.
 */
export function serveMetricsOnPort(app: FastifyInstance, registry: Registry, address: { host: string; port: number }): void {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('This port serves GET /metrics only.\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'metrics: scrape failed');
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Metrics could not be collected.\n');
      },
    );
  });
  app.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(address.port, address.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    app.log.info(`Metrics on http://${address.host}:${address.port}/metrics`);
  });
  app.addHook('onClose', async () => {
    if (!server.listening) return;
    // A scraper's keep-alive connection would hold the close until its idle timeout.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
  });
}
