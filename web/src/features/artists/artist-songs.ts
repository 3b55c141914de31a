import { ARTIST_POPULAR_LIMIT, ARTIST_SONGS_LIMIT_MAX, type Artist, type Song } from '@kora/contracts';

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
  if (song.featuredArtists?.some((credit) => String(credit.id) === String(artistId))) return true;
  return artistSongs.some((artistSong) => artistSong.id === song.id);
}

/** An artist of an external catalogue (/artist/deezer-{id}): string ids name their catalogue. */
export function isExternalArtist(artist: Pick<Artist, 'id'>): boolean {
  return typeof artist.id === 'string';
}

/** The same, told from the page's route: a library artist's route id is their number. */
export function isExternalArtistRoute(routeId: string): boolean {
  return !/^\d+$/.test(routeId);
}

/** A catalogue's artist has no counts of its own: its songs come whole, in one page of the most an answer holds. */
export function songsPageSize(routeId: string, libraryPageSize: number): number {
  return isExternalArtistRoute(routeId) ? ARTIST_SONGS_LIMIT_MAX : libraryPageSize;
}

export interface ArtistSongCounts {
  songCount: number;
  featuredSongCount: number;
}

/** The profile's counts for a library artist; a catalogue's artist's songs are all loaded, so they count themselves. */
export function artistSongCounts(artist: Artist, loaded: readonly Song[]): ArtistSongCounts {
  const { original, featured } = splitArtistSongs(loaded);
  return { songCount: artist.songCount ?? original.length, featuredSongCount: artist.featuredSongCount ?? featured.length };
}

/**
 * Appears On's songs when the loaded pages already hold as many as it shows (or every one there is);
 * undefined when they must be asked for on their own (the artist's own songs filled the first page).
 */
export function appearancesFromLoaded(loaded: readonly Song[], featuredSongCount: number): Song[] | undefined {
  const { featured } = splitArtistSongs(loaded);
  return featured.length >= Math.min(ARTIST_POPULAR_LIMIT, featuredSongCount) ? featured.slice(0, ARTIST_POPULAR_LIMIT) : undefined;
}
