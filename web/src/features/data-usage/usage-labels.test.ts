import { describe, expect, it } from 'vitest';
import { describeQuality, formatDataAmount, formatLimit, monthNameOf } from './usage-labels';

describe('usage labels', () => {
  it('names the renditions the server counts', () => {
    expect(describeQuality('opus-24')).toBe('Opus 24 kbps');
    expect(describeQuality('opus-48')).toBe('Opus 48 kbps');
    expect(describeQuality('mp3-128')).toBe('MP3 128 kbps');
    expect(describeQuality('original')).toBe('Original upload');
    expect(describeQuality('flac-900')).toBe('Other');
    expect(describeQuality('')).toBe('Other');
  });

  it('shows amounts from 0 KB to gigabytes', () => {
    expect(formatDataAmount(0)).toBe('0 KB');
    expect(formatDataAmount(300)).toBe('1 KB');
    expect(formatDataAmount(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatLimit(500)).toBe('500 MB');
    expect(formatLimit(1024)).toBe('1 GB');
    expect(formatLimit(10 * 1024)).toBe('10 GB');
  });

  it('names the month', () => {
    expect(monthNameOf('2025-07')).toBe('July');
    expect(monthNameOf('2025-12')).toBe('December');
  });
});
