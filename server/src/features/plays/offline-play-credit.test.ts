import { describe, expect, it } from 'vitest';
import { claimedOfflineSeconds, creditOfflinePlay, type SurroundingPlays } from './offline-play-credit.js';
import { REPORT_DELAY_TOLERANCE_SECONDS } from './play-credit.js';

const PLAYED_AT = new Date('2026-06-01T12:00:00Z');
const at = (seconds: number) => new Date(PLAYED_AT.getTime() + seconds * 1000);
const ALONE: SurroundingPlays = { lastPlayAt: null, lastPlayOfSongAt: null, nextPlay: null, nextPlayOfSongAt: null };

const credit = (secondsPlayed: number, surrounding: Partial<SurroundingPlays> = {}, songDurationSeconds: number | null = 180) =>
  creditOfflinePlay({ secondsPlayed, songDurationSeconds, playedAt: PLAYED_AT }, { ...ALONE, ...surrounding });

describe('claimedOfflineSeconds', () => {
  it('rounds what the device heard, and never claims more than the song lasts', () => {
    expect(claimedOfflineSeconds(29.5, 180)).toBe(30);
    expect(claimedOfflineSeconds(29.4, 180)).toBe(29);
    expect(claimedOfflineSeconds(600, 180)).toBe(180);
    expect(claimedOfflineSeconds(600, null)).toBe(600);
  });
});

describe('creditOfflinePlay', () => {
  it('counts a play of 30 seconds or more, credited up to the song length', () => {
    expect(credit(30)).toEqual({ seconds: 30, counts: true });
    expect(credit(1000)).toEqual({ seconds: 180, counts: true });
  });

  it('does not count under 30 seconds, nor a song shorter than that', () => {
    expect(credit(29)).toEqual({ seconds: 0, counts: false, reason: 'too-short' });
    expect(credit(60, {}, 20)).toEqual({ seconds: 0, counts: false, reason: 'too-short' });
  });

  it('credits no more than has passed since the play before it', () => {
    expect(credit(120, { lastPlayAt: at(-45) })).toEqual({ seconds: 45, counts: true });
    expect(credit(120, { lastPlayAt: at(-10) })).toEqual({ seconds: 0, counts: false, reason: 'overlaps' });
    // A play recorded at the very same time (a forged copy with another id) leaves no room.
    expect(credit(120, { lastPlayAt: PLAYED_AT })).toEqual({ seconds: 0, counts: false, reason: 'overlaps' });
  });

  it('leaves room for the play after it', () => {
    // The next play's listening began 60 s after this one ended: no overlap.
    expect(credit(120, { nextPlay: { at: at(120), secondsPlayed: 60 } })).toEqual({ seconds: 120, counts: true });
    // It began as this one ended, within the report delay tolerance.
    expect(credit(120, { nextPlay: { at: at(60 - REPORT_DELAY_TOLERANCE_SECONDS), secondsPlayed: 60 } })).toEqual({ seconds: 120, counts: true });
    // It began before this one ended.
    expect(credit(120, { nextPlay: { at: at(30), secondsPlayed: 60 } })).toEqual({ seconds: 0, counts: false, reason: 'overlaps' });
  });

  it('counts a song once within its length, on either side', () => {
    expect(credit(60, { lastPlayAt: at(-100), lastPlayOfSongAt: at(-100) })).toEqual({ seconds: 0, counts: false, reason: 'overlaps' });
    expect(credit(60, { nextPlay: { at: at(100), secondsPlayed: 30 }, nextPlayOfSongAt: at(100) })).toEqual({
      seconds: 0,
      counts: false,
      reason: 'overlaps',
    });
    const afterWindow = 180 - REPORT_DELAY_TOLERANCE_SECONDS;
    expect(credit(60, { nextPlay: { at: at(afterWindow), secondsPlayed: 30 }, nextPlayOfSongAt: at(afterWindow) })).toEqual({
      seconds: 60,
      counts: true,
    });
  });
});
