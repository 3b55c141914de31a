import type { Song } from '@kora/contracts';
import { queryOptions } from '@tanstack/react-query';

// Keys are the API paths; invalidating ['/api/songs'] refreshes every song list below.
export const songsQuery = queryOptions<Song[]>({ queryKey: ['/api/songs'] });
export const recentlyPlayedQuery = queryOptions<Song[]>({ queryKey: ['/api/songs', 'recently-played'] });
export const trendingQuery = queryOptions<Song[]>({ queryKey: ['/api/songs', 'trending'] });
