import {
  COLLECTION_PAGE_SIZE,
  type LikedStatus,
  type Playlist,
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
import { apiFormRequest, apiRequest, fetchJson } from '../../api/query-client';
import { getErrorMessage } from '../../api/error-message';
import { usePlayer } from '../../player/player-context';
import { toast } from '../../ui/use-toast';

// Keys are the API paths (the default query function GETs the joined key), so invalidating the
// ['/api/playlists'] prefix refreshes the lists, every open playlist and its liked state.
export const myPlaylistsQuery = queryOptions<Playlist[]>({ queryKey: ['/api/playlists'] });
export const editorialPlaylistsQuery = queryOptions<Playlist[]>({ queryKey: ['/api/playlists', 'editorial'] });
export const likedPlaylistsQuery = queryOptions<Playlist[]>({ queryKey: ['/api/liked-playlists'] });
export const likedPlaylistsCountQuery = queryOptions<{ count: number }>({ queryKey: ['/api/liked-playlists', 'count'] });

/** GET /api/playlists/{id}: the playlist with its first page of songs. */
export function playlistQuery(playlistId: number | string) {
  return queryOptions<Playlist>({ queryKey: ['/api/playlists', String(playlistId)] });
}

/** The songs after the first page, fetched as the listener scrolls (GET /api/playlists/{id}/songs). */
export function playlistMoreSongsQuery(playlistId: number | string) {
  return infiniteQueryOptions({
    queryKey: ['/api/playlists', String(playlistId), 'songs'],
    queryFn: ({ pageParam, signal }) =>
      fetchJson<Song[]>(`/api/playlists/${playlistId}/songs?limit=${COLLECTION_PAGE_SIZE}&offset=${pageParam}`, signal),
    initialPageParam: COLLECTION_PAGE_SIZE,
    getNextPageParam: (lastPage: Song[], _pages, lastOffset: number) =>
      lastPage.length < COLLECTION_PAGE_SIZE ? undefined : lastOffset + COLLECTION_PAGE_SIZE,
  });
}

export function playlistLikedQuery(playlistId: number | string) {
  return queryOptions<LikedStatus>({ queryKey: ['/api/playlists', String(playlistId), 'liked'] });
}

/** What a playlist change can make stale: every playlist list, the liked playlists and the stats. */
function refreshPlaylists(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['/api/playlists'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/liked-playlists'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/user/stats'] }),
  ]);
}

/**
 * The toast text of a failed change: the spec's sentence, unless the server refused the input
 * with a reason the listener can act on (a 4xx such as "Cover must be an image").
 */
export function failureDescription(error: unknown, specText: string): string {
  if (error instanceof Error && /^4\d\d: /.test(error.message) && !error.message.startsWith('401:')) {
    return getErrorMessage(error);
  }
  return specText;
}

export type PlaylistFormValues = { name: string; description: string; cover: File | null };

function playlistForm({ name, description, cover }: PlaylistFormValues): FormData {
  const form = new FormData();
  form.set('name', name.trim());
  form.set('description', description.trim());
  if (cover) form.set('coverFile', cover);
  return form;
}

/** POST /api/playlists (multipart; createdBy is 'user' as the spec sends it, the server names the creator). */
export function useCreatePlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: PlaylistFormValues) => {
      const form = playlistForm(values);
      form.set('createdBy', 'user');
      return (await (await apiFormRequest('POST', '/api/playlists', form)).json()) as Playlist;
    },
    onSuccess: async () => {
      toast({ title: 'Success', description: 'Playlist created successfully!' });
      await refreshPlaylists(queryClient);
    },
    onError: (error) => {
      toast({
        title: 'Error',
        description: failureDescription(error, 'Failed to create playlist. Please try again.'),
        variant: 'destructive',
      });
    },
  });
}

/** PATCH /api/playlists/{id} (multipart; the cover only when a new one was chosen). */
export function useUpdatePlaylist(playlistId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: PlaylistFormValues) =>
      (await (await apiFormRequest('PATCH', `/api/playlists/${playlistId}`, playlistForm(values))).json()) as Playlist,
    onSuccess: async () => {
      toast({ title: 'Success', description: 'Playlist updated successfully!' });
      await refreshPlaylists(queryClient);
    },
    onError: (error) => {
      toast({
        title: 'Error',
        description: failureDescription(error, 'Failed to update playlist. Please try again.'),
        variant: 'destructive',
      });
    },
  });
}

/** DELETE /api/playlists/{id}; the caller navigates away (a full load of /library, spec section 4). */
export function useDeletePlaylist(playlistId: number) {
  return useMutation({
    mutationFn: () => apiRequest('DELETE', `/api/playlists/${playlistId}`),
    onError: (error) => {
      toast({
        title: 'Error',
        description: failureDescription(error, 'Failed to delete playlist. Please try again.'),
        variant: 'destructive',
      });
    },
  });
}

/** DELETE /api/playlists/{id}/songs/{songId}. */
export function useRemovePlaylistSong(playlistId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (song: Song) => apiRequest('DELETE', `/api/playlists/${playlistId}/songs/${song.id}`),
    onSuccess: async () => {
      toast({ title: 'Success', description: 'Song removed from playlist!' });
      await refreshPlaylists(queryClient);
    },
    onError: (error) => {
      toast({
        title: 'Error',
        description: failureDescription(error, 'Failed to remove song. Please try again.'),
        variant: 'destructive',
      });
    },
  });
}

/** POST /api/playlists/{id}/songs: "Add to playlist" from a row, a card or the player. */
export function useAddSongToPlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ playlist, song }: { playlist: Playlist; song: Song }) =>
      apiRequest('POST', `/api/playlists/${playlist.id}/songs`, { songId: song.id }),
    onSuccess: async (_response, { playlist, song }) => {
      toast({ title: 'Added to playlist', description: `"${song.title}" was added to ${playlist.name}.` });
      await refreshPlaylists(queryClient);
    },
    onError: (error) => {
      toast({
        title: 'Error',
        description: failureDescription(error, 'Failed to add song. Please try again.'),
        variant: 'destructive',
      });
    },
  });
}

/** PATCH /api/playlists/{id}/songs/{songId}: moves a song to a 0-based position. */
export function useMovePlaylistSong(playlistId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ song, position }: { song: Song; position: number }) =>
      apiRequest('PATCH', `/api/playlists/${playlistId}/songs/${song.id}`, { position }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['/api/playlists', String(playlistId)] }),
    onError: (error) => {
      toast({
        title: 'Error',
        description: failureDescription(error, 'Failed to move song. Please try again.'),
        variant: 'destructive',
      });
    },
  });
}

/**
 * The heart of a playlist (spec section 4): read from the server; a toggle sends like or
 * unlike and is ignored while one is pending; success refreshes the liked state, the liked
 * playlists and the stats.
 */
export function usePlaylistLike(playlistId: number) {
  const queryClient = useQueryClient();
  const likedQuery = playlistLikedQuery(playlistId);
  const { data } = useQuery(likedQuery);
  const mutation = useMutation({
    mutationFn: async (like: boolean) =>
      (await (await apiRequest(like ? 'POST' : 'DELETE', `/api/playlists/${playlistId}/like`)).json()) as LikedStatus,
    onSuccess: async (status) => {
      queryClient.setQueryData(likedQuery.queryKey, status);
      toast({
        title: 'Success',
        description: status.isLiked ? 'Playlist added to your favorites!' : 'Playlist removed from your favorites!',
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: likedQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: ['/api/liked-playlists'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/user/stats'] }),
      ]);
    },
    onError: (_error, like) => {
      toast({
        title: 'Error',
        description: like ? 'Failed to like playlist. Please try again.' : 'Failed to unlike playlist. Please try again.',
        variant: 'destructive',
      });
    },
  });

  const isLiked = data?.isLiked ?? false;
  const { mutate, isPending } = mutation;
  const toggle = useCallback(() => {
    if (!isPending) mutate(!isLiked);
  }, [isLiked, isPending, mutate]);
  return { isLiked, isPending, isKnown: data !== undefined, toggle };
}

/**
 * Plays a playlist from a card, where only its summary is loaded: fetches its songs (or reuses
 * them from the cache) and plays the first one in the playlist's context (spec section 7).
 * An empty playlist plays nothing; a failure is only logged (spec section 8).
 */
export function usePlayPlaylist(): (playlistId: number) => Promise<void> {
  const queryClient = useQueryClient();
  const { playSong } = usePlayer();

  return useCallback(
    async (playlistId: number) => {
      try {
        const playlist = await queryClient.fetchQuery(playlistQuery(playlistId));
        const songs = playlist.songs ?? [];
        const [first] = songs;
        if (first) playSong(first, { type: 'playlist', id: playlist.id, songs });
      } catch (error) {
        console.error(`Could not play playlist ${playlistId}`, error);
      }
    },
    [queryClient, playSong],
  );
}
