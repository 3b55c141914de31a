import { PLAY_COUNT_THRESHOLD_SECONDS } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { claimedSeconds, creditPlay, type ListeningHistory, REPORT_DELAY_TOLERANCE_SECONDS, sameSongWindowSeconds } from './play-credit.js';

const NOW = new Date('2025-06-01T12:00:00Z');
const secondsAgo = (seconds: number) => new Date(NOW.getTime() - seconds * 1000);
/** A listener with no counted play yet. */
const FIRST: ListeningHistory = { now: NOW, lastPlayAt: null, lastPlayOfSongAt: null };

const credit = (minutesPlayed: number | undefined, songDurationSeconds: number | null, history = FIRST) =>
  creditPlay({ minutesPlayed, songDurationSeconds }, history);

describe('claimedSeconds', () => {
  it('rounds the reported minutes, and never claims more than the song lasts', () => {
    expect(claimedSeconds(undefined, 180)).toBe(0);
    expect(claimedSeconds(29.6 / 60, 180)).toBe(30);
    expect(claimedSeconds(29.4 / 60, 180)).toBe(29);
    expect(claimedSeconds(10, 60)).toBe(60);
    expect(claimedSeconds(2, null)).toBe(120);
  });
});

describe('sameSongWindowSeconds', () => {
  it('is the song length, less the delay tolerance; an unknown length is what the report claims', () => {
    expect(sameSongWindowSeconds(180, 180)).toBe(180 - REPORT_DELAY_TOLERANCE_SECONDS);
    expect(sameSongWindowSeconds(90, null)).toBe(90 - REPORT_DELAY_TOLERANCE_SECONDS);
    expect(sameSongWindowSeconds(3, 3)).toBe(0);
  });
});

describe('creditPlay', () => {
  it('does not count a play without a report', () => {
    expect(credit(undefined, 180)).toEqual({ seconds: 0, counts: false });
  });

  it('counts a first play from 30 seconds, rounding the reported minutes', () => {
    expect(credit(29 / 60, 180)).toEqual({ seconds: 0, counts: false });
    expect(credit(30 / 60, 180)).toEqual({ seconds: 30, counts: true });
    expect(credit(29.6 / 60, 180)).toEqual({ seconds: 30, counts: true });
    expect(credit(29.4 / 60, 180)).toEqual({ seconds: 0, counts: false });
  });

  it('never credits more than the song lasts', () => {
    expect(credit(10, 60)).toEqual({ seconds: 60, counts: true });
  });

  it('cannot count a song shorter than the threshold', () => {
    expect(credit(5, 20)).toEqual({ seconds: 0, counts: false });
  });

  it('takes the claim as it is when the length is unknown and nothing came before', () => {
    expect(credit(2, null)).toEqual({ seconds: 120, counts: true });
  });

  it('credits no more than has passed since the last counted play ended', () => {
    const history = { ...FIRST, lastPlayAt: secondsAgo(45) };
    expect(credit(3, 180, history)).toEqual({ seconds: 45, counts: true });
    expect(credit(0.5, 180, history)).toEqual({ seconds: 30, counts: true });
    // Fractions of a second are not credited: the sum stays within the clock.
    expect(credit(3, 180, { ...FIRST, lastPlayAt: new Date(NOW.getTime() - 45_900) })).toEqual({ seconds: 45, counts: true });
  });

  it('does not count a report the clock leaves no room for', () => {
    expect(credit(3, 180, { ...FIRST, lastPlayAt: NOW })).toEqual({ seconds: 0, counts: false });
    expect(credit(3, 180, { ...FIRST, lastPlayAt: secondsAgo(10) })).toEqual({ seconds: 0, counts: false });
    // A last play stamped later than now (another server's clock) leaves no room either.
    expect(credit(3, 180, { ...FIRST, lastPlayAt: secondsAgo(-60) })).toEqual({ seconds: 0, counts: false });
  });

  it('allows a report held back by the network a few seconds', () => {
    const justAfter = PLAY_COUNT_THRESHOLD_SECONDS - REPORT_DELAY_TOLERANCE_SECONDS;
    expect(credit(31 / 60, 180, { ...FIRST, lastPlayAt: secondsAgo(justAfter) })).toEqual({ seconds: justAfter, counts: true });
    expect(credit(31 / 60, 180, { ...FIRST, lastPlayAt: secondsAgo(justAfter - 1) })).toEqual({ seconds: 0, counts: false });
  });

  it('counts a song once within its length', () => {
    const within = { now: NOW, lastPlayAt: secondsAgo(120), lastPlayOfSongAt: secondsAgo(120) };
    expect(credit(1, 180, within)).toEqual({ seconds: 0, counts: false });
    // Another song in the same time counts.
    expect(credit(1, 180, { ...within, lastPlayOfSongAt: null })).toEqual({ seconds: 60, counts: true });
    // On repeat: the song again once it could have been heard whole, a report's delay allowed.
    const after = 180 - REPORT_DELAY_TOLERANCE_SECONDS;
    const onRepeat = { now: NOW, lastPlayAt: secondsAgo(after), lastPlayOfSongAt: secondsAgo(after) };
    expect(credit(3, 180, onRepeat)).toEqual({ seconds: after, counts: true });
  });

  it('takes a song of unknown length to last what the report claims', () => {
    const history = { now: NOW, lastPlayAt: secondsAgo(100), lastPlayOfSongAt: secondsAgo(100) };
    expect(credit(1, null, history)).toEqual({ seconds: 60, counts: true });
    expect(credit(2, null, history)).toEqual({ seconds: 0, counts: false });
  });
});
