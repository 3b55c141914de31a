import type { Playlist } from '@kora/contracts';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { usePlayer } from '../../player/player-context';

// Keys are the API paths (the default query function GETs the joined key); mutations of a
// later issue invalidate by the ['/api/playlists'] prefix.
export const myPlaylistsQuery = queryOptions<Playlist[]>({ queryKey: ['/api/playlists'] });
export const editorialPlaylistsQuery = queryOptions<Playlist[]>({ queryKey: ['/api/playlists', 'editorial'] });

/** GET /api/playlists/{id}: the playlist with its songs. */
export function playlistQuery(playlistId: number | string) {
  return queryOptions<Playlist>({ queryKey: ['/api/playlists', String(playlistId)] });
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
