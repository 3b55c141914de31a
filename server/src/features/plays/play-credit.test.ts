import { describe, expect, it } from 'vitest';
import { creditPlay } from './play-credit.js';

describe('creditPlay', () => {
  it('does not count a play without a report', () => {
    expect(creditPlay(undefined, 180)).toEqual({ seconds: 0, counts: false });
  });

  it('counts from 30 seconds, rounding the reported minutes', () => {
    expect(creditPlay(29 / 60, 180)).toEqual({ seconds: 29, counts: false });
    expect(creditPlay(30 / 60, 180)).toEqual({ seconds: 30, counts: true });
    expect(creditPlay(29.6 / 60, 180)).toEqual({ seconds: 30, counts: true });
    expect(creditPlay(29.4 / 60, 180)).toEqual({ seconds: 29, counts: false });
  });

  it('never credits more than the song lasts', () => {
    expect(creditPlay(10, 60)).toEqual({ seconds: 60, counts: true });
  });

  it('cannot count a song shorter than the threshold', () => {
    expect(creditPlay(5, 20)).toEqual({ seconds: 20, counts: false });
  });

  it('takes the report as it is when the length is unknown', () => {
    expect(creditPlay(2, null)).toEqual({ seconds: 120, counts: true });
  });
});
