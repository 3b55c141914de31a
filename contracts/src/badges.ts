import type { UserStats } from './account.js';

export type BadgeId = 'firstLike' | 'musicLover' | 'dedicated' | 'curator' | 'addict' | 'powerUser';

export type Badge = {
  id: BadgeId;
  name: string;
  description: string;
  /** The stat the threshold applies to, and the least value that unlocks it. */
  stat: keyof UserStats;
  threshold: number;
};

/** The six badges of spec section 3, in the order the Profile dialog shows them. */
export const BADGES: readonly Badge[] = [
  { id: 'firstLike', name: 'First Like', description: 'Like your first song', stat: 'songsLiked', threshold: 1 },
  { id: 'musicLover', name: 'Music Lover', description: 'Like 10 songs', stat: 'songsLiked', threshold: 10 },
  { id: 'dedicated', name: 'Dedicated Listener', description: 'Stream 100 minutes', stat: 'minutesStreamed', threshold: 100 },
  { id: 'curator', name: 'Curator', description: 'Create a playlist', stat: 'playlistsCreated', threshold: 1 },
  { id: 'addict', name: 'Music Addict', description: 'Stream 1,000 minutes', stat: 'minutesStreamed', threshold: 1000 },
  { id: 'powerUser', name: 'Power User', description: 'Play 50 songs', stat: 'totalPlayCount', threshold: 50 },
];

export type BadgeState = Badge & { unlocked: boolean; progress: number };

/** Each badge with whether these stats unlock it, and how far along they are (0 to 1). */
export function evaluateBadges(stats: UserStats): BadgeState[] {
  return BADGES.map((badge) => {
    const value = stats[badge.stat];
    return { ...badge, unlocked: value >= badge.threshold, progress: Math.min(1, Math.max(0, value / badge.threshold)) };
  });
}
