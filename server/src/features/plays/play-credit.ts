import { PLAY_COUNT_THRESHOLD_SECONDS } from '@kora/contracts';

/**
 * Seconds of a song a listener is credited with: what the player reports, rounded, never
 * more than the song lasts. A play counts only from the spec's 30-second threshold.
 */
export function creditPlay(minutesPlayed: number | undefined, songDurationSeconds: number | null): { seconds: number; counts: boolean } {
  if (minutesPlayed === undefined) return { seconds: 0, counts: false };
  const reported = Math.round(minutesPlayed * 60);
  const seconds = songDurationSeconds === null ? reported : Math.min(reported, songDurationSeconds);
  return { seconds, counts: seconds >= PLAY_COUNT_THRESHOLD_SECONDS };
}
