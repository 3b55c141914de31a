import type { Album, Song } from '@kora/contracts';
import { queryOptions } from '@tanstack/react-query';

// Keys are the API paths: ['/api/albums', id, 'songs'] fetches /api/albums/{id}/songs.
export function albumQuery(albumId: string) {
  return queryOptions<Album>({ queryKey: ['/api/albums', albumId] });
}

export function albumSongsQuery(albumId: string) {
  return queryOptions<Song[]>({ queryKey: ['/api/albums', albumId, 'songs'] });
}
