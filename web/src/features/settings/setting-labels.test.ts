import { describe, expect, it } from 'vitest';
import { describeSaverRendition } from './setting-labels';

describe('describeSaverRendition', () => {
  it("names each saver's Opus rendition where the browser plays Opus", () => {
    expect(describeSaverRendition('data-saver', true)).toBe('Opus 48 kbps');
    expect(describeSaverRendition('extreme-saver', true)).toBe('Opus 24 kbps');
  });

  it('names the lowest MP3 for both savers where it does not', () => {
    expect(describeSaverRendition('data-saver', false)).toBe('MP3 64 kbps');
    expect(describeSaverRendition('extreme-saver', false)).toBe('MP3 64 kbps');
  });
});
