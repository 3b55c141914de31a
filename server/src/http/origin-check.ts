import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Forbidden } from './errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Called by another service's servers (a payment provider's webhook), which authenticate by
     * their own signature and carry no browser's cookies: the Origin check does not apply.
     */
    crossSite?: true;
  }
}

/**
 * Refuses state-changing requests sent by another site's page (CSRF). Browsers always send
 * Origin on cross-origin POST/PATCH/DELETE and Sec-Fetch-Site where supported; clients that
 * are not browsers send neither and carry no ambient cookie risk.
 */
export function registerOriginCheck(app: FastifyInstance, options: { publicOrigin: string | undefined }): void {
  // A callback hook, like the other checks every request passes: no promise per request.
  app.addHook('onRequest', (request, _reply, done) => {
    // Decided from the route the router matched, never from the URL string.
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config.crossSite === true) return done();
    if (request.headers['sec-fetch-site'] === 'cross-site') return done(new Forbidden('Cross-site requests are not allowed.'));
    const origin = request.headers.origin;
    if (origin !== undefined && !isAllowedOrigin(origin, request, options.publicOrigin)) {
      return done(new Forbidden('Requests from another origin are not allowed.'));
    }
    done();
  });
}

function isAllowedOrigin(origin: string, request: FastifyRequest, publicOrigin: string | undefined): boolean {
  if (publicOrigin !== undefined && origin === publicOrigin) return true;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false;
  }
  return host === request.host;
}
