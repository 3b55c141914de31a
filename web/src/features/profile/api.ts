import { STATS_STALE_MS, type UserStats } from '@kora/contracts';
import { queryOptions } from '@tanstack/react-query';

/** Spec sections 7 and 9: the stats stay fresh for 5 minutes; likes, plays, playlists and follows invalidate them. */
export const userStatsQuery = queryOptions<UserStats>({ queryKey: ['/api/user/stats'], staleTime: STATS_STALE_MS });
