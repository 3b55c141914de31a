import {
  COLLECTION_PAGE_SIZE,
  NON_LOCAL_LIKE_MESSAGE,
  NON_LOCAL_LIKE_TITLE,
  type CountResponse,
  type LikedStatus,
  type Song,
} from '@kora/contracts';
import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { getErrorMessage } from '../../api/error-message';
import { apiRequest, fetchJson } from '../../api/query-client';
import { toast } from '../../ui/use-toast';

export const likedSongsCountQuery = queryOptions<CountResponse>({ queryKey: ['/api/liked-songs', 'count'] });

/** The liked songs, newest like first, a page at a time (a listener may like thousands). */
export const likedSongsQuery = infiniteQueryOptions({
  queryKey: ['/api/liked-songs'],
  queryFn: ({ pageParam, signal }) =>
    fetchJson<Song[]>(`/api/liked-songs?limit=${COLLECTION_PAGE_SIZE}&offset=${pageParam}`, signal),
  initialPageParam: 0,
  getNextPageParam: (lastPage: Song[], _pages, lastOffset: number) =>
    lastPage.length < COLLECTION_PAGE_SIZE ? undefined : lastOffset + COLLECTION_PAGE_SIZE,
});

export function songLikedQuery(songId: number) {
  return queryOptions<LikedStatus>({ queryKey: ['/api/songs', String(songId), 'liked'] });
}

/** Only songs of the library can be liked (spec section 5); external ones have string ids. */
export function isLikeable(song: Song): song is Song & { id: number } {
  return typeof song.id === 'number' && !song.isExternal;
}

export function showNotLikeable() {
  toast({ title: NON_LOCAL_LIKE_TITLE, description: NON_LOCAL_LIKE_MESSAGE });
}

/** Spec section 4: after a like or unlike, the liked status, liked songs, count, stats and notifications refresh. */
function refreshAfterLike(queryClient: QueryClient, songId: number, status: LikedStatus) {
  queryClient.setQueryData(songLikedQuery(songId).queryKey, status);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['/api/liked-songs'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/user/stats'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/notifications'] }),
  ]);
}

function showLikeError(error: unknown) {
  toast({ title: 'Error', description: getErrorMessage(error), variant: 'destructive' });
}

/** The heart of one song: its state from the server, and a toggle ignored while a change is pending. */
export function useSongLike(song: Song | null) {
  const queryClient = useQueryClient();
  const songId = song && isLikeable(song) ? song.id : null;
  const { data } = useQuery({ ...songLikedQuery(songId ?? 0), enabled: songId !== null });
  const { mutate, isPending } = useMutation({
    mutationFn: async ({ id, like }: { id: number; like: boolean }) =>
      (await (await apiRequest(like ? 'POST' : 'DELETE', `/api/songs/${id}/like`)).json()) as LikedStatus,
    onSuccess: (status, { id }) => refreshAfterLike(queryClient, id, status),
    onError: showLikeError,
  });

  const isLiked = songId !== null && (data?.isLiked ?? false);
  const toggle = useCallback(() => {
    if (!song) return;
    if (songId === null) return showNotLikeable();
    if (!isPending) mutate({ id: songId, like: !isLiked });
  }, [song, songId, isLiked, isPending, mutate]);

  return { isLiked, isPending, toggle };
}

/** The heart on a liked-songs card: it always sends unlike (spec section 7). */
export function useUnlikeSong() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (song: Song & { id: number }) =>
      (await (await apiRequest('POST', `/api/songs/${song.id}/unlike`)).json()) as LikedStatus,
    onSuccess: (status, song) => refreshAfterLike(queryClient, song.id, status),
    onError: showLikeError,
  });
}
