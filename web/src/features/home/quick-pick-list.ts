import { HOME_QUICK_PICKS, type HomePick, type Song } from '@kora/contracts';

/** The listener's own plays first, then starter picks they have not played, to fill the grid. */
export function quickPicksOf(recentlyPlayed: Song[], starterPicks: HomePick[]): HomePick[] {
  const played = new Set(recentlyPlayed.map((song) => song.id));
  const fresh = starterPicks.filter((pick) => pick.kind === 'playlist' || !played.has(pick.song.id));
  return [...recentlyPlayed.map((song): HomePick => ({ kind: 'song', song })), ...fresh].slice(0, HOME_QUICK_PICKS);
}
