import {
  BROWSE_PAGE_SIZE,
  HOME_OWN_PLAYLISTS_LIMIT,
  HOME_QUICK_PICKS,
  HOME_STARTER_SONGS,
  HOME_TRENDING_LIMIT,
  type Home,
  type HomePick,
  homeSchema,
} from '@kora/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playlists, songs } from '../../src/db/schema.js';
import { buildArtist, insertPlay } from '../helpers/catalogue-factories.js';
import { signUp } from '../helpers/factories.js';
import { buildEditorialPlaylist } from '../helpers/playlists.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
/** The catalogue's songs, most played first (so trending, with no plays this week, is this order). */
let byPlays: number[];

beforeAll(async () => {
  t = await createTestApp();
  const artist = await buildArtist(t.database.db);
  // One statement: every song has the same created_at, so the id alone orders them.
  const rows = await t.database.db
    .insert(songs)
    .values(Array.from({ length: 30 }, (_, index) => ({ title: `Song ${index}`, artistId: artist.id, duration: 180, playCount: 1000 - index })))
    .returning({ id: songs.id });
  byPlays = rows.map((row) => row.id);
}, 60_000);
afterAll(() => t.close());

async function getHome(cookie: string): Promise<Home> {
  const response = await t.app.inject({ method: 'GET', url: '/api/home', headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return homeSchema.parse(response.json());
}

const pickIds = (picks: HomePick[]) => picks.map((pick) => (pick.kind === 'song' ? `song:${pick.song.id}` : `playlist:${pick.playlist.id}`));

describe('GET /api/home', () => {
  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/home' })).statusCode).toBe(401);
  });

  it('offers the top trending song as the hero while no editorial playlist has songs, then an editorial playlist', async () => {
    const { cookie } = await signUp(t.app);
    await buildEditorialPlaylist(t.database.db);
    const before = await getHome(cookie);
    expect(before.hero).toEqual({ kind: 'song', song: before.trending[0] });
    expect(before.trending[0]!.id).toBe(byPlays[0]);

    const filled = await buildEditorialPlaylist(t.database.db, byPlays.slice(20, 23));
    const after = await getHome(cookie);
    // The empty one never: only the playlist with songs can be the playlist of the day.
    expect(after.hero?.kind === 'playlist' && after.hero.playlist.id).toBe(filled.id);
    expect(after.editorialPlaylists.map((playlist) => playlist.id)).toContain(filled.id);
  });

  it('gives a new listener starter picks from trending and the editorial playlists, and a first page of Browse all', async () => {
    await buildEditorialPlaylist(t.database.db, byPlays.slice(23, 26));
    await buildEditorialPlaylist(t.database.db, byPlays.slice(26, 29));
    const { cookie } = await signUp(t.app);
    const home = await getHome(cookie);

    expect(home.recentlyPlayed).toEqual([]);
    expect(home.ownPlaylists).toEqual([]);
    expect(home.trending.map((song) => song.id)).toEqual(byPlays.slice(0, HOME_TRENDING_LIMIT));
    expect(home.starterPicks).toHaveLength(HOME_QUICK_PICKS);
    const songsPicked = home.starterPicks.filter((pick) => pick.kind === 'song');
    expect(songsPicked.map((pick) => pick.song.id)).toEqual(byPlays.slice(0, HOME_STARTER_SONGS));
    const playlistsPicked = home.starterPicks.filter((pick) => pick.kind === 'playlist');
    expect(playlistsPicked).toHaveLength(HOME_QUICK_PICKS - HOME_STARTER_SONGS);
    for (const pick of playlistsPicked) {
      expect(pick.playlist.isEditorial).toBe(true);
      expect(pick.playlist.songCount).toBeGreaterThan(0);
    }
    // The hero is not offered twice.
    expect(home.hero?.kind).toBe('playlist');
    expect(pickIds(home.starterPicks)).not.toContain(pickIds([home.hero!])[0]);

    expect(home.browse.songs).toHaveLength(BROWSE_PAGE_SIZE);
    // Newest first; songs created together come by id, highest first.
    expect(home.browse.songs.map((song) => song.id)).toEqual([...byPlays].reverse().slice(0, BROWSE_PAGE_SIZE));
    expect(home.browse.nextCursor).toBe(String(home.browse.songs.at(-1)!.id));
  });

  it("gives a returning listener their last six songs, latest first and each once, their newest playlists, and no starter picks", async () => {
    const { cookie, user } = await signUp(t.app);
    const now = Date.now();
    const played = byPlays.slice(0, 8);
    for (const [index, songId] of played.entries()) await insertPlay(t.database.db, { userId: user.id, songId, playedAt: new Date(now - (10 - index) * 60_000) });
    // The first song again, last of all: it leads, once.
    await insertPlay(t.database.db, { userId: user.id, songId: played[0]!, playedAt: new Date(now) });
    const names = Array.from({ length: HOME_OWN_PLAYLISTS_LIMIT + 2 }, (_, index) => `Mine ${index}`);
    for (const name of names) await t.database.db.insert(playlists).values({ name, userId: user.id, createdBy: 'user' });

    const home = await getHome(cookie);
    expect(home.recentlyPlayed.map((song) => song.id)).toEqual([played[0], played[7], played[6], played[5], played[4], played[3]]);
    expect(home.starterPicks).toEqual([]);
    expect(home.ownPlaylists.map((playlist) => playlist.name)).toEqual([...names].reverse().slice(0, HOME_OWN_PLAYLISTS_LIMIT));
    expect(home.ownPlaylists.every((playlist) => playlist.isOwner)).toBe(true);
  });

  it('fills the quick picks of a listener with a short history with songs they have not played', async () => {
    const { cookie, user } = await signUp(t.app);
    await insertPlay(t.database.db, { userId: user.id, songId: byPlays[0]! });
    await insertPlay(t.database.db, { userId: user.id, songId: byPlays[2]! });
    const home = await getHome(cookie);
    expect(home.recentlyPlayed).toHaveLength(2);
    expect(home.starterPicks).toHaveLength(HOME_QUICK_PICKS);
    const songIds = home.starterPicks.flatMap((pick) => (pick.kind === 'song' ? [pick.song.id] : []));
    expect(songIds).toEqual([byPlays[1], byPlays[3], byPlays[4], byPlays[5]]);
  });

  it("never shows one listener's plays or playlists to another", async () => {
    const first = await signUp(t.app);
    const second = await signUp(t.app);
    await insertPlay(t.database.db, { userId: first.user.id, songId: byPlays[9]! });
    await t.database.db.insert(playlists).values({ name: 'Private mix', userId: first.user.id, createdBy: 'user' });
    expect((await getHome(first.cookie)).recentlyPlayed.map((song) => song.id)).toEqual([byPlays[9]]);
    const other = await getHome(second.cookie);
    expect(other.recentlyPlayed).toEqual([]);
    expect(other.ownPlaylists).toEqual([]);
  });

  it('is kept out of every cache, and carries no validator: it is the listener\'s own', async () => {
    const { cookie } = await signUp(t.app);
    const response = await t.app.inject({ method: 'GET', url: '/api/home', headers: { cookie } });
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers.etag).toBeUndefined();
  });
});
