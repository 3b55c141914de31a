import { recordPlayResponseSchema, type Song } from '@kora/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { plays, songs } from '../../src/db/schema.js';
import { buildArtist, buildSong, insertPlay } from '../helpers/catalogue-factories.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { rewindPlays } from './play-helpers.js';

let t: TestApp;
let listener: SignedInUser;
let artistId: number;

beforeAll(async () => {
  t = await createTestApp();
  artistId = (await buildArtist(t.database.db)).id;
}, 60_000);
afterAll(() => t.close());
// A listener per test: each one's plays are judged against their own clock (play-limits.test.ts).
beforeEach(async () => {
  listener = await signUp(t.app);
});

function play(songId: number | string, payload?: Record<string, unknown>, cookie = listener.cookie) {
  const headers = cookie ? { cookie } : {};
  const url = `/api/songs/${songId}/play`;
  return payload === undefined ? t.app.inject({ method: 'POST', url, headers }) : t.app.inject({ method: 'POST', url, headers, payload });
}

async function stateOf(songId: number) {
  const [song] = await t.database.db.select({ playCount: songs.playCount }).from(songs).where(eq(songs.id, songId));
  const [logged] = await t.database.db.select({ n: count() }).from(plays).where(eq(plays.songId, songId));
  return { playCount: song!.playCount, plays: logged!.n };
}

describe('POST /api/songs/{id}/play', () => {
  it('needs a session', async () => {
    const song = await buildSong(t.database.db, { artistId });
    const response = await play(song.id, { minutesPlayed: 1 }, '');
    expect(response.statusCode).toBe(401);
    expect(await stateOf(song.id)).toEqual({ playCount: 0, plays: 0 });
  });

  it('records nothing without a body, or for less than 30 seconds', async () => {
    const song = await buildSong(t.database.db, { artistId, playCount: 7 });
    for (const payload of [undefined, {}, { minutesPlayed: 29 / 60 }, { minutesPlayed: 0 }]) {
      const response = await play(song.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(200);
      expect(response.json()).toEqual({ recorded: false, playCount: 7, secondsCounted: 0 });
    }
    expect(await stateOf(song.id)).toEqual({ playCount: 7, plays: 0 });
  });

  it('records a play from 30 seconds and answers the new count', async () => {
    const song = await buildSong(t.database.db, { artistId, playCount: 7 });
    const response = await play(song.id, { minutesPlayed: 0.5 });
    expect(response.statusCode).toBe(200);
    expect(recordPlayResponseSchema.strict().parse(response.json())).toEqual({ recorded: true, playCount: 8, secondsCounted: 30 });
    expect(await stateOf(song.id)).toEqual({ playCount: 8, plays: 1 });
    const [row] = await t.database.db.select().from(plays).where(eq(plays.songId, song.id));
    expect(row).toMatchObject({ userId: listener.user.id, secondsPlayed: 30 });
  });

  it('credits no more than the song lasts', async () => {
    const song = await buildSong(t.database.db, { artistId, duration: 60 });
    expect((await play(song.id, { minutesPlayed: 10 })).json()).toEqual({ recorded: true, playCount: 1, secondsCounted: 60 });
  });

  it('adds up concurrent plays of different listeners exactly', async () => {
    const song = await buildSong(t.database.db, { artistId, playCount: 100 });
    const listeners = await Promise.all(Array.from({ length: 10 }, () => signUp(t.app)));
    const responses = await Promise.all(listeners.map((other) => play(song.id, { minutesPlayed: 1 }, other.cookie)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    expect(responses.map((response) => response.json().playCount as number).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 10 }, (_, i) => 101 + i),
    );
    expect(await stateOf(song.id)).toEqual({ playCount: 110, plays: 10 });
  });

  it.each([
    [{ minutesPlayed: 'ten' }, 'minutesPlayed must be a number'],
    [{ minutesPlayed: -1 }, 'minutesPlayed must not be negative'],
    [{ minutesPlayed: 100_000 }, 'minutesPlayed is too large'],
  ])('refuses %j with a message and changes nothing', async (payload, message) => {
    const song = await buildSong(t.database.db, { artistId });
    const response = await play(song.id, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await stateOf(song.id)).toEqual({ playCount: 0, plays: 0 });
  });

  it('answers 404 for songs that do not exist or are not live', async () => {
    const processing = await buildSong(t.database.db, { artistId, status: 'processing' });
    for (const id of [999_999, processing.id]) {
      const response = await play(id, { minutesPlayed: 1 });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Song not found' });
    }
    expect(await stateOf(processing.id)).toEqual({ playCount: 0, plays: 0 });
  });

  it('refuses external songs and ids that are not numbers', async () => {
    const external = await buildSong(t.database.db, { artistId, source: 'deezer', externalId: '3135556', isExternal: true, isPreview: true });
    const library = { message: 'Plays are counted only for songs in the library.' };
    expect((await play('deezer-3135556', { minutesPlayed: 1 })).json()).toEqual(library);
    const byRowId = await play(external.id, { minutesPlayed: 1 });
    expect(byRowId.statusCode).toBe(400);
    expect(byRowId.json()).toEqual(library);
    const notANumber = await play('abc', { minutesPlayed: 1 });
    expect(notANumber.statusCode).toBe(400);
    expect(notANumber.json()).toEqual({ message: 'Song id must be a number' });
    expect(await stateOf(external.id)).toEqual({ playCount: 0, plays: 0 });
  });
});

describe('what plays change', () => {
  const get = async (url: string, cookie: string) => (await t.app.inject({ method: 'GET', url, headers: { cookie } })).json() as Song[];

  it('puts the songs in recently played, most recent first, each once', async () => {
    const me = await signUp(t.app);
    const [a, b] = [await buildSong(t.database.db, { artistId }), await buildSong(t.database.db, { artistId })];
    for (const id of [a.id, b.id, a.id]) {
      expect((await play(id, { minutesPlayed: 3 }, me.cookie)).json().recorded).toBe(true);
      await rewindPlays(t.database.db, me.user.id, 600);
    }
    await play(b.id, { minutesPlayed: 0.1 }, me.cookie);
    expect((await get('/api/songs/recently-played', me.cookie)).map((song) => song.id)).toEqual([a.id, b.id]);
  });

  it('ranks trending by plays of the last 7 days, then by all-time count', async () => {
    const db = t.database.db;
    const monthAgo = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000);
    const formerHit = await buildSong(db, { artistId, playCount: 900_000 });
    const quiet = await buildSong(db, { artistId, playCount: 5 });
    const newHit = await buildSong(db, { artistId, playCount: 10 });
    const rival = await buildSong(db, { artistId, playCount: 5_000 });
    const steady = await buildSong(db, { artistId, playCount: 50 });
    for (let i = 0; i < 5; i++) await insertPlay(db, { userId: listener.user.id, songId: formerHit.id, playedAt: monthAgo });
    for (const id of [newHit.id, newHit.id, rival.id, rival.id, steady.id]) {
      expect((await play(id, { minutesPlayed: 3 })).json().recorded).toBe(true);
      await rewindPlays(db, listener.user.id, 600);
    }

    const order = (await get('/api/songs/trending?limit=50', listener.cookie)).map((song) => song.id);
    const at = (id: number) => order.indexOf(id);
    expect(order).toEqual(expect.arrayContaining([formerHit.id, quiet.id, newHit.id, rival.id, steady.id]));
    // Two recent plays each: the all-time count breaks the tie.
    expect(at(rival.id)).toBeLessThan(at(newHit.id));
    expect(at(newHit.id)).toBeLessThan(at(steady.id));
    // Old plays do not count as recent; all-time counts order the songs without recent plays.
    expect(at(steady.id)).toBeLessThan(at(formerHit.id));
    expect(at(formerHit.id)).toBeLessThan(at(quiet.id));
  });
});
