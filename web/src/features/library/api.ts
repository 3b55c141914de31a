import { COLLECTION_PAGE_SIZE, type Artist } from '@kora/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { fetchJson } from '../../api/query-client';

/** GET /api/artists: every artist of the catalogue (the server's first page, by name). */
export const artistsQuery = queryOptions<Artist[]>({ queryKey: ['/api/artists'] });

/** GET /api/artists/following; a follow or unfollow invalidates it. */
export const followedArtistsQueryKey = ['/api/artists', 'following'];

/** The artists the listener follows, most recently followed first, a page at a time. */
export const followedArtistsQuery = infiniteQueryOptions({
  queryKey: followedArtistsQueryKey,
  queryFn: ({ pageParam, signal }) =>
    fetchJson<Artist[]>(`/api/artists/following?limit=${COLLECTION_PAGE_SIZE}&offset=${pageParam}`, signal),
  initialPageParam: 0,
  getNextPageParam: (lastPage: Artist[], _pages, lastOffset: number) =>
    lastPage.length < COLLECTION_PAGE_SIZE ? undefined : lastOffset + COLLECTION_PAGE_SIZE,
});
