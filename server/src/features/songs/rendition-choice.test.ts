import { STREAM_QUALITIES, type StreamQuality } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import type { ListenerPlan } from '../subscription/listener-plan.js';
import { chooseRendition, originalFitsPlan } from './rendition-choice.js';

const mp3 = (bitrateKbps: number) => ({ codec: 'mp3' as const, bitrateKbps });
const opus = (bitrateKbps: number) => ({ codec: 'opus' as const, bitrateKbps });
const all = [mp3(320), opus(24), mp3(64), opus(48), mp3(128)];
const OPUS = new Set(['opus'] as const);
const NONE = new Set<'opus'>();

describe('chooseRendition', () => {
  // What each player, plan and setting gets from a song with every rendition. The player's Auto
  // turns measured throughput into one of these qualities (web/src/player/adaptive-quality.ts).
  const EXPECTED: Record<'none' | 'opus', Record<ListenerPlan, Record<StreamQuality, string>>> = {
    opus: {
      free: { 'extreme-saver': 'opus 24', 'data-saver': 'opus 48', low: 'mp3 64', medium: 'mp3 128', high: 'mp3 128', auto: 'mp3 128' },
      premium: { 'extreme-saver': 'opus 24', 'data-saver': 'opus 48', low: 'mp3 64', medium: 'mp3 128', high: 'mp3 320', auto: 'mp3 320' },
    },
    none: {
      free: { 'extreme-saver': 'mp3 64', 'data-saver': 'mp3 64', low: 'mp3 64', medium: 'mp3 128', high: 'mp3 128', auto: 'mp3 128' },
      premium: { 'extreme-saver': 'mp3 64', 'data-saver': 'mp3 64', low: 'mp3 64', medium: 'mp3 128', high: 'mp3 320', auto: 'mp3 320' },
    },
  };
  const cases = (['none', 'opus'] as const).flatMap((codecs) =>
    (['free', 'premium'] as const).flatMap((plan) => STREAM_QUALITIES.map((quality) => [codecs, plan, quality, EXPECTED[codecs][plan][quality]] as const)),
  );

  it.each(cases)('beside MP3 the player plays %s; a %s listener asking for %s gets %s', (codecs, plan, quality, expected) => {
    const chosen = chooseRendition(all, plan, quality, codecs === 'opus' ? OPUS : NONE);
    expect(`${chosen?.codec} ${chosen?.bitrateKbps}`).toBe(expected);
  });

  it.each(['data-saver', 'extreme-saver'] as const)('%s falls back to the lowest MP3 where the player does not play Opus', (quality) => {
    expect(chooseRendition(all, 'premium', quality, NONE)).toEqual(mp3(64));
    expect(chooseRendition(all, 'free', quality)).toEqual(mp3(64));
  });

  it('never serves Opus to a quality above the savers, even to a player that plays it', () => {
    expect(chooseRendition([opus(24), opus(48)], 'premium', 'low', OPUS)).toBeUndefined();
    expect(chooseRendition([opus(48), mp3(128)], 'premium', 'auto', OPUS)).toEqual(mp3(128));
  });

  it('plays the best it has when a saver rendition is missing (its encoding failed)', () => {
    expect(chooseRendition([opus(48), mp3(64), mp3(128)], 'free', 'extreme-saver', OPUS)).toEqual(opus(48));
    expect(chooseRendition([opus(24), mp3(64), mp3(128)], 'free', 'data-saver', OPUS)).toEqual(opus(24));
    expect(chooseRendition([mp3(64), mp3(128)], 'free', 'data-saver', OPUS)).toEqual(mp3(64));
  });

  it('serves the original when the song has no renditions', () => {
    expect(chooseRendition([], 'premium', 'auto')).toBeUndefined();
    expect(chooseRendition([], 'premium', 'data-saver', OPUS)).toBeUndefined();
  });

  it('serves the original when every rendition is above what is allowed', () => {
    expect(chooseRendition([mp3(320)], 'free', 'auto')).toBeUndefined();
    expect(chooseRendition([mp3(128), mp3(320)], 'premium', 'low')).toBeUndefined();
  });

  it('gives data saver the lowest rendition even when it is above the low setting', () => {
    expect(chooseRendition([mp3(320), mp3(128)], 'premium', 'data-saver')).toEqual(mp3(128));
  });

  it('returns the rendition object itself, so its file can be served', () => {
    const renditions = [{ ...mp3(128), fileKey: 'a' }, { ...mp3(64), fileKey: 'b' }];
    expect(chooseRendition(renditions, 'free', 'auto')).toBe(renditions[0]);
  });
});

describe('originalFitsPlan', () => {
  // 180 seconds: 128 kbps is 2,880,000 bytes.
  it.each([
    ['free', 2_880_000, 180, true],
    ['free', 2_880_001, 180, false],
    ['free', 1_440_000, 180, true],
    ['free', 1000, null, false],
    ['free', 1000, 0, false],
    ['premium', 50_000_000, 180, true],
    ['premium', 1000, null, true],
  ] as const)('%s, %i bytes over %s seconds: %s', (plan, sizeBytes, durationSeconds, expected) => {
    expect(originalFitsPlan({ sizeBytes, durationSeconds }, plan)).toBe(expected);
  });
});
