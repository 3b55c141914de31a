import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { Unauthorized } from '../../http/errors.js';
import type { UserRow } from './queries.js';
import type { AuthService } from './service.js';
import { SESSION_COOKIE } from './session-token.js';

/** `true`: anyone may call the route; a function: the route decides per request (the SPA fallback). */
export type PublicAccess = true | ((request: FastifyRequest) => boolean);

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a session (sign-in, sign-up, health, the web app's pages and files). */
    public?: PublicAccess;
  }
  interface FastifyInstance {
    /** Every route the app registered, as the router matches it: for the guard's own tests and for logs. */
    readonly registeredRoutes: readonly RegisteredRoute[];
  }
}

export type RegisteredRoute = { method: string; url: string; isPublic: boolean };

/**
 * Private by default: every route needs a valid session unless its own config says `public`.
 * The decision comes from the route the router matched (its config), never from the request's
 * URL string, so no spelling of a path (percent-encoded letters, absolute form, dot segments)
 * can reach a private route without a session. A request that matches no route (the 404
 * handler) is private too. Runs on onRequest, before any body is read, so an anonymous upload
 * is refused at once.
 */
export function registerSessionGuard(app: FastifyInstance, auth: AuthService): void {
  // Kept as the router's own route objects: a plugin's later onRoute hook may still set `public`.
  const routes: { method: string; route: RouteOptions }[] = [];
  app.decorate('registeredRoutes', {
    getter: () => routes.map(({ method, route }) => ({ method, url: route.url, isPublic: route.config?.public !== undefined })),
  });
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) routes.push({ method, route });
  });

  app.decorateRequest('user', null);
  // A callback hook: a session found in the cache is answered without a promise (bench/auth-throughput.ts).
  app.addHook('onRequest', (request, _reply, done) => {
    const access = request.routeOptions.config.public;
    // A public route never reads the user, so it costs no session lookup.
    if (access === true || (typeof access === 'function' && access(request))) return done();
    const cached = auth.cachedUser(request.cookies[SESSION_COOKIE]);
    if (cached !== undefined) {
      request.user = cached;
      return done();
    }
    sessionUser(request, auth).then((user) => {
      request.user = user;
      done(user === null ? new Unauthorized() : undefined);
    }, done);
  });
}

/** The user of the request's session cookie, or null without a valid one. */
export async function sessionUser(request: FastifyRequest, auth: AuthService): Promise<UserRow | null> {
  const token = request.cookies[SESSION_COOKIE];
  return token === undefined ? null : ((await auth.authenticate(token)) ?? null);
}

/** The signed-in user of a route behind the guard. */
export function currentUser(request: FastifyRequest): UserRow {
  if (request.user === null) throw new Unauthorized();
  return request.user;
}
