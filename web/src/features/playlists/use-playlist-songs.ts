import type { Playlist, Song } from '@kora/contracts';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { playlistMoreSongsQuery } from './api';
import { canLoadMoreSongs, joinPlaylistPages } from './playlist-songs';

export type PlaylistSongs = {
  /** Every song loaded so far, in playlist order. */
  songs: Song[];
  hasMore: boolean;
  isLoadingMore: boolean;
  loadMoreError: Error | null;
  /** Fetches the next page (the first call switches the later pages on). */
  loadMore: () => void;
};

/**
 * A playlist's songs: the first page comes with the playlist; the rest arrive a page at a time
 * when the listener reaches the end of the list, so a 1,000-song playlist opens as fast as a short one.
 */
export function usePlaylistSongs(playlist: Playlist): PlaylistSongs {
  const queryClient = useQueryClient();
  const moreSongsQuery = playlistMoreSongsQuery(playlist.id);
  const firstPage = playlist.songs;
  const hasLaterPages = canLoadMoreSongs(playlist.songCount, firstPage ?? []);
  // Pages loaded on an earlier visit are shown (and kept fresh) straight away.
  const [isMoreWanted, setIsMoreWanted] = useState(
    () => queryClient.getQueryData(moreSongsQuery.queryKey) !== undefined,
  );
  const more = useInfiniteQuery({ ...moreSongsQuery, enabled: isMoreWanted && hasLaterPages });
  const laterPages = hasLaterPages ? more.data?.pages : undefined;

  const songs = useMemo(() => joinPlaylistPages(firstPage ?? [], laterPages), [firstPage, laterPages]);
  const hasMore = canLoadMoreSongs(playlist.songCount, firstPage ?? [], laterPages) && !more.isError;

  const { isFetching, hasNextPage, fetchNextPage, refetch } = more;
  const hasData = more.data !== undefined;
  const loadMore = useCallback(() => {
    if (!isMoreWanted) setIsMoreWanted(true);
    else if (isFetching) return;
    else if (!hasData) void refetch();
    else if (hasNextPage) void fetchNextPage();
  }, [isMoreWanted, isFetching, hasData, hasNextPage, fetchNextPage, refetch]);

  // After a failed page the listener retries by hand (automatic retries would loop on the sentinel).
  const retry = useCallback(() => {
    void (hasData ? fetchNextPage() : refetch());
  }, [hasData, fetchNextPage, refetch]);

  return {
    songs,
    hasMore,
    isLoadingMore: isMoreWanted && isFetching,
    loadMoreError: more.isError ? more.error : null,
    loadMore: more.isError ? retry : loadMore,
  };
}
