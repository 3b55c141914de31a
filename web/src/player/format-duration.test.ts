import { describe, expect, it } from 'vitest';
import { formatDuration, formatSeekPosition } from './format-duration';

describe('formatDuration', () => {
  it('gives minutes and two-digit seconds, and --:-- when unknown', () => {
    expect(formatDuration(185.7)).toBe('3:05');
    expect(formatDuration(null)).toBe('--:--');
  });
});

describe('formatSeekPosition', () => {
  it('says the position out of the length', () => {
    expect(formatSeekPosition(18.4, 185)).toBe('0:18 of 3:05');
    expect(formatSeekPosition(0, 62)).toBe('0:00 of 1:02');
  });

  it('says only the position while the length is unknown', () => {
    expect(formatSeekPosition(18, 0)).toBe('0:18');
    expect(formatSeekPosition(18, null)).toBe('0:18');
    expect(formatSeekPosition(18, Number.NaN)).toBe('0:18');
  });
});
