import { randomUUID } from 'node:crypto';
import { type OfflinePlay, offlinePlaysResponseSchema, type Song, type UserStats } from '@kora/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listeningTotals, plays, songs } from '../../src/db/schema.js';
import { buildArtist, buildSong } from '../helpers/catalogue-factories.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

let t: TestApp;
let artistId: number;
let listener: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  artistId = (await buildArtist(t.database.db)).id;
}, 60_000);
afterAll(() => t.close());
// A listener per test: each one's plays are judged against their own history.
beforeEach(async () => {
  listener = await signUp(t.app);
});

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const offlinePlay = (songId: number, values: Partial<OfflinePlay> = {}): OfflinePlay => ({
  clientId: randomUUID(),
  songId,
  playedAt: ago(DAY_MS),
  secondsPlayed: 120,
  ...values,
});

/** Sends a batch as `user`; null sends it without a session. */
function send(payload: unknown, user: SignedInUser | null = listener) {
  return t.app.inject({
    method: 'POST',
    url: '/api/plays/offline',
    headers: user ? { cookie: user.cookie } : {},
    payload: payload as object,
  });
}

async function sync(batch: OfflinePlay[], user = listener) {
  const response = await send({ plays: batch }, user);
  expect(response.statusCode, response.body).toBe(200);
  return offlinePlaysResponseSchema.strict().parse(response.json()).results;
}

/** Everything offline plays may change for a listener and a song. */
async function stateOf(userId: number, songId: number) {
  const db = t.database.db;
  const [song] = await db.select({ playCount: songs.playCount }).from(songs).where(eq(songs.id, songId));
  const rows = await db
    .select({ songId: plays.songId, secondsPlayed: plays.secondsPlayed, playedAt: plays.playedAt, clientId: plays.clientId })
    .from(plays)
    .where(eq(plays.userId, userId))
    .orderBy(asc(plays.playedAt));
  const [totals] = await db.select().from(listeningTotals).where(eq(listeningTotals.userId, userId));
  return { songPlayCount: song!.playCount, plays: rows, totals: totals ? { playCount: totals.playCount, seconds: totals.secondsPlayed } : null };
}

describe('POST /api/plays/offline', () => {
  it('needs a session', async () => {
    const song = await buildSong(t.database.db, { artistId });
    const response = await send({ plays: [offlinePlay(song.id)] }, null);
    expect(response.statusCode).toBe(401);
    expect((await stateOf(listener.user.id, song.id)).songPlayCount).toBe(0);
  });

  it('records a past play at its own time, counted on the song and in the listener\'s totals', async () => {
    const song = await buildSong(t.database.db, { artistId, playCount: 7, duration: 180 });
    const play = offlinePlay(song.id, { playedAt: ago(3 * DAY_MS), secondsPlayed: 95.4 });
    expect(await sync([play])).toEqual([{ clientId: play.clientId, status: 'recorded' }]);
    expect(await stateOf(listener.user.id, song.id)).toEqual({
      songPlayCount: 8,
      plays: [{ songId: song.id, secondsPlayed: 95, playedAt: new Date(play.playedAt), clientId: play.clientId }],
      totals: { playCount: 1, seconds: 95 },
    });
  });

  it('shows the plays in Recently played, in the order they happened, and in the stats', async () => {
    const [a, b] = [await buildSong(t.database.db, { artistId }), await buildSong(t.database.db, { artistId })];
    await sync([offlinePlay(b.id, { playedAt: ago(2 * DAY_MS) }), offlinePlay(a.id, { playedAt: ago(DAY_MS), secondsPlayed: 180 })]);
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: listener.cookie } });
    expect(((await get('/api/songs/recently-played')).json() as Song[]).map((song) => song.id)).toEqual([a.id, b.id]);
    const stats = (await get('/api/user/stats')).json() as UserStats;
    expect(stats).toMatchObject({ totalPlayCount: 2, minutesStreamed: 5 });
  });

  it('is idempotent: a resent batch answers duplicate and changes nothing', async () => {
    const song = await buildSong(t.database.db, { artistId });
    const batch = [offlinePlay(song.id, { playedAt: ago(2 * DAY_MS) }), offlinePlay(song.id, { playedAt: ago(DAY_MS) })];
    expect((await sync(batch)).map((result) => result.status)).toEqual(['recorded', 'recorded']);
    const after = await stateOf(listener.user.id, song.id);
    expect(await sync(batch)).toEqual(batch.map(({ clientId }) => ({ clientId, status: 'duplicate', message: 'This play was already recorded.' })));
    // The same id twice in one batch, or with other values, is still the one play.
    const again = { ...batch[0]!, playedAt: ago(5 * DAY_MS) };
    expect((await sync([again, again])).map((result) => result.status)).toEqual(['duplicate', 'duplicate']);
    expect(await stateOf(listener.user.id, song.id)).toEqual(after);
  });

  it('counts a batch once when the device sends it twice at the same time', async () => {
    const song = await buildSong(t.database.db, { artistId });
    const batch = [offlinePlay(song.id, { playedAt: ago(2 * DAY_MS) }), offlinePlay(song.id, { playedAt: ago(DAY_MS) })];
    const [first, second] = await Promise.all([sync(batch), sync(batch)]);
    const statuses = [first, second].map((results) => results.map((result) => result.status).join());
    expect(statuses.sort()).toEqual(['duplicate,duplicate', 'recorded,recorded']);
    expect((await stateOf(listener.user.id, song.id)).songPlayCount).toBe(2);
  });

  it('counts a new id once even when it is sent twice in one batch', async () => {
    const song = await buildSong(t.database.db, { artistId });
    const play = offlinePlay(song.id);
    expect((await sync([play, play])).map((result) => result.status)).toEqual(['recorded', 'duplicate']);
    expect((await stateOf(listener.user.id, song.id)).songPlayCount).toBe(1);
  });

  it('keeps each listener\'s ids their own: another listener\'s same id is their own play and touches nobody else\'s', async () => {
    const song = await buildSong(t.database.db, { artistId });
    const other = await signUp(t.app);
    const play = offlinePlay(song.id, { playedAt: ago(2 * DAY_MS) });
    await sync([play]);
    const mine = await stateOf(listener.user.id, song.id);
    expect(await sync([{ ...play, playedAt: ago(DAY_MS), secondsPlayed: 60 }], other)).toEqual([{ clientId: play.clientId, status: 'recorded' }]);
    expect((await stateOf(other.user.id, song.id)).plays).toEqual([expect.objectContaining({ secondsPlayed: 60, clientId: play.clientId })]);
    expect(await stateOf(listener.user.id, song.id)).toEqual({ ...mine, songPlayCount: 2 });
  });

  it('does not count a play under 30 seconds, and credits no more than the song lasts', async () => {
    const song = await buildSong(t.database.db, { artistId, duration: 150 });
    const short = offlinePlay(song.id, { secondsPlayed: 29.4, playedAt: ago(2 * DAY_MS) });
    const long = offlinePlay(song.id, { secondsPlayed: 5000 });
    expect(await sync([short, long])).toEqual([
      { clientId: short.clientId, status: 'not-counted', message: 'Plays count from 30 seconds.' },
      { clientId: long.clientId, status: 'recorded' },
    ]);
    expect((await stateOf(listener.user.id, song.id)).plays.map((row) => row.secondsPlayed)).toEqual([150]);
  });

  it('rejects plays dated in the future or older than the licence period, and allows a device clock a little ahead', async () => {
    const song = await buildSong(t.database.db, { artistId });
    const future = offlinePlay(song.id, { playedAt: ago(-6 * MINUTE_MS) });
    const tooOld = offlinePlay(song.id, { playedAt: ago(30 * DAY_MS + MINUTE_MS) });
    const oldest = offlinePlay(song.id, { playedAt: ago(30 * DAY_MS - MINUTE_MS) });
    const skewed = offlinePlay(song.id, { playedAt: ago(-4 * MINUTE_MS) });
    const before = Date.now();
    expect(await sync([future, tooOld, oldest, skewed])).toEqual([
      { clientId: future.clientId, status: 'rejected', message: 'This play is dated in the future.' },
      { clientId: tooOld.clientId, status: 'rejected', message: 'This play is older than 30 days.' },
      { clientId: oldest.clientId, status: 'recorded' },
      { clientId: skewed.clientId, status: 'recorded' },
    ]);
    // The play ahead of the server's clock is recorded at the server's now, not in the future.
    const rows = (await stateOf(listener.user.id, song.id)).plays;
    expect(rows.map((row) => row.clientId)).toEqual([oldest.clientId, skewed.clientId]);
    expect(rows[1]!.playedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(rows[1]!.playedAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('rejects songs that do not exist, are not live or are not in the library, and answers in request order', async () => {
    const db = t.database.db;
    const live = await buildSong(db, { artistId });
    const processing = await buildSong(db, { artistId, status: 'processing' });
    const external = await buildSong(db, { artistId, source: 'deezer', externalId: '3135556', isExternal: true, isPreview: true });
    const batch = [offlinePlay(999_999), offlinePlay(processing.id), offlinePlay(live.id), offlinePlay(external.id)];
    expect((await sync(batch)).map(({ clientId, status, message }) => [batch.findIndex((p) => p.clientId === clientId), status, message])).toEqual([
      [0, 'rejected', 'Song not found'],
      [1, 'rejected', 'Song not found'],
      [2, 'recorded', undefined],
      [3, 'rejected', 'Plays are counted only for songs in the library.'],
    ]);
    for (const song of [processing, external]) expect(await stateOf(listener.user.id, song.id)).toMatchObject({ songPlayCount: 0 });
  });

  it('cannot stack plays on the same time: a forged batch counts what one listener could have heard', async () => {
    const [a, b] = [await buildSong(t.database.db, { artistId }), await buildSong(t.database.db, { artistId })];
    const at = ago(DAY_MS);
    const forged = [offlinePlay(a.id, { playedAt: at }), ...Array.from({ length: 5 }, (_, i) => offlinePlay(i % 2 ? a.id : b.id, { playedAt: at }))];
    const results = await sync(forged);
    expect(results.map((result) => result.status)).toEqual(['recorded', ...Array(5).fill('not-counted')]);
    expect(results[1]!.message).toBe('Another play of yours was counted at that time.');
    // Nor inside the listening the recorded play was credited with (the two minutes before it).
    expect((await sync([offlinePlay(b.id, { playedAt: new Date(Date.parse(at) - 30_000).toISOString() })]))[0]!.status).toBe('not-counted');
    expect((await stateOf(listener.user.id, a.id)).totals).toEqual({ playCount: 1, seconds: 120 });
  });

  it('does not count an offline play inside the listening of a play reported online', async () => {
    const song = await buildSong(t.database.db, { artistId });
    const online = await t.app.inject({ method: 'POST', url: `/api/songs/${song.id}/play`, headers: { cookie: listener.cookie }, payload: { minutesPlayed: 2 } });
    expect(online.json()).toMatchObject({ recorded: true });
    const other = await buildSong(t.database.db, { artistId });
    expect((await sync([offlinePlay(other.id, { playedAt: ago(MINUTE_MS) })]))[0]!.status).toBe('not-counted');
    expect((await sync([offlinePlay(other.id, { playedAt: ago(5 * MINUTE_MS) })]))[0]!.status).toBe('recorded');
  });

  it.each([
    ['no list', {}, 'plays must be a list'],
    ['an empty list', { plays: [] }, 'plays must hold at least one play'],
    ['101 plays', { plays: Array.from({ length: 101 }, () => offlinePlay(1)) }, 'plays must hold at most 100 plays'],
    ['a clientId that is not a UUID', { plays: [offlinePlay(1, { clientId: 'not-a-uuid' })] }, 'clientId must be a UUID'],
    ['a playedAt that is not a date', { plays: [offlinePlay(1, { playedAt: 'yesterday' })] }, 'playedAt must be an ISO 8601 date and time'],
    ['negative seconds', { plays: [offlinePlay(1, { secondsPlayed: -1 })] }, 'secondsPlayed must not be negative'],
    ['a songId in a string', { plays: [{ ...offlinePlay(1), songId: '1' }] }, 'songId must be a number'],
    ['a fractional songId', { plays: [{ ...offlinePlay(1), songId: 1.5 }] }, 'songId must be a whole number'],
  ])('refuses %s with a message and records nothing', async (_label, payload, message) => {
    const response = await send(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await t.database.db.select().from(plays).where(eq(plays.userId, listener.user.id))).toEqual([]);
  });

  it('records nothing of a batch with one bad play among good ones', async () => {
    const song = await buildSong(t.database.db, { artistId });
    const response = await send({ plays: [offlinePlay(song.id), { ...offlinePlay(song.id), secondsPlayed: 'lots' }] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'secondsPlayed must be a number' });
    expect(await stateOf(listener.user.id, song.id)).toEqual({ songPlayCount: 0, plays: [], totals: null });
  });

  it('limits batches per listener, not per address', async () => {
    const song = await buildSong(t.database.db, { artistId });
    for (let i = 0; i < 10; i++) expect((await send({ plays: [offlinePlay(song.id, { secondsPlayed: 1 })] })).statusCode).toBe(200);
    const limited = await send({ plays: [offlinePlay(song.id)] });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Too many offline plays sent. Please wait a minute and try again.' });
    expect((await sync([offlinePlay(song.id)], await signUp(t.app)))[0]!.status).toBe('recorded');
  });
});
