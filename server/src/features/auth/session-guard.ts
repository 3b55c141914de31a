import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Unauthorized } from '../../http/errors.js';
import type { UserRow } from './queries.js';
import type { AuthService } from './service.js';
import { SESSION_COOKIE } from './session-token.js';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a session (sign-in, sign-up, health). */
    public?: boolean;
  }
}

/**
 * Every /api route needs a valid session unless it says `config: { public: true }`.
 * Runs on onRequest, before any body is read, so an anonymous upload is refused at once.
 */
export function registerSessionGuard(app: FastifyInstance, auth: AuthService): void {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') && request.url !== '/api') return;
    const token = request.cookies[SESSION_COOKIE];
    if (token !== undefined) request.user = (await auth.authenticate(token)) ?? null;
    // Only an API route can make an /api path public: the SPA's public catch-all does not.
    const isPublic = request.routeOptions.config.public && request.routeOptions.url?.startsWith('/api/');
    if (request.user === null && !isPublic) {
      throw new Unauthorized();
    }
  });
}

/** The signed-in user of a route behind the guard. */
export function currentUser(request: FastifyRequest): UserRow {
  if (request.user === null) throw new Unauthorized();
  return request.user;
}
