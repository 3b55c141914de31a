import { COLLECTION_PAGE_SIZE, type Song } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { canLoadMoreSongs, joinPlaylistPages, parsePlaylistId } from './playlist-songs';

function song(id: number): Song {
  return {
    id,
    title: `Song ${id}`,
    artist: { id: 1, name: 'Artist', imageUrl: null, deezerId: null },
    album: null,
    coverArtUrl: null,
    fileUrl: null,
    duration: 180,
    isExternal: false,
    isPreview: false,
    externalId: null,
    deezerId: null,
    playCount: 0,
    trackGainDb: null,
    source: 'local',
  };
}

function page(from: number, length: number): Song[] {
  return Array.from({ length }, (_, index) => song(from + index));
}

describe('joinPlaylistPages', () => {
  it('keeps the order of the first page, then the later pages', () => {
    const ids = joinPlaylistPages(page(1, 2), [page(3, 2), page(5, 1)]).map((item) => item.id);
    expect(ids).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows a song that moved onto a second page once, at its first place', () => {
    const ids = joinPlaylistPages([song(1), song(2)], [[song(2), song(3)]]).map((item) => item.id);
    expect(ids).toEqual([1, 2, 3]);
  });

  it('is the first page alone when nothing more was loaded', () => {
    expect(joinPlaylistPages(page(1, 3)).map((item) => item.id)).toEqual([1, 2, 3]);
  });
});

describe('canLoadMoreSongs', () => {
  const full = page(1, COLLECTION_PAGE_SIZE);

  it('is false when the first page holds every song', () => {
    expect(canLoadMoreSongs(3, page(1, 3))).toBe(false);
    expect(canLoadMoreSongs(COLLECTION_PAGE_SIZE, full)).toBe(false);
  });

  it('is true while fewer songs are loaded than the playlist holds', () => {
    expect(canLoadMoreSongs(250, full)).toBe(true);
    expect(canLoadMoreSongs(250, full, [page(101, COLLECTION_PAGE_SIZE)])).toBe(true);
  });

  it('is false once a later page comes back short, whatever the count says', () => {
    expect(canLoadMoreSongs(250, full, [page(101, 40)])).toBe(false);
  });

  it('is false when everything counted has been loaded', () => {
    expect(canLoadMoreSongs(200, full, [page(101, COLLECTION_PAGE_SIZE)])).toBe(false);
  });
});

describe('parsePlaylistId', () => {
  it('reads positive whole numbers', () => {
    expect(parsePlaylistId('1')).toBe(1);
    expect(parsePlaylistId('2147483647')).toBe(2147483647);
  });

  it('refuses anything that cannot name a playlist', () => {
    for (const value of [undefined, '', '0', '-1', '01', '1.5', 'abc', 'editorial', '1e3', '2147483648', '99999999999']) {
      expect(parsePlaylistId(value)).toBeNull();
    }
  });
});
