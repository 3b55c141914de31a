import { ARTIST_POPULAR_LIMIT, type Album, type Artist, type Song } from '@kora/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { fetchJson } from '../../api/query-client';
import { songsPageSize } from './artist-songs';

// Keys are the API paths: ['/api/artists', id, 'albums'] fetches /api/artists/{id}/albums.
export function artistQuery(artistId: string) {
  return queryOptions<Artist>({ queryKey: ['/api/artists', artistId] });
}

export function artistAlbumsQuery(artistId: string) {
  return queryOptions<Album[]>({ queryKey: ['/api/artists', artistId, 'albums'] });
}

/** 'own' or 'featured' asks for one part; without a role, own songs come first, then appearances. */
export type ArtistSongRole = 'own' | 'featured';

/**
 * The artist's songs a page at a time, each part by popularity. A catalogue's artist comes whole in
 * one page (its counts are the songs themselves); a library artist's pages are `pageSize` long.
 */
export function artistSongPagesQuery(artistId: string, pageSize: number, role?: ArtistSongRole) {
  const size = songsPageSize(artistId, pageSize);
  const path = `/api/artists/${encodeURIComponent(artistId)}/songs`;
  return infiniteQueryOptions({
    queryKey: ['/api/artists', artistId, 'songs', { role: role ?? 'all', size }],
    queryFn: ({ pageParam, signal }) =>
      fetchJson<Song[]>(`${path}?limit=${size}&offset=${pageParam}${role ? `&role=${role}` : ''}`, signal),
    initialPageParam: 0,
    getNextPageParam: (lastPage: Song[], _pages, lastOffset: number) => (lastPage.length < size ? undefined : lastOffset + size),
  });
}

/** Appears On's songs, asked for alone when the first page of all songs is filled by the artist's own. */
export function artistAppearancesQuery(artistId: string) {
  const path = `/api/artists/${encodeURIComponent(artistId)}/songs?role=featured&limit=${ARTIST_POPULAR_LIMIT}`;
  return queryOptions({
    queryKey: ['/api/artists', artistId, 'songs', { role: 'featured', size: ARTIST_POPULAR_LIMIT, first: true }],
    queryFn: ({ signal }) => fetchJson<Song[]>(path, signal),
  });
}
