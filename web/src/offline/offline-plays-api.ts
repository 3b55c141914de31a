import type { OfflinePlaysResponse } from '@kora/contracts';
import { apiRequest } from '../api/query-client';
import type { SentPlay, SentPlayResult } from './offline-play-queue';

/** POST /api/plays/offline: a batch of plays heard with no network. Throws unless the server answered it. */
export async function sendOfflinePlays(plays: SentPlay[]): Promise<SentPlayResult[]> {
  const res = await apiRequest('POST', '/api/plays/offline', { plays });
  // Read as typed, not through zod: the player loads this with the first screen, and zod is heavy.
  const { results } = (await res.json()) as OfflinePlaysResponse;
  if (!Array.isArray(results)) throw new Error('The server answered the plays without results');
  return results;
}
