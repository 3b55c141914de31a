import { userStatsSchema, type UserStats } from '@kora/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listeningTotals, songs } from '../../src/db/schema.js';
import { buildArtist, buildSong } from '../helpers/catalogue-factories.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { buildEditorialPlaylist, createPlaylistViaApi } from '../helpers/playlists.js';
import { rewindPlays } from '../catalogue/play-helpers.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let artistId: number;

const ZERO: UserStats = {
  totalPlayCount: 0,
  minutesStreamed: 0,
  songsLiked: 0,
  playlistsCreated: 0,
  followingCount: 0,
  followersCount: 0,
};

beforeAll(async () => {
  t = await createTestApp();
  artistId = (await buildArtist(t.database.db)).id;
}, 60_000);
afterAll(() => t.close());

function send(method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string, payload?: object) {
  return t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
}

async function statsOf(user: SignedInUser): Promise<UserStats> {
  const response = await send('GET', '/api/user/stats', user.cookie);
  expect(response.statusCode).toBe(200);
  return userStatsSchema.strict().parse(response.json());
}

async function play(user: SignedInUser, songId: number, minutesPlayed: number) {
  const response = await send('POST', `/api/songs/${songId}/play`, user.cookie, { minutesPlayed });
  expect(response.statusCode).toBe(200);
  return response.json() as { recorded: boolean };
}

describe('GET /api/user/stats', () => {
  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user/stats' });
    expect(response.statusCode).toBe(401);
  });

  it('is all zeros for a new account', async () => {
    expect(await statsOf(await signUp(t.app))).toEqual(ZERO);
  });

  it('counts plays of 30 seconds and more, and the minutes they credit', async () => {
    const user = await signUp(t.app);
    const song = await buildSong(t.database.db, { artistId, duration: 200 });
    expect((await play(user, song.id, 29 / 60)).recorded).toBe(false);
    expect(await statsOf(user)).toEqual(ZERO);

    expect((await play(user, song.id, 0.5)).recorded).toBe(true);
    expect(await statsOf(user)).toEqual({ ...ZERO, totalPlayCount: 1, minutesStreamed: 0 });
    // 30 s + 90 s = 2 minutes; then the song's 200 s at most (3 min 20 s) makes 320 s: 5 whole minutes.
    // Each report is of a listening after the one before, long enough ago to count.
    await rewindPlays(t.database.db, user.user.id, 600);
    await play(user, song.id, 1.5);
    expect(await statsOf(user)).toMatchObject({ totalPlayCount: 2, minutesStreamed: 2 });
    await rewindPlays(t.database.db, user.user.id, 600);
    await play(user, song.id, 10);
    expect(await statsOf(user)).toMatchObject({ totalPlayCount: 3, minutesStreamed: 5 });
  });

  it('keeps the listening totals with every play, concurrent ones too', async () => {
    const user = await signUp(t.app);
    const song = await buildSong(t.database.db, { artistId, duration: 120 });
    for (let i = 0; i < 8; i++) {
      expect((await play(user, song.id, 1)).recorded).toBe(true);
      await rewindPlays(t.database.db, user.user.id, 600);
    }
    // Concurrent reports of one listening: one of them counts, and the totals say so.
    await Promise.all(Array.from({ length: 8 }, () => play(user, song.id, 1)));
    const [totals] = await t.database.db.select().from(listeningTotals).where(eq(listeningTotals.userId, user.user.id));
    expect(totals).toEqual({ userId: user.user.id, playCount: 9, secondsPlayed: 540 });
    expect(await statsOf(user)).toMatchObject({ totalPlayCount: 9, minutesStreamed: 9 });
  });

  it('counts liked songs, and stops counting one that is no longer live', async () => {
    const user = await signUp(t.app);
    const [a, b] = [await buildSong(t.database.db, { artistId }), await buildSong(t.database.db, { artistId })];
    for (const song of [a, b]) expect((await send('POST', `/api/songs/${song.id}/like`, user.cookie)).statusCode).toBe(200);
    expect((await statsOf(user)).songsLiked).toBe(2);
    await send('DELETE', `/api/songs/${a.id}/like`, user.cookie);
    expect((await statsOf(user)).songsLiked).toBe(1);
    await t.database.db.update(songs).set({ status: 'processing' }).where(eq(songs.id, b.id));
    expect((await statsOf(user)).songsLiked).toBe(0);
  });

  it('counts the playlists the user created, not editorial ones', async () => {
    const user = await signUp(t.app);
    await buildEditorialPlaylist(t.database.db);
    await createPlaylistViaApi(t.app, user.cookie, [['name', 'Road trip']]);
    expect((await statsOf(user)).playlistsCreated).toBe(1);
    const second = await createPlaylistViaApi(t.app, user.cookie, [['name', 'Sunday']]);
    expect((await statsOf(user)).playlistsCreated).toBe(2);
    await send('DELETE', `/api/playlists/${second.id}`, user.cookie);
    expect((await statsOf(user)).playlistsCreated).toBe(1);
  });

  it('counts the artists followed, and the followers of the artists the user brought in', async () => {
    const uploader = await signUp(t.app);
    const fan = await signUp(t.app);
    const otherFan = await signUp(t.app);
    const ownArtist = await buildArtist(t.database.db, { createdBy: uploader.user.id });
    const someoneElse = await buildArtist(t.database.db);

    await send('POST', `/api/artists/${ownArtist.id}/follow`, fan.cookie);
    expect(await statsOf(fan)).toEqual({ ...ZERO, followingCount: 1 });
    expect(await statsOf(uploader)).toEqual({ ...ZERO, followersCount: 1 });

    await send('POST', `/api/artists/${someoneElse.id}/follow`, fan.cookie);
    await send('POST', `/api/artists/${ownArtist.id}/follow`, otherFan.cookie);
    // Following twice is one follow.
    await send('POST', `/api/artists/${ownArtist.id}/follow`, otherFan.cookie);
    expect((await statsOf(fan)).followingCount).toBe(2);
    expect((await statsOf(uploader)).followersCount).toBe(2);

    await send('DELETE', `/api/artists/${ownArtist.id}/follow`, fan.cookie);
    expect((await statsOf(fan)).followingCount).toBe(1);
    expect((await statsOf(uploader)).followersCount).toBe(1);
  });

  it("counts only the caller's own activity", async () => {
    const busy = await signUp(t.app);
    const quiet = await signUp(t.app);
    const song = await buildSong(t.database.db, { artistId });
    await play(busy, song.id, 1);
    await send('POST', `/api/songs/${song.id}/like`, busy.cookie);
    await createPlaylistViaApi(t.app, busy.cookie);
    await send('POST', `/api/artists/${artistId}/follow`, busy.cookie);
    expect(await statsOf(busy)).toEqual({ ...ZERO, totalPlayCount: 1, minutesStreamed: 1, songsLiked: 1, playlistsCreated: 1, followingCount: 1 });
    expect(await statsOf(quiet)).toEqual(ZERO);
  });

  it('reads the stats in one statement, and again only after a write, with the session from memory', async () => {
    const user = await signUp(t.app);
    // Asked once, the session is cached on PGlite and on PostgreSQL alike: no round trip for it after.
    await statsOf(user);
    const statementsOf = async () => {
      const before = t.database.statementCount();
      await statsOf(user);
      return t.database.statementCount() - before;
    };
    // A write that changes nothing still means the stats may have changed.
    await t.database.db.execute(sql`update users set bio = bio where false`);
    expect(await statementsOf()).toBe(1);
    if (t.database.writeVersion) expect(await statementsOf()).toBe(0);
  });
});
