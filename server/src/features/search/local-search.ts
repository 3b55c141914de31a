import type { Artist, Song } from '@kora/contracts';
import { presentArtist } from '../artists/presenter.js';
import { presentSong } from '../songs/presenter.js';
import type { SearchQueries } from './queries.js';
import { buildSearchTiers } from './search-terms.js';

export const SEARCH_SONG_LIMIT = 30;
export const SEARCH_ARTIST_LIMIT = 10;

export type LocalResults = { songs: Song[]; artists: Artist[] };
export type LocalSearch = (q: string) => Promise<LocalResults>;

/** The library's own catalogue: live songs by title, artists, featured artists, album and genre; artists by name. */
export function createLocalSearch(queries: SearchQueries): LocalSearch {
  return async (q) => {
    const words = await queries.findSearchWords(q);
    // Punctuation alone folds to no words at all.
    if (words.length === 0) return { songs: [], artists: [] };
    const tiers = buildSearchTiers(words);
    const [songs, artists] = await Promise.all([
      queries.findSongs(tiers, SEARCH_SONG_LIMIT),
      queries.findArtists(tiers, SEARCH_ARTIST_LIMIT),
    ]);
    return { songs: songs.map((row) => presentSong(row)), artists: artists.map(presentArtist) };
  };
}
