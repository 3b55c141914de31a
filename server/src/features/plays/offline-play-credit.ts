import { PLAY_COUNT_THRESHOLD_SECONDS } from '@kora/contracts';
import { creditPlay, REPORT_DELAY_TOLERANCE_SECONDS, sameSongWindowSeconds } from './play-credit.js';

/** Seconds a play made offline claims: what the device heard, rounded, never more than the song lasts. */
export function claimedOfflineSeconds(secondsPlayed: number, songDurationSeconds: number | null): number {
  const reported = Math.round(secondsPlayed);
  return songDurationSeconds === null ? reported : Math.min(reported, songDurationSeconds);
}

/** The listener's counted plays on either side of a past play's time. */
export type SurroundingPlays = {
  /** The last counted play (any song) at or before the play's time, and of this song within its window. */
  lastPlayAt: Date | null;
  lastPlayOfSongAt: Date | null;
  /** The first counted play (any song) after the play's time: when it was reported and what it credited. */
  nextPlay: { at: Date; secondsPlayed: number } | null;
  /** The first counted play of this song after the play's time, within its window. */
  nextPlayOfSongAt: Date | null;
};

export type OfflineCredit = { seconds: number; counts: true } | { seconds: 0; counts: false; reason: 'too-short' | 'overlaps' };

/**
 * The credit of a play made offline, which ended at `playedAt`. It is judged as an online report
 * arriving then would have been (play-credit.ts: from 30 seconds, no more than the clock allowed
 * since the play before it, the same song once within its length), and it must also leave room for
 * the plays already counted after it: a listener hears one thing at a time, so a forged or replayed
 * batch cannot stack plays on time that is already credited.
 */
export function creditOfflinePlay(
  report: { secondsPlayed: number; songDurationSeconds: number | null; playedAt: Date },
  surrounding: SurroundingPlays,
): OfflineCredit {
  const claimed = claimedOfflineSeconds(report.secondsPlayed, report.songDurationSeconds);
  if (claimed < PLAY_COUNT_THRESHOLD_SECONDS) return { seconds: 0, counts: false, reason: 'too-short' };
  const before = creditPlay(
    { minutesPlayed: claimed / 60, songDurationSeconds: report.songDurationSeconds },
    { now: report.playedAt, lastPlayAt: surrounding.lastPlayAt, lastPlayOfSongAt: surrounding.lastPlayOfSongAt },
  );
  if (!before.counts) return { seconds: 0, counts: false, reason: 'overlaps' };

  const secondsUntil = (at: Date) => Math.floor((at.getTime() - report.playedAt.getTime()) / 1000);
  const { nextPlay, nextPlayOfSongAt } = surrounding;
  // The next play's listening began its credited seconds before it was reported.
  const nextStartsTooSoon = nextPlay !== null && secondsUntil(nextPlay.at) - nextPlay.secondsPlayed < -REPORT_DELAY_TOLERANCE_SECONDS;
  const songRepeatsTooSoon =
    nextPlayOfSongAt !== null && secondsUntil(nextPlayOfSongAt) < sameSongWindowSeconds(claimed, report.songDurationSeconds);
  if (nextStartsTooSoon || songRepeatsTooSoon) return { seconds: 0, counts: false, reason: 'overlaps' };
  return { seconds: before.seconds, counts: true };
}
