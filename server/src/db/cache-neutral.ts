/**
 * Statements whose effects no cached read shows, so they leave the caches of db/versioned-cache.ts
 * valid: plain SELECTs, and the data meter's counts (features/data-usage/queries.ts), written every
 * few seconds while anyone streams and read only by GET /api/data-usage, which is never cached.
 * Counting those as writes would empty every cache every few seconds (bench/streaming.ts measured
 * it: the stream route's sources read again after each flush).
 */
const LEAVES_CACHES_VALID = /^\s*(?:select\b|insert\s+into\s+"data_usage"\s)/i;

export function leavesCachesValid(statement: string): boolean {
  return LEAVES_CACHES_VALID.test(statement);
}
