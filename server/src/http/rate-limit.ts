import { TooManyRequests } from './errors.js';

/** So many requests a window: a setting such as AUTH_RATE_LIMIT_*, or a route's own constant. */
export type RequestLimit = { max: number; windowMs: number };

/**
 * A route's @fastify/rate-limit options (its `config.rateLimit`): `max` requests a window, refused with
 * the app's own 429 and `message`. A route adds what is its own (keyGenerator, hook, allowList).
 */
export function routeRateLimit({ max, windowMs }: RequestLimit, message?: string) {
  return { max, timeWindow: windowMs, errorResponseBuilder: () => new TooManyRequests(message) };
}
