import type { RecordPlayRequest, RecordPlayResponse } from '@kora/contracts';
import type { QueryClient } from '@tanstack/react-query';
import type { QualifiedPlay } from './play-tracker';

/** What a counted play changes (spec section 7: recently played, trending, stats and the songs' play counts). */
export const PLAY_REFRESH_KEYS = [
  ['/api/songs', 'recently-played'],
  ['/api/songs', 'trending'],
  ['/api/user/stats'],
  ['/api/songs'],
] as const;

/** Minutes to two decimals: the server counts seconds, nobody needs a finer fraction. */
export function toMinutesPlayed(secondsPlayed: number): number {
  return Math.round((secondsPlayed / 60) * 100) / 100;
}

/**
 * POST /api/songs/{id}/play with minutesPlayed. keepalive lets the request outlive the page,
 * so the song playing when the tab closes still counts.
 */
export async function recordPlay(queryClient: QueryClient, { songId, secondsPlayed }: QualifiedPlay): Promise<void> {
  const body: RecordPlayRequest = { minutesPlayed: toMinutesPlayed(secondsPlayed) };
  const res = await fetch(`/api/songs/${encodeURIComponent(String(songId))}/play`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'include',
    keepalive: true,
  });
  if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
  const result = (await res.json()) as RecordPlayResponse;
  if (!result.recorded) return;
  await Promise.all(PLAY_REFRESH_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
