import { describe, expect, it } from 'vitest';
import type { UserStats } from './account.js';
import { BADGES, evaluateBadges } from './badges.js';

const none: UserStats = { totalPlayCount: 0, minutesStreamed: 0, songsLiked: 0, playlistsCreated: 0, followingCount: 0, followersCount: 0 };

function unlocked(stats: Partial<UserStats>): string[] {
  return evaluateBadges({ ...none, ...stats })
    .filter((badge) => badge.unlocked)
    .map((badge) => badge.id);
}

describe('badges', () => {
  it('are the six of the spec, all locked for a new listener', () => {
    expect(BADGES.map((badge) => badge.id)).toEqual(['firstLike', 'musicLover', 'dedicated', 'curator', 'addict', 'powerUser']);
    expect(unlocked({})).toEqual([]);
  });

  it('unlock exactly at the thresholds of spec section 3', () => {
    expect(unlocked({ songsLiked: 1 })).toEqual(['firstLike']);
    expect(unlocked({ songsLiked: 9 })).toEqual(['firstLike']);
    expect(unlocked({ songsLiked: 10 })).toEqual(['firstLike', 'musicLover']);
    expect(unlocked({ minutesStreamed: 99 })).toEqual([]);
    expect(unlocked({ minutesStreamed: 100 })).toEqual(['dedicated']);
    expect(unlocked({ minutesStreamed: 999 })).toEqual(['dedicated']);
    expect(unlocked({ minutesStreamed: 1000 })).toEqual(['dedicated', 'addict']);
    expect(unlocked({ playlistsCreated: 1 })).toEqual(['curator']);
    expect(unlocked({ totalPlayCount: 49 })).toEqual([]);
    expect(unlocked({ totalPlayCount: 50 })).toEqual(['powerUser']);
  });

  it('report progress towards each, capped at 1', () => {
    const states = evaluateBadges({ ...none, songsLiked: 5, minutesStreamed: 2500 });
    expect(states.find((badge) => badge.id === 'musicLover')?.progress).toBe(0.5);
    expect(states.find((badge) => badge.id === 'addict')?.progress).toBe(1);
  });
});
