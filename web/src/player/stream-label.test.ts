import { describe, expect, it } from 'vitest';
import { describeRendition } from './stream-label';

describe('describeRendition', () => {
  it.each([
    ['opus 48', 'Opus 48 kbps', 48],
    ['opus 24', 'Opus 24 kbps', 24],
    ['mp3 128', 'MP3 128 kbps', 128],
    ['original', 'Original file', null],
  ])('shows %s as %s', (header, label, kbps) => {
    expect(describeRendition(header)).toEqual({ label, kbps });
  });

  it.each([null, '', 'flac 900', 'opus', 'opus 48 kbps', 'mp3 -1'])('shows nothing for %s, which it cannot tell', (header) => {
    expect(describeRendition(header)).toBeNull();
  });
});
