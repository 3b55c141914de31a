import { PLAY_COUNT_THRESHOLD_SECONDS } from '@kora/contracts';

/**
 * How much later one report may reach the server than the listening it closes, compared with the
 * report before it: a slow mobile connection can hold a request back a few seconds, and a song's
 * stored length is rounded to the second. Without it a real listener who skips a song just after
 * 30 seconds, or plays one on repeat, could be refused.
 */
export const REPORT_DELAY_TOLERANCE_SECONDS = 5;

/** Seconds a report claims: what the player heard, rounded, never more than the song lasts. */
export function claimedSeconds(minutesPlayed: number | undefined, songDurationSeconds: number | null): number {
  if (minutesPlayed === undefined) return 0;
  const reported = Math.round(minutesPlayed * 60);
  return songDurationSeconds === null ? reported : Math.min(reported, songDurationSeconds);
}

/**
 * A song counts at most once per listener within its length: a second counted play of it needs
 * that long since the last one. A song of unknown length lasts, as far as anyone knows, what this
 * report claims to have heard of it.
 */
export function sameSongWindowSeconds(claimed: number, songDurationSeconds: number | null): number {
  return Math.max(0, (songDurationSeconds ?? claimed) - REPORT_DELAY_TOLERANCE_SECONDS);
}

export type ListeningHistory = {
  /** When the report arrived: the end of the listening it claims. */
  now: Date;
  /** When the listener's last counted play (of any song) was reported, the end of what it credited. */
  lastPlayAt: Date | null;
  /** When the listener's last counted play of this song was reported. */
  lastPlayOfSongAt: Date | null;
};

/**
 * The seconds a report is credited with, and whether it counts as a play.
 *
 * A report of S seconds claims the listening in [now - S, now]. A listener hears one thing at a
 * time, so it is credited with no more than has passed since their last counted play ended: the
 * seconds credited across all songs can never exceed the time on the clock, however many reports
 * are sent. It counts when the claim reaches the spec's 30-second threshold, the clock left room
 * for it (within the delay tolerance), and the same song did not count within its length.
 */
export function creditPlay(
  report: { minutesPlayed: number | undefined; songDurationSeconds: number | null },
  history: ListeningHistory,
): { seconds: number; counts: boolean } {
  const claimed = claimedSeconds(report.minutesPlayed, report.songDurationSeconds);
  const secondsSince = (at: Date | null) => (at === null ? Infinity : Math.floor((history.now.getTime() - at.getTime()) / 1000));
  const seconds = Math.max(0, Math.min(claimed, secondsSince(history.lastPlayAt)));
  const counts =
    claimed >= PLAY_COUNT_THRESHOLD_SECONDS &&
    seconds >= PLAY_COUNT_THRESHOLD_SECONDS - REPORT_DELAY_TOLERANCE_SECONDS &&
    secondsSince(history.lastPlayOfSongAt) >= sameSongWindowSeconds(claimed, report.songDurationSeconds);
  return { seconds: counts ? seconds : 0, counts };
}
