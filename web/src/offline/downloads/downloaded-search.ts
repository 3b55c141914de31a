import type { Song } from '@kora/contracts';

/** Lower case without accents, so 'adura' finds 'Àdúrà' as the server's search does. */
export function foldForSearch(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Whether a downloaded song (its title, artist or album) or a collection's title matches every word typed. */
export function matchesDownloadSearch(item: Partial<Pick<Song, 'artist' | 'album'>> & { title: string }, query: string): boolean {
  const words = foldForSearch(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = foldForSearch([item.title, item.artist?.name, item.album?.title].filter(Boolean).join(' '));
  return words.every((word) => haystack.includes(word));
}
