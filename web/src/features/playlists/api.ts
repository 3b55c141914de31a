import type { Playlist } from '@kora/contracts';
import { queryOptions } from '@tanstack/react-query';

// Keys are the API paths (the default query function GETs the joined key); mutations of a
// later issue invalidate by the ['/api/playlists'] prefix.
export const myPlaylistsQuery = queryOptions<Playlist[]>({ queryKey: ['/api/playlists'] });
export const editorialPlaylistsQuery = queryOptions<Playlist[]>({ queryKey: ['/api/playlists', 'editorial'] });
