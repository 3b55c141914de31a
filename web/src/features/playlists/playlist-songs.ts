import { COLLECTION_PAGE_SIZE, type Song } from '@kora/contracts';

/**
 * The songs a playlist page shows: the first page that came with GET /api/playlists/{id}, then
 * the pages loaded after it. A song moved or removed between two fetches could land on two
 * pages; it is shown once, at its first place (a song is in a playlist at most once).
 */
export function joinPlaylistPages(firstPage: readonly Song[], laterPages: readonly (readonly Song[])[] = []): Song[] {
  const seen = new Set<Song['id']>();
  const songs: Song[] = [];
  for (const page of [firstPage, ...laterPages]) {
    for (const song of page) {
      if (seen.has(song.id)) continue;
      seen.add(song.id);
      songs.push(song);
    }
  }
  return songs;
}

/**
 * Whether songs remain after those loaded: the server sends full pages until the last, so a
 * short page ends the list even when the count says otherwise (a song removed meanwhile).
 */
export function canLoadMoreSongs(
  songCount: number,
  firstPage: readonly Song[],
  laterPages: readonly (readonly Song[])[] = [],
): boolean {
  const lastPage = laterPages.at(-1) ?? firstPage;
  if (lastPage.length < COLLECTION_PAGE_SIZE) return false;
  const loaded = laterPages.reduce((total, page) => total + page.length, firstPage.length);
  return loaded < songCount;
}

const MAX_PLAYLIST_ID = 2_147_483_647;

/** The id of /playlist/{id}, or null when the address cannot name a playlist (the page says "not found"). */
export function parsePlaylistId(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= MAX_PLAYLIST_ID ? id : null;
}
