import { offlinePlaysRequestSchema, recordPlayRequestSchema } from '@kora/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routeRateLimit } from '../../http/rate-limit.js';
import { parseInput } from '../../http/validate.js';
import { currentUser } from '../auth/session-guard.js';
import { parseLocalSongId } from '../songs/catalogue-id.js';
import type { OfflinePlayService } from './offline-plays.js';
import { EXTERNAL_PLAY_MESSAGE, type PlayService } from './service.js';

/**
 * Play reports a listener may send per minute. The player sends one per song heard for 30
 * seconds or more, so a real listener sends at most two a minute; the limit only stops floods.
 */
export const PLAY_REPORTS_PER_MINUTE = 30;
export const PLAY_RATE_LIMIT_MESSAGE = 'Too many plays reported. Please wait a minute and try again.';

/**
 * Batches of plays made offline a listener may send per minute. The app sends its queue when the
 * network returns, up to 100 plays a batch, so a real listener sends a few; the limit stops floods.
 */
export const OFFLINE_PLAY_BATCHES_PER_MINUTE = 10;
export const OFFLINE_PLAY_RATE_LIMIT_MESSAGE = 'Too many offline plays sent. Please wait a minute and try again.';

export async function playRoutes(app: FastifyInstance, { plays, offlinePlays }: { plays: PlayService; offlinePlays: OfflinePlayService }) {
  // Per listener, not per address: many listeners share one mobile carrier's address. The
  // session guard has already refused requests without a user.
  const perListener = (prefix: string) => (request: FastifyRequest) => `${prefix}:user:${currentUser(request).id}`;
  const rateLimit = {
    ...routeRateLimit({ max: PLAY_REPORTS_PER_MINUTE, windowMs: 60_000 }, PLAY_RATE_LIMIT_MESSAGE),
    keyGenerator: perListener('plays'),
  };
  const offlineRateLimit = {
    ...routeRateLimit({ max: OFFLINE_PLAY_BATCHES_PER_MINUTE, windowMs: 60_000 }, OFFLINE_PLAY_RATE_LIMIT_MESSAGE),
    keyGenerator: perListener('offline-plays'),
  };

  app.post<{ Params: { id: string } }>('/api/songs/:id/play', { config: { rateLimit } }, async (request) => {
    const songId = parseLocalSongId(request.params.id, EXTERNAL_PLAY_MESSAGE);
    const body = parseInput(recordPlayRequestSchema, request.body);
    return plays.recordPlay(currentUser(request).id, songId, body);
  });

  app.post('/api/plays/offline', { config: { rateLimit: offlineRateLimit } }, async (request) => {
    const body = parseInput(offlinePlaysRequestSchema, request.body);
    return offlinePlays.recordOfflinePlays(currentUser(request).id, body);
  });
}
