import {
  BROWSE_PAGE_SIZE,
  HOME_OWN_PLAYLISTS_LIMIT,
  HOME_QUICK_PICKS,
  HOME_TRENDING_LIMIT,
  type Home,
  type Playlist,
  type Song,
  type SongPage,
} from '@kora/contracts';
import { createVersionedCache } from '../../db/versioned-cache.js';
import { presentPlaylist } from '../playlists/presenter.js';
import type { PlaylistQueries } from '../playlists/queries.js';
import { presentSong } from '../songs/presenter.js';
import type { SongQueries } from '../songs/queries.js';
import { chooseHero, chooseStarterPicks } from './home-picks.js';

export type HomeDeps = { songs: SongQueries; playlists: PlaylistQueries; writeVersion: (() => number) | undefined };

/** What every listener's Home shares. */
type CommonParts = { trending: Song[]; editorialPlaylists: Playlist[]; browse: SongPage };
/** What is one listener's own. */
type PersonalParts = { recentlyPlayed: Song[]; ownPlaylists: Playlist[] };

export type HomeService = ReturnType<typeof createHomeService>;

/**
 * Home's first screen and shelves for one listener, sized for the screen rather than the whole
 * catalogue, and the pages of 'Browse all'. Answered from memory until the next database write
 * (db/versioned-cache.ts); the clock moves trending's window, hence the time limit.
 */
export function createHomeService({ songs, playlists, writeVersion }: HomeDeps) {
  const common = createVersionedCache<CommonParts>({ name: 'home-common', writeVersion, maxEntries: 1, ttlMs: 60_000 });
  const personal = createVersionedCache<PersonalParts>({ name: 'home-personal', writeVersion, maxEntries: 1_000, ttlMs: 60_000 });

  /** One page of the catalogue, newest first; one song more than the page tells whether another follows. */
  async function browsePage(afterId: number | undefined, limit: number): Promise<SongPage> {
    const rows = await songs.listLiveSongsAfter(afterId, limit + 1);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return { songs: page.map((row) => presentSong(row)), nextCursor: rows.length > limit && last ? String(last.song.id) : null };
  }

  async function loadCommon(viewerId: number): Promise<CommonParts> {
    const [trending, editorial, browse] = await Promise.all([
      songs.listTrending(HOME_TRENDING_LIMIT),
      playlists.listEditorial(),
      browsePage(undefined, BROWSE_PAGE_SIZE),
    ]);
    return {
      trending: trending.map((row) => presentSong(row)),
      // Nobody owns an editorial playlist: isOwner is false whoever asked first.
      editorialPlaylists: editorial.map((summary) => presentPlaylist(summary, viewerId)),
      browse,
    };
  }

  async function loadPersonal(userId: number): Promise<PersonalParts> {
    const [recent, own] = await Promise.all([songs.listRecentlyPlayed(userId, HOME_QUICK_PICKS), playlists.listOwnedBy(userId)]);
    return {
      recentlyPlayed: recent.map((row) => presentSong(row)),
      ownPlaylists: own.slice(0, HOME_OWN_PLAYLISTS_LIMIT).map((summary) => presentPlaylist(summary, userId)),
    };
  }

  async function homeFor(userId: number): Promise<Home> {
    const [shared, own] = await Promise.all([
      common.get('home', () => loadCommon(userId)),
      personal.get(String(userId), () => loadPersonal(userId)),
    ]);
    const hero = chooseHero(shared.editorialPlaylists, shared.trending, new Date());
    const starterPicks = chooseStarterPicks({
      recentlyPlayed: own.recentlyPlayed,
      trending: shared.trending,
      editorial: shared.editorialPlaylists,
      hero,
    });
    return { ...own, starterPicks, hero, ...shared };
  }

  return { homeFor, browsePage };
}
