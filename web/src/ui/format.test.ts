import type { Song } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { describeArtists, formatCount, formatPlays, formatQuantity, formatTrackNumber } from './format';

describe('formatCount', () => {
  it('groups thousands with commas', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(12345)).toBe('12,345');
    expect(formatCount(1234567)).toBe('1,234,567');
  });
});

describe('formatPlays', () => {
  it("says '0 plays' for none and keeps the separators", () => {
    expect(formatPlays(0)).toBe('0 plays');
    expect(formatPlays(1)).toBe('1 play');
    expect(formatPlays(48210)).toBe('48,210 plays');
  });
});

describe('formatTrackNumber', () => {
  it('pads positions to two digits and leaves longer ones alone', () => {
    expect(formatTrackNumber(1)).toBe('01');
    expect(formatTrackNumber(10)).toBe('10');
    expect(formatTrackNumber(123)).toBe('123');
  });
});

describe('formatQuantity', () => {
  it('picks singular or plural', () => {
    expect(formatQuantity(1, 'song')).toBe('1 song');
    expect(formatQuantity(0, 'album')).toBe('0 albums');
    expect(formatQuantity(2500, 'song')).toBe('2,500 songs');
  });
});

describe('describeArtists', () => {
  const song: Pick<Song, 'artist' | 'featuredArtists'> = {
    artist: { id: 1, name: 'Wangũi Karanja', imageUrl: null, deezerId: null },
  };

  it('names the artist alone when nobody is featured', () => {
    expect(describeArtists(song)).toBe('Wangũi Karanja');
    expect(describeArtists({ ...song, featuredArtists: [] })).toBe('Wangũi Karanja');
  });

  it('adds the featured artists in billing order', () => {
    const featuredArtists = [
      { id: 8, name: 'Nnamdi Ọ̀kọ̀lí' },
      { id: 2, name: 'Ṣadé Ìfẹ́olúwa' },
    ];
    expect(describeArtists({ ...song, featuredArtists })).toBe('Wangũi Karanja ft. Nnamdi Ọ̀kọ̀lí, Ṣadé Ìfẹ́olúwa');
  });
});
