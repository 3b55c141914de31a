import { COLLECTION_PAGE_SIZE, type Song } from '@kora/contracts';
import { fetchJson } from '../../api/query-client';

/** Every song of a paged list (`?limit=&offset=`), page after page until a short one. */
export async function fetchAllSongs(path: string): Promise<Song[]> {
  const songs: Song[] = [];
  for (let offset = 0; ; offset += COLLECTION_PAGE_SIZE) {
    const page = await fetchJson<Song[]>(`${path}?limit=${COLLECTION_PAGE_SIZE}&offset=${offset}`);
    songs.push(...page);
    if (page.length < COLLECTION_PAGE_SIZE) return songs;
  }
}

export const playlistSongs = (playlistId: number) => () => fetchAllSongs(`/api/playlists/${playlistId}/songs`);
export const likedSongs = () => fetchAllSongs('/api/liked-songs');
