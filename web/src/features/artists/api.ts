import type { Album, Artist, Song } from '@kora/contracts';
import { queryOptions } from '@tanstack/react-query';

// Keys are the API paths: ['/api/artists', id, 'songs'] fetches /api/artists/{id}/songs.
export function artistQuery(artistId: string) {
  return queryOptions<Artist>({ queryKey: ['/api/artists', artistId] });
}

/** The artist's own songs, then the ones they are featured on (isFeatured), each by popularity. */
export function artistSongsQuery(artistId: string) {
  return queryOptions<Song[]>({ queryKey: ['/api/artists', artistId, 'songs'] });
}

export function artistAlbumsQuery(artistId: string) {
  return queryOptions<Album[]>({ queryKey: ['/api/artists', artistId, 'albums'] });
}
