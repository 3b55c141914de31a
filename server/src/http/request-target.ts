import type { FastifyInstance } from 'fastify';
import { BadRequest } from './errors.js';

export const OTHER_HOST_MESSAGE = 'This server answers only for its own host.';

/**
 * A request line may name a whole URL (absolute form, RFC 9112 §3.2.2), which is meant for
 * proxies; the router reads only its path. Kora answers such a request only when it names this
 * server's own host, so it cannot be used as a proxy or to confuse host-based rules.
 */
export function registerRequestTargetCheck(app: FastifyInstance): void {
  // A callback hook, like the other checks every request passes: no promise per request.
  app.addHook('onRequest', (request, _reply, done) => {
    const target = request.url;
    if (target.startsWith('/')) return done();
    let host: string;
    try {
      host = new URL(target).host;
    } catch {
      return done(new BadRequest('That request target is not valid.'));
    }
    done(host.toLowerCase() === request.headers.host?.toLowerCase() ? undefined : new BadRequest(OTHER_HOST_MESSAGE));
  });
}
