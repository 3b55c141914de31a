import { describe, expect, it } from 'vitest';
import { labelOfRendition } from './stream-label';

describe('labelOfRendition', () => {
  it.each([
    ['opus 48', 'Opus 48 kbps'],
    ['opus 24', 'Opus 24 kbps'],
    ['mp3 128', 'MP3 128 kbps'],
    ['original', 'Original file'],
  ])('shows %s as %s', (header, label) => {
    expect(labelOfRendition(header)).toBe(label);
  });

  it.each([null, '', 'flac 900', 'opus', 'opus 48 kbps', 'mp3 -1'])('shows nothing for %s, which it cannot tell', (header) => {
    expect(labelOfRendition(header)).toBeNull();
  });
});
