import type { Artist, Song } from '@kora/contracts';

/** An artist's songs split as the artist pages show them: their own, and the ones they appear on. */
export function splitArtistSongs(songs: readonly Song[]): { original: Song[]; featured: Song[] } {
  return {
    original: songs.filter((song) => !song.isFeatured),
    featured: songs.filter((song) => song.isFeatured === true),
  };
}

/** Whether the song is by this artist or features them (for the header's pause icon). */
export function songInvolvesArtist(song: Song, artistId: Artist['id'], artistSongs: readonly Song[]): boolean {
  if (String(song.artist.id) === String(artistId)) return true;
  return artistSongs.some((artistSong) => artistSong.id === song.id);
}

/** An artist of an external catalogue (/artist/deezer-{id}): string ids name their catalogue. */
export function isExternalArtist(artist: Pick<Artist, 'id'>): boolean {
  return typeof artist.id === 'string';
}
