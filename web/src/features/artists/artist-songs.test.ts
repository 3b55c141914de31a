import type { Song } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { isExternalArtist, songInvolvesArtist, splitArtistSongs } from './artist-songs';

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
