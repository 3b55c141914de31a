import { countSchema, likedStatusSchema, type Playlist, playlistSchema } from '@kora/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { likedPlaylists, playlistSongs, playlists, users } from '../../src/db/schema.js';
import { buildArtist, buildSong } from '../helpers/catalogue-factories.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let owner: SignedInUser;
let artistId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app, { firstName: 'Kẹ́mi', lastName: 'Adébáyọ̀' });
  artistId = (await buildArtist(t.database.db)).id;
}, 60_000);
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, cookie?: string) =>
  t.app.inject({ method, url, headers: cookie === undefined ? {} : { cookie } });

const like = (id: number | string, cookie: string) => call('POST', `/api/playlists/${id}/like`, cookie);
const unlike = (id: number | string, cookie: string) => call('DELETE', `/api/playlists/${id}/like`, cookie);
const status = async (id: number, cookie: string) =>
  likedStatusSchema.strict().parse((await call('GET', `/api/playlists/${id}/liked`, cookie)).json()).isLiked;
const likedList = async (cookie: string) => {
  const response = await call('GET', '/api/liked-playlists', cookie);
  expect(response.statusCode).toBe(200);
  return (response.json() as unknown[]).map((item) => playlistSchema.strict().parse(item));
};
const likedCount = async (cookie: string) =>
  countSchema.strict().parse((await call('GET', '/api/liked-playlists/count', cookie)).json()).count;

async function buildPlaylist(values: Partial<typeof playlists.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(playlists)
    .values({ name: 'Owned', userId: owner.user.id, createdBy: 'user', ...values })
    .returning();
  return row!;
}
const buildEditorial = () => buildPlaylist({ name: 'Afrobeats Rising', isEditorial: true, userId: null, createdBy: 'Kora' });

async function storedLikes(playlistId: number) {
  const [row] = await t.database.db.select({ n: count() }).from(likedPlaylists).where(eq(likedPlaylists.playlistId, playlistId));
  return row!.n;
}

describe('liking a playlist', () => {
  it("likes and unlikes another listener's playlist", async () => {
    const listener = await signUp(t.app);
    const playlist = await buildPlaylist();
    expect(await status(playlist.id, listener.cookie)).toBe(false);

    const liked = await like(playlist.id, listener.cookie);
    expect(liked.statusCode).toBe(200);
    expect(likedStatusSchema.strict().parse(liked.json())).toEqual({ isLiked: true });
    expect(await status(playlist.id, listener.cookie)).toBe(true);
    expect((await likedList(listener.cookie)).map((p) => p.id)).toEqual([playlist.id]);
    expect(await likedCount(listener.cookie)).toBe(1);
    // The owner's own status and list are theirs alone.
    expect(await status(playlist.id, owner.cookie)).toBe(false);
    expect(await likedCount(owner.cookie)).toBe(0);

    const unliked = await unlike(playlist.id, listener.cookie);
    expect(unliked.statusCode).toBe(200);
    expect(likedStatusSchema.strict().parse(unliked.json())).toEqual({ isLiked: false });
    expect(await status(playlist.id, listener.cookie)).toBe(false);
    expect(await likedList(listener.cookie)).toEqual([]);
    expect(await likedCount(listener.cookie)).toBe(0);
  });

  it("likes an editorial playlist and one of the listener's own", async () => {
    const editorial = await buildEditorial();
    const own = await buildPlaylist({ name: 'Mine' });
    for (const id of [editorial.id, own.id]) expect((await like(id, owner.cookie)).json()).toEqual({ isLiked: true });
    expect(await status(editorial.id, owner.cookie)).toBe(true);
    expect(await status(own.id, owner.cookie)).toBe(true);
    expect((await likedList(owner.cookie)).map((p) => p.id)).toEqual([own.id, editorial.id]);
    for (const id of [editorial.id, own.id]) await unlike(id, owner.cookie);
    expect(await likedCount(owner.cookie)).toBe(0);
  });

  it('keeps one like when liked twice, and unliking twice is fine', async () => {
    const listener = await signUp(t.app);
    const playlist = await buildPlaylist();
    const responses = [await like(playlist.id, listener.cookie), ...(await Promise.all([1, 2, 3].map(() => like(playlist.id, listener.cookie))))];
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await storedLikes(playlist.id)).toBe(1);
    expect(await likedCount(listener.cookie)).toBe(1);
    expect(await likedList(listener.cookie)).toHaveLength(1);
    for (let i = 0; i < 2; i++) {
      const response = await unlike(playlist.id, listener.cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ isLiked: false });
    }
    expect(await storedLikes(playlist.id)).toBe(0);
  });

  it.each(['999999', 'abc', '0', '-1', '1.5', '99999999999'])('answers %s with 404 and changes nothing', async (id) => {
    const listener = await signUp(t.app);
    for (const [method, action] of [
      ['GET', 'liked'],
      ['POST', 'like'],
      ['DELETE', 'like'],
    ] as const) {
      const response = await call(method, `/api/playlists/${id}/${action}`, listener.cookie);
      expect(response.statusCode, `${method} ${action}`).toBe(404);
      expect(response.json()).toEqual({ message: 'Playlist not found' });
    }
    expect(await likedCount(listener.cookie)).toBe(0);
  });

  it('needs a session, and changes nothing without one', async () => {
    const playlist = await buildPlaylist();
    for (const [method, url] of [
      ['GET', `/api/playlists/${playlist.id}/liked`],
      ['POST', `/api/playlists/${playlist.id}/like`],
      ['DELETE', `/api/playlists/${playlist.id}/like`],
      ['GET', '/api/liked-playlists'],
      ['GET', '/api/liked-playlists/count'],
    ] as const) {
      const response = await call(method, url);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toEqual({ message: 'You need to sign in to do that.' });
    }
    expect(await storedLikes(playlist.id)).toBe(0);
  });
});

describe('GET /api/liked-playlists', () => {
  it('answers summaries, most recently liked first, seen from the listener', async () => {
    const listener = await signUp(t.app);
    const [live, other] = [await buildSong(t.database.db, { artistId }), await buildSong(t.database.db, { artistId })];
    const hidden = await buildSong(t.database.db, { artistId, status: 'processing' });
    const theirs = await buildPlaylist({ name: 'Lagos Nights', description: 'After dark', coverKey: 'cd/cover.webp' });
    await t.database.db.insert(playlistSongs).values([
      { playlistId: theirs.id, songId: live.id, position: 0 },
      { playlistId: theirs.id, songId: hidden.id, position: 1 },
      { playlistId: theirs.id, songId: other.id, position: 2 },
    ]);
    const editorial = await buildEditorial();
    const own = await buildPlaylist({ name: 'Mine', userId: listener.user.id });
    for (const id of [theirs.id, own.id, editorial.id]) await like(id, listener.cookie);

    const list: Playlist[] = await likedList(listener.cookie);
    expect(list.map((p) => p.id)).toEqual([editorial.id, own.id, theirs.id]);
    expect(list[2]).toEqual({
      id: theirs.id,
      name: 'Lagos Nights',
      description: 'After dark',
      coverUrl: '/api/media/cd/cover.webp',
      // No colour is known for this made-up key.
      coverColor: null,
      isEditorial: false,
      createdBy: 'Kẹ́mi Adébáyọ̀',
      isOwner: false,
      // Live songs only, like the playlist page.
      songCount: 2,
    });
    expect(list[0]).toMatchObject({ isEditorial: true, createdBy: 'Kora', isOwner: false, coverUrl: null, songCount: 0 });
    expect(list[1]).toMatchObject({ name: 'Mine', createdBy: 'Adaeze Okafor', isOwner: true, songCount: 0 });
    expect(await likedCount(listener.cookie)).toBe(3);
  });

  it("names the creator by the owner's current name", async () => {
    const listener = await signUp(t.app);
    const renamed = await signUp(t.app, { firstName: 'Old', lastName: 'Name' });
    const playlist = await buildPlaylist({ userId: renamed.user.id });
    await like(playlist.id, listener.cookie);
    expect((await likedList(listener.cookie))[0]!.createdBy).toBe('Old Name');
    await t.database.db.update(users).set({ firstName: 'Chinwe', lastName: 'Eze' }).where(eq(users.id, renamed.user.id));
    expect((await likedList(listener.cookie))[0]!.createdBy).toBe('Chinwe Eze');
  });

  it('drops a deleted playlist from the list and the count', async () => {
    const listener = await signUp(t.app);
    const [kept, removed] = [await buildPlaylist(), await buildPlaylist()];
    for (const id of [kept.id, removed.id]) await like(id, listener.cookie);
    expect(await likedCount(listener.cookie)).toBe(2);
    await t.database.db.delete(playlists).where(eq(playlists.id, removed.id));
    expect((await likedList(listener.cookie)).map((p) => p.id)).toEqual([kept.id]);
    expect(await likedCount(listener.cookie)).toBe(1);
  });

  it('reads the same number of statements for 1 liked playlist as for 10 (no N+1)', async () => {
    const [few, many] = [await signUp(t.app), await signUp(t.app)];
    const songIds = await Promise.all([1, 2, 3].map(async () => (await buildSong(t.database.db, { artistId })).id));
    const liked = await Promise.all(Array.from({ length: 10 }, () => buildPlaylist()));
    for (const playlist of liked) {
      await t.database.db.insert(playlistSongs).values(songIds.map((songId, position) => ({ playlistId: playlist.id, songId, position })));
      await like(playlist.id, many.cookie);
    }
    await like(liked[0]!.id, few.cookie);

    const statementsFor = async (cookie: string) => {
      const before = t.database.statementCount();
      const list = await likedList(cookie);
      return { statements: t.database.statementCount() - before, playlists: list.length, songs: list[0]!.songCount };
    };
    const one = await statementsFor(few.cookie);
    const ten = await statementsFor(many.cookie);
    expect([one.playlists, ten.playlists, ten.songs]).toEqual([1, 10, 3]);
    expect(ten.statements).toBe(one.statements);
  });
});
