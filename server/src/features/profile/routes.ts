import { updateProfileRequestSchema } from '@kora/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type RequestLimit, routeRateLimit } from '../../http/rate-limit.js';
import { parseInput } from '../../http/validate.js';
import { currentUser } from '../auth/session-guard.js';
import { profileChanges, type ProfileService } from './service.js';

type ProfileRouteOptions = { profile: ProfileService; rateLimit: RequestLimit };

export async function profileRoutes(app: FastifyInstance, { profile, rateLimit }: ProfileRouteOptions) {
  // Rate limited like sign-in, but only a request that changes the e-mail counts: that one checks
  // a password and tells whether an address has an account, so it must not become a guessing or
  // an enumeration oracle. Names, bio and phone stay free to edit. It runs on preHandler because
  // the decision needs the session's user and the parsed body.
  const emailChangeLimit = {
    ...routeRateLimit(rateLimit),
    hook: 'preHandler' as const,
    allowList: (request: FastifyRequest) => !changesEmail(request),
  };

  app.patch('/api/user/profile', { config: { rateLimit: emailChangeLimit } }, async (request) =>
    profile.updateProfile(currentUser(request), parseInput(updateProfileRequestSchema, request.body)),
  );
}

function changesEmail(request: FastifyRequest): boolean {
  const parsed = updateProfileRequestSchema.safeParse(request.body ?? {});
  return parsed.success && request.user !== null && profileChanges(request.user, parsed.data).email !== undefined;
}
