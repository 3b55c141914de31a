/**
 * Statements whose effects no cached read shows, so they leave the caches of db/versioned-cache.ts
 * valid: plain SELECTs, the data meter's counts (features/data-usage/queries.ts), written every
 * few seconds while anyone streams and read only by GET /api/data-usage, which is never cached,
 * and a session's last seen (features/auth/queries.ts), moved every few minutes for each listener
 * and read only by GET /api/user/sessions, never cached either. Counting those as writes would
 * empty every cache every few seconds (bench/streaming.ts measured it: the stream route's sources
 * read again after each flush).
 */
const LEAVES_CACHES_VALID = /^\s*(?:select\b|insert\s+into\s+"data_usage"\s|update\s+"sessions"\s+set\s+"last_seen_at"\s*=\s*\$1\s+where\b)/i;

export function leavesCachesValid(statement: string): boolean {
  return LEAVES_CACHES_VALID.test(statement);
}
