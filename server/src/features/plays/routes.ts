import { recordPlayRequestSchema } from '@kora/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routeRateLimit } from '../../http/rate-limit.js';
import { parseInput } from '../../http/validate.js';
import { currentUser } from '../auth/session-guard.js';
import { parseLocalSongId } from '../songs/catalogue-id.js';
import { EXTERNAL_PLAY_MESSAGE, type PlayService } from './service.js';

/**
 * Play reports a listener may send per minute. The player sends one per song heard for 30
 * seconds or more, so a real listener sends at most two a minute; the limit only stops floods.
 */
export const PLAY_REPORTS_PER_MINUTE = 30;
export const PLAY_RATE_LIMIT_MESSAGE = 'Too many plays reported. Please wait a minute and try again.';

export async function playRoutes(app: FastifyInstance, { plays }: { plays: PlayService }) {
  const rateLimit = {
    ...routeRateLimit({ max: PLAY_REPORTS_PER_MINUTE, windowMs: 60_000 }, PLAY_RATE_LIMIT_MESSAGE),
    // Per listener, not per address: many listeners share one mobile carrier's address. The
    // session guard has already refused requests without a user.
    keyGenerator: (request: FastifyRequest) => `plays:user:${currentUser(request).id}`,
  };

  app.post<{ Params: { id: string } }>('/api/songs/:id/play', { config: { rateLimit } }, async (request) => {
    const songId = parseLocalSongId(request.params.id, EXTERNAL_PLAY_MESSAGE);
    const body = parseInput(recordPlayRequestSchema, request.body);
    return plays.recordPlay(currentUser(request).id, songId, body);
  });
}
