import type { Redis } from 'ioredis';
import { type AttemptLimit, type AttemptLimiter, createMemoryAttemptLimiter, createRedisAttemptLimiter } from '../two-factor/attempt-limiter.js';

/**
 * Links e-mailed per address (a forgotten password, a change's new address) and per account (a
 * confirmation sent again, a change): a few in a quarter of an hour, enough for a mail that was
 * slow or went to spam, too few to fill an inbox.
 */
export const LINK_MAIL_LIMIT: AttemptLimit = { max: 3, windowMs: 15 * 60_000 };

/** Shared by every server process through Redis when there is one, like the sign-in limit. */
export function createLinkMailLimiter(redis: Redis | undefined): AttemptLimiter {
  return redis ? createRedisAttemptLimiter(redis, LINK_MAIL_LIMIT, 'kora-link-mails:') : createMemoryAttemptLimiter(LINK_MAIL_LIMIT);
}
