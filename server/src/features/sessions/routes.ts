import { deviceSessionParamsSchema } from '@kora/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routeRateLimit } from '../../http/rate-limit.js';
import { parseInput } from '../../http/validate.js';
import { currentUser } from '../auth/session-guard.js';
import { hashSessionToken, SESSION_COOKIE } from '../auth/session-token.js';
import type { SessionService } from './service.js';

/** Opening the list: Settings asks once per opening, so a minute's worth only stops floods. */
export const SESSION_LISTS_PER_MINUTE = 60;
/** Sign-outs: a listener signs out a few devices at most. */
export const SESSION_SIGN_OUTS_PER_MINUTE = 20;
export const SESSIONS_RATE_LIMIT_MESSAGE = 'Too many requests about your devices. Please wait a minute and try again.';

/** The asking session, as the guard already found it valid. */
function currentTokenHash(request: FastifyRequest): string {
  return hashSessionToken(request.cookies[SESSION_COOKIE]!);
}

export async function sessionRoutes(app: FastifyInstance, { sessions }: { sessions: SessionService }) {
  // Per listener, not per address: many listeners share one mobile carrier's address.
  const perListener = (name: string, max: number) => ({
    ...routeRateLimit({ max, windowMs: 60_000 }, SESSIONS_RATE_LIMIT_MESSAGE),
    keyGenerator: (request: FastifyRequest) => `${name}:user:${currentUser(request).id}`,
  });
  const signOutLimit = perListener('session-sign-outs', SESSION_SIGN_OUTS_PER_MINUTE);

  app.get('/api/user/sessions', { config: { rateLimit: perListener('session-lists', SESSION_LISTS_PER_MINUTE) } }, async (request) =>
    sessions.listSessions(currentUser(request), currentTokenHash(request)),
  );

  app.delete('/api/user/sessions/:id', { config: { rateLimit: signOutLimit } }, async (request, reply) => {
    const { id } = parseInput(deviceSessionParamsSchema, request.params);
    const result = await sessions.signOut(currentUser(request), id, currentTokenHash(request));
    // Signing out this device from its own list is signing out.
    if (result.currentSignedOut) reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return result;
  });

  app.post('/api/user/sessions/sign-out-others', { config: { rateLimit: signOutLimit } }, async (request) =>
    sessions.signOutOthers(currentUser(request), currentTokenHash(request)),
  );
}
