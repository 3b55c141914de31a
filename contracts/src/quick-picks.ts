import type { Song } from './catalogue.js';
import { HOME_QUICK_PICKS, type HomePick } from './home.js';

/**
 * The shown width of a quick pick's cover at each breakpoint: the tile's `sizes`, and the server's
 * preload of the first covers with home.html, which the browser reuses only if both say the same.
 */
export const QUICK_PICK_COVER_SIZES = '(min-width: 1024px) 64px, 56px';

/** A song's own art first, then its album's; null lets the cover fall back to the music icon. */
export function songCoverUrl(song: Song): string | null {
  return song.coverArtUrl ?? song.album?.coverUrl ?? null;
}

/** The listener's own plays first, then starter picks they have not played, to fill the grid. */
export function quickPicksOf(recentlyPlayed: Song[], starterPicks: HomePick[]): HomePick[] {
  const played = new Set(recentlyPlayed.map((song) => song.id));
  const fresh = starterPicks.filter((pick) => pick.kind === 'playlist' || !played.has(pick.song.id));
  return [...recentlyPlayed.map((song): HomePick => ({ kind: 'song', song })), ...fresh].slice(0, HOME_QUICK_PICKS);
}

export function quickPickCoverUrl(pick: HomePick): string | null {
  return pick.kind === 'song' ? songCoverUrl(pick.song) : pick.playlist.coverUrl;
}
