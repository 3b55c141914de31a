import { describe, expect, it } from 'vitest';
import { chooseRendition, originalFitsPlan } from './rendition-choice.js';

const all = [{ bitrateKbps: 320 }, { bitrateKbps: 64 }, { bitrateKbps: 128 }];

describe('chooseRendition', () => {
  it.each([
    ['free', 'auto', 128],
    ['free', 'high', 128],
    ['free', 'medium', 128],
    ['free', 'low', 64],
    ['free', 'data-saver', 64],
    ['premium', 'auto', 320],
    ['premium', 'high', 320],
    ['premium', 'medium', 128],
    ['premium', 'low', 64],
    ['premium', 'data-saver', 64],
  ] as const)('%s listener asking for %s gets %i kbps', (plan, quality, expected) => {
    expect(chooseRendition(all, plan, quality)?.bitrateKbps).toBe(expected);
  });

  it('serves the original when the song has no renditions', () => {
    expect(chooseRendition([], 'premium', 'auto')).toBeUndefined();
  });

  it('serves the original when every rendition is above what is allowed', () => {
    expect(chooseRendition([{ bitrateKbps: 320 }], 'free', 'auto')).toBeUndefined();
    expect(chooseRendition([{ bitrateKbps: 128 }, { bitrateKbps: 320 }], 'premium', 'low')).toBeUndefined();
  });

  it('gives data saver the lowest rendition even when it is above the low setting', () => {
    expect(chooseRendition([{ bitrateKbps: 320 }, { bitrateKbps: 128 }], 'premium', 'data-saver')?.bitrateKbps).toBe(128);
  });

  it('returns the rendition object itself, so its file can be served', () => {
    const renditions = [{ bitrateKbps: 128, fileKey: 'a' }, { bitrateKbps: 64, fileKey: 'b' }];
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
