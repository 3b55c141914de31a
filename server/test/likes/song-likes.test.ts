import { countSchema, likedStatusSchema, NON_LOCAL_LIKE_MESSAGE, type Song, songSchema } from '@kora/contracts';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { likedSongs, songs } from '../../src/db/schema.js';
import { buildAlbum, buildArtist, buildSong } from '../helpers/catalogue-factories.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let artistId: number;

beforeAll(async () => {
  t = await createTestApp();
  artistId = (await buildArtist(t.database.db)).id;
}, 60_000);
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, cookie?: string) =>
  t.app.inject({ method, url, headers: cookie === undefined ? {} : { cookie } });

const status = async (songId: number | string, cookie: string) =>
  likedStatusSchema.strict().parse((await call('GET', `/api/songs/${songId}/liked`, cookie)).json()).isLiked;
const likedIds = async (cookie: string, query = '') =>
  ((await call('GET', `/api/liked-songs${query}`, cookie)).json() as Song[]).map((song) => song.id);
const likedCount = async (cookie: string) => countSchema.strict().parse((await call('GET', '/api/liked-songs/count', cookie)).json()).count;

async function storedLikes(songId: number) {
  const [row] = await t.database.db.select({ n: count() }).from(likedSongs).where(eq(likedSongs.songId, songId));
  return row!.n;
}

const song = () => buildSong(t.database.db, { artistId });

// Every form a like or an unlike can take: the card heart always sends POST /unlike.
const like = (songId: number | string, cookie: string) => call('POST', `/api/songs/${songId}/like`, cookie);
const unlikes = [
  (songId: number | string, cookie: string) => call('DELETE', `/api/songs/${songId}/like`, cookie),
  (songId: number | string, cookie: string) => call('POST', `/api/songs/${songId}/unlike`, cookie),
];
const songEndpoints: [Method, string][] = [
  ['GET', 'liked'],
  ['POST', 'like'],
  ['DELETE', 'like'],
  ['POST', 'unlike'],
];

describe('liking a song', () => {
  it('likes, reports and unlikes, by DELETE /like and by POST /unlike', async () => {
    const me = await signUp(t.app);
    const target = await song();
    expect(await status(target.id, me.cookie)).toBe(false);
    for (const unlike of unlikes) {
      const liked = await like(target.id, me.cookie);
      expect(liked.statusCode).toBe(200);
      expect(likedStatusSchema.strict().parse(liked.json())).toEqual({ isLiked: true });
      expect(await status(target.id, me.cookie)).toBe(true);
      expect(await likedIds(me.cookie)).toEqual([target.id]);
      expect(await likedCount(me.cookie)).toBe(1);

      const unliked = await unlike(target.id, me.cookie);
      expect(unliked.statusCode).toBe(200);
      expect(likedStatusSchema.strict().parse(unliked.json())).toEqual({ isLiked: false });
      expect(await status(target.id, me.cookie)).toBe(false);
      expect(await likedIds(me.cookie)).toEqual([]);
      expect(await likedCount(me.cookie)).toBe(0);
    }
  });

  it('keeps one like when liked twice, and unliking twice is fine', async () => {
    const me = await signUp(t.app);
    const target = await song();
    for (let i = 0; i < 2; i++) expect((await like(target.id, me.cookie)).json()).toEqual({ isLiked: true });
    const concurrent = await Promise.all(Array.from({ length: 5 }, () => like(target.id, me.cookie)));
    expect(concurrent.map((response) => response.statusCode)).toEqual(Array(5).fill(200));
    expect(await storedLikes(target.id)).toBe(1);
    expect(await likedCount(me.cookie)).toBe(1);
    expect(await likedIds(me.cookie)).toEqual([target.id]);

    for (const unlike of [...unlikes, ...unlikes]) {
      const response = await unlike(target.id, me.cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ isLiked: false });
    }
    expect(await storedLikes(target.id)).toBe(0);
    expect(await likedCount(me.cookie)).toBe(0);
  });

  it("keeps each listener's likes apart", async () => {
    const [a, b] = [await signUp(t.app), await signUp(t.app)];
    const [mine, theirs] = [await song(), await song()];
    await like(mine.id, a.cookie);
    await like(theirs.id, b.cookie);
    await like(mine.id, b.cookie);
    expect(await status(theirs.id, a.cookie)).toBe(false);
    expect(await likedIds(a.cookie)).toEqual([mine.id]);
    expect(await likedCount(a.cookie)).toBe(1);
    expect(await likedIds(b.cookie)).toEqual([mine.id, theirs.id]);
    expect(await likedCount(b.cookie)).toBe(2);

    // B unliking a song both like leaves A's like alone.
    await unlikes[0]!(mine.id, b.cookie);
    expect(await status(mine.id, a.cookie)).toBe(true);
    expect(await likedCount(a.cookie)).toBe(1);
    expect(await likedIds(b.cookie)).toEqual([theirs.id]);
  });

  it('needs a session, and changes nothing without one', async () => {
    const target = await song();
    for (const [method, action] of songEndpoints) {
      const response = await call(method, `/api/songs/${target.id}/${action}`);
      expect(response.statusCode, `${method} ${action}`).toBe(401);
      expect(response.json()).toEqual({ message: 'You need to sign in to do that.' });
    }
    for (const url of ['/api/liked-songs', '/api/liked-songs/count']) expect((await call('GET', url)).statusCode).toBe(401);
    expect(await storedLikes(target.id)).toBe(0);
  });
});

describe('songs that cannot be liked', () => {
  let me: SignedInUser;
  beforeAll(async () => {
    me = await signUp(t.app);
  });

  it('refuses external songs with the spec text, by their id and by their row id', async () => {
    const external = await buildSong(t.database.db, { artistId, source: 'deezer', externalId: '3135556', isExternal: true, isPreview: true });
    for (const id of ['deezer-3135556', 'youtube-abc', 'soundcloud-1', String(external.id)]) {
      for (const [method, action] of songEndpoints) {
        const response = await call(method, `/api/songs/${id}/${action}`, me.cookie);
        expect(response.statusCode, `${method} ${id}/${action}`).toBe(400);
        expect(response.json()).toEqual({ message: NON_LOCAL_LIKE_MESSAGE });
      }
    }
    expect(NON_LOCAL_LIKE_MESSAGE).toBe('You can only like songs from your library.');
    expect(await storedLikes(external.id)).toBe(0);
  });

  it.each(['abc', '1.5', '0', '-1', '99999999999'])('answers the malformed id %s with 400', async (id) => {
    for (const [method, action] of songEndpoints) {
      const response = await call(method, `/api/songs/${id}/${action}`, me.cookie);
      expect(response.statusCode, `${method} ${action}`).toBe(400);
      expect(response.json()).toEqual({ message: 'Song id must be a number' });
    }
  });

  it('answers 404 for songs that do not exist or are not live', async () => {
    const processing = await buildSong(t.database.db, { artistId, status: 'processing' });
    const rejected = await buildSong(t.database.db, { artistId, status: 'rejected' });
    for (const id of [999_999, processing.id, rejected.id]) {
      for (const [method, action] of songEndpoints) {
        const response = await call(method, `/api/songs/${id}/${action}`, me.cookie);
        expect(response.statusCode, `${method} ${id}/${action}`).toBe(404);
        expect(response.json()).toEqual({ message: 'Song not found' });
      }
    }
    expect(await storedLikes(processing.id)).toBe(0);
    expect(await likedCount(me.cookie)).toBe(0);
  });
});

describe('GET /api/liked-songs', () => {
  it('lists most recently liked first; liking again keeps the first date', async () => {
    const me = await signUp(t.app);
    const [first, second, third] = [await song(), await song(), await song()];
    for (const id of [second.id, third.id, first.id, second.id]) await like(id, me.cookie);
    expect(await likedIds(me.cookie)).toEqual([first.id, third.id, second.id]);
  });

  it('breaks a tie in like time by the newest song', async () => {
    const me = await signUp(t.app);
    const [older, newer] = [await song(), await song()];
    const at = new Date('2025-01-01T00:00:00Z');
    await t.database.db.insert(likedSongs).values([
      { userId: me.user.id, songId: older.id, createdAt: at },
      { userId: me.user.id, songId: newer.id, createdAt: at },
    ]);
    expect(await likedIds(me.cookie)).toEqual([newer.id, older.id]);
  });

  it('answers songs in the shape of spec section 3, with their album and featured artists', async () => {
    const me = await signUp(t.app);
    const guest = await buildArtist(t.database.db, { name: 'Tèmítọ́pẹ́' });
    const album = await buildAlbum(t.database.db, { artistId, title: 'Harmattan', coverKey: 'ab/cover.webp' });
    const target = await buildSong(t.database.db, { artistId, albumId: album.id, title: 'Ìfẹ́', featuring: [guest.id], playCount: 1234 });
    await like(target.id, me.cookie);
    const response = await call('GET', '/api/liked-songs', me.cookie);
    expect(response.statusCode).toBe(200);
    const [listed] = (response.json() as unknown[]).map((item) => songSchema.strict().parse(item));
    expect(listed).toMatchObject({
      id: target.id,
      title: 'Ìfẹ́',
      album: { id: album.id, title: 'Harmattan', coverUrl: '/api/media/ab/cover.webp' },
      coverArtUrl: '/api/media/ab/cover.webp',
      fileUrl: `/api/songs/${target.id}/stream`,
      isExternal: false,
      playCount: 1234,
      featuredArtists: [{ id: guest.id, name: 'Tèmítọ́pẹ́' }],
      source: 'local',
    });
  });

  it('lists and counts live songs only', async () => {
    const me = await signUp(t.app);
    const [kept, hidden] = [await song(), await song()];
    await like(kept.id, me.cookie);
    await like(hidden.id, me.cookie);
    expect(await likedCount(me.cookie)).toBe(2);
    await t.database.db.update(songs).set({ status: 'processing' }).where(eq(songs.id, hidden.id));
    expect(await likedIds(me.cookie)).toEqual([kept.id]);
    expect(await likedCount(me.cookie)).toBe(1);
    // The like is kept: it shows again once the song is live again.
    await t.database.db.update(songs).set({ status: 'live' }).where(eq(songs.id, hidden.id));
    expect(await likedIds(me.cookie)).toEqual([hidden.id, kept.id]);
  });

  it('pages with limit and offset: 100 by default, up to 500', async () => {
    const me = await signUp(t.app);
    const rows = await t.database.db
      .insert(songs)
      .values(Array.from({ length: 101 }, (_, i) => ({ title: `Paged ${i}`, artistId })))
      .returning({ id: songs.id });
    const base = Date.parse('2025-06-01T00:00:00Z');
    // Liked one a minute apart in id order, so the newest like is the last song.
    await t.database.db
      .insert(likedSongs)
      .values(rows.map(({ id }, i) => ({ userId: me.user.id, songId: id, createdAt: new Date(base + i * 60_000) })));
    const newestFirst = rows.map(({ id }) => id).reverse();

    expect(await likedIds(me.cookie)).toEqual(newestFirst.slice(0, 100));
    expect(await likedIds(me.cookie, '?limit=500')).toEqual(newestFirst);
    expect(await likedIds(me.cookie, '?limit=3&offset=2')).toEqual(newestFirst.slice(2, 5));
    expect(await likedIds(me.cookie, '?offset=100')).toEqual(newestFirst.slice(100));
    expect(await likedIds(me.cookie, '?offset=101')).toEqual([]);
    expect(await likedCount(me.cookie)).toBe(101);
  });

  it.each([
    ['limit=0', 'limit must be at least 1'],
    ['limit=501', 'limit must be at most 500'],
    ['limit=abc', 'limit must be a number'],
    ['limit=2.5', 'limit must be a whole number'],
    ['offset=-1', 'offset must not be negative'],
    ['offset=abc', 'offset must be a number'],
  ])('refuses ?%s with a message', async (query, message) => {
    const me = await signUp(t.app);
    const response = await call('GET', `/api/liked-songs?${query}`, me.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('reads the same number of statements for 1 liked song as for 30 (no N+1)', async () => {
    const [few, many] = [await signUp(t.app), await signUp(t.app)];
    const guest = await buildArtist(t.database.db);
    const liked = await Promise.all(Array.from({ length: 30 }, () => buildSong(t.database.db, { artistId, featuring: [guest.id] })));
    await like(liked[0]!.id, few.cookie);
    for (const { id } of liked) await like(id, many.cookie);

    const statementsFor = async (cookie: string) => {
      const before = t.database.statementCount();
      const response = await call('GET', '/api/liked-songs', cookie);
      expect(response.statusCode).toBe(200);
      return { statements: t.database.statementCount() - before, songs: (response.json() as Song[]).length };
    };
    const one = await statementsFor(few.cookie);
    const thirty = await statementsFor(many.cookie);
    expect([one.songs, thirty.songs]).toEqual([1, 30]);
    expect(thirty.statements).toBe(one.statements);
  });

  it('shows a like on the very next read, also after a cached read', async () => {
    const me = await signUp(t.app);
    const target = await song();
    expect(await likedIds(me.cookie)).toEqual([]);
    expect(await likedCount(me.cookie)).toBe(0);
    await like(target.id, me.cookie);
    expect(await likedIds(me.cookie)).toEqual([target.id]);
    expect(await likedCount(me.cookie)).toBe(1);
    await t.database.db.delete(likedSongs).where(and(eq(likedSongs.userId, me.user.id), eq(likedSongs.songId, target.id)));
    expect(await likedIds(me.cookie)).toEqual([]);
    expect(await likedCount(me.cookie)).toBe(0);
  });
});
