import {
  IMPORT_COMPLETE_TITLE,
  IMPORT_FAILED_TITLE,
  type Home,
  type ImportResponse,
  type Song,
  type SongPage,
} from '@kora/contracts';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { getErrorMessage } from '../../api/error-message';
import { apiRequest, fetchJson } from '../../api/query-client';
import { formatQuantity } from '../../ui/format';
import { toast } from '../../ui/use-toast';

// Keys are the API paths; invalidating ['/api/songs'] refreshes every song list below.
export const songsQuery = queryOptions<Song[]>({ queryKey: ['/api/songs'] });
export const recentlyPlayedQuery = queryOptions<Song[]>({ queryKey: ['/api/songs', 'recently-played'] });
export const trendingQuery = queryOptions<Song[]>({ queryKey: ['/api/songs', 'trending'] });

/** 'Browse all' a page at a time (GET /api/songs/browse); its first page comes with the home answer. */
export const browseQuery = infiniteQueryOptions({
  queryKey: ['/api/songs', 'browse'],
  queryFn: ({ pageParam, signal }) =>
    fetchJson<SongPage>(pageParam === null ? '/api/songs/browse' : `/api/songs/browse?cursor=${encodeURIComponent(pageParam)}`, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (lastPage: SongPage) => lastPage.nextCursor,
});

export function browseFirstPage(page: SongPage): InfiniteData<SongPage, string | null> {
  return { pages: [page], pageParams: [null] };
}

/**
 * GET /api/home: the whole page in one request. It is fetched again each time Home opens (its
 * parts change with plays, playlists and imports all over the app); meanwhile the last answer shows.
 * It seeds the song lists it carries, whose keys plays and imports invalidate, so those shelves
 * refresh in place while Home stays open.
 */
export const homeQuery = queryOptions<Home>({
  queryKey: ['/api/home'],
  staleTime: 0,
  queryFn: async ({ client, signal }) => {
    const home = await fetchJson<Home>('/api/home', signal);
    client.setQueryData(recentlyPlayedQuery.queryKey, home.recentlyPlayed);
    client.setQueryData(trendingQuery.queryKey, home.trending);
    client.setQueryData(browseQuery.queryKey, browseFirstPage(home.browse));
    return home;
  },
});

/** What the 'Import Complete!' toast says: a second run of the same chart adds nothing, and says why. */
export function describeImport({ importedCount }: ImportResponse): string {
  if (importedCount === 0) return 'Your catalogue already has the current chart.';
  return `Imported ${formatQuantity(importedCount, 'song')}.`;
}

/** POST /api/import/popular-music (spec section 7): the chart's previews join every song list. */
export function useImportPopularMusic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await (await apiRequest('POST', '/api/import/popular-music')).json()) as ImportResponse,
    onSuccess: (result) => {
      toast({ title: IMPORT_COMPLETE_TITLE, description: describeImport(result) });
      return queryClient.invalidateQueries({ queryKey: songsQuery.queryKey });
    },
    onError: (error) => toast({ title: IMPORT_FAILED_TITLE, description: getErrorMessage(error), variant: 'destructive' }),
  });
}
