import type { OfflinePlaysResponse } from '@kora/contracts';
import type { SentPlay, SentPlayResult } from './offline-play-queue';

/** POST /api/plays/offline: a batch of plays heard with no network. Throws unless the server answered it. */
export async function sendOfflinePlays(plays: SentPlay[]): Promise<SentPlayResult[]> {
  const res = await fetch('/api/plays/offline', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ plays }),
    credentials: 'include',
  });
  if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
  // Read as typed, not through zod: the player loads this with the first screen, and zod is heavy.
  const { results } = (await res.json()) as OfflinePlaysResponse;
  if (!Array.isArray(results)) throw new Error('The server answered the plays without results');
  return results;
}

/** fetch rejects with a TypeError when no answer came at all: no network, or the connection dropped. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError;
}
