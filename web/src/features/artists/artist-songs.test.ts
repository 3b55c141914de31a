import { ARTIST_SONGS_LIMIT_MAX, type Artist, type Song } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import {
  appearancesFromLoaded,
  artistSongCounts,
  isExternalArtist,
  isExternalArtistRoute,
  songInvolvesArtist,
  songsPageSize,
  splitArtistSongs,
} from './artist-songs';

function buildSong(id: number, artistId: number, isFeatured?: boolean): Song {
  return {
    id,
    title: `Song ${id}`,
    artist: { id: artistId, name: `Artist ${artistId}`, imageUrl: null, deezerId: null },
    album: null,
    coverArtUrl: null,
    fileUrl: `/api/songs/${id}/stream`,
    duration: 60,
    isExternal: false,
    isPreview: false,
    externalId: null,
    deezerId: null,
    playCount: 0,
    trackGainDb: null,
    ...(isFeatured === undefined ? {} : { isFeatured }),
    source: 'local',
  };
}

describe('splitArtistSongs', () => {
  it('separates the artist’s own songs from the ones they are featured on, keeping order', () => {
    const songs = [buildSong(1, 7, false), buildSong(2, 9, true), buildSong(3, 7, false), buildSong(4, 8, true)];
    const { original, featured } = splitArtistSongs(songs);
    expect(original.map((song) => song.id)).toEqual([1, 3]);
    expect(featured.map((song) => song.id)).toEqual([2, 4]);
  });

  it('counts a song without the flag as the artist’s own', () => {
    expect(splitArtistSongs([buildSong(1, 7)]).original).toHaveLength(1);
  });
});

describe('songInvolvesArtist', () => {
  const artistSongs = [buildSong(1, 7, false), buildSong(2, 9, true)];

  it('is true for the artist’s own songs, even ones not in the loaded list', () => {
    expect(songInvolvesArtist(buildSong(40, 7), 7, artistSongs)).toBe(true);
    expect(songInvolvesArtist(buildSong(40, 7), '7', artistSongs)).toBe(true);
  });

  it('is true for songs the artist is featured on', () => {
    expect(songInvolvesArtist(buildSong(2, 9), 7, artistSongs)).toBe(true);
  });

  it('is true for a song that credits the artist, even one not loaded yet', () => {
    expect(songInvolvesArtist({ ...buildSong(41, 9), featuredArtists: [{ id: 7, name: 'Artist 7' }] }, 7, artistSongs)).toBe(true);
  });

  it('is false for anyone else’s song', () => {
    expect(songInvolvesArtist(buildSong(3, 9), 7, artistSongs)).toBe(false);
  });
});

describe('isExternalArtist', () => {
  it('tells a catalogue artist from one of the library', () => {
    expect(isExternalArtist({ id: 'deezer-1424821' })).toBe(true);
    expect(isExternalArtist({ id: 7 })).toBe(false);
  });
});

describe('isExternalArtistRoute and songsPageSize', () => {
  it('pages a library artist and asks for a catalogue artist whole', () => {
    expect(isExternalArtistRoute('12')).toBe(false);
    expect(isExternalArtistRoute('deezer-1424821')).toBe(true);
    expect(songsPageSize('12', 24)).toBe(24);
    expect(songsPageSize('deezer-1424821', 24)).toBe(ARTIST_SONGS_LIMIT_MAX);
  });
});

describe('artistSongCounts', () => {
  const loaded = [buildSong(1, 7, false), buildSong(2, 9, true)];

  it('takes a library artist’s counts from the profile, not from the pages loaded so far', () => {
    const artist: Artist = { id: 7, name: 'Artist 7', songCount: 480, featuredSongCount: 20 };
    expect(artistSongCounts(artist, loaded)).toEqual({ songCount: 480, featuredSongCount: 20 });
  });

  it('counts a catalogue artist’s songs, which come whole', () => {
    expect(artistSongCounts({ id: 'deezer-1', name: 'Burna Boy' }, loaded)).toEqual({ songCount: 1, featuredSongCount: 1 });
  });
});

describe('appearancesFromLoaded', () => {
  const own = (count: number) => Array.from({ length: count }, (_, i) => buildSong(100 + i, 7, false));
  const featured = (count: number) => Array.from({ length: count }, (_, i) => buildSong(200 + i, 9, true));

  it('takes the first five appearances from the loaded pages when they hold them', () => {
    expect(appearancesFromLoaded([...own(3), ...featured(8)], 8)?.map((song) => song.id)).toEqual([200, 201, 202, 203, 204]);
  });

  it('takes every appearance when there are fewer than five, and none when there are none', () => {
    expect(appearancesFromLoaded([...own(3), ...featured(2)], 2)).toHaveLength(2);
    expect(appearancesFromLoaded(own(24), 0)).toEqual([]);
  });

  it('says they must be asked for when the artist’s own songs filled the page', () => {
    expect(appearancesFromLoaded(own(24), 3)).toBeUndefined();
    expect(appearancesFromLoaded([...own(22), ...featured(2)], 9)).toBeUndefined();
  });
});
