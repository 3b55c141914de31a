// Recently played reads a listener's latest plays first and their whole history only when those
// hold too few songs: both ways give the same answer, the songs by their last play, newest first.
import type { Song } from '@kora/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { plays, songs } from '../../src/db/schema.js';
import { buildArtist, buildSong } from '../helpers/catalogue-factories.js';
import { signUp } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

/** A new listener and `count` songs of one artist, in the order they were made. */
async function listenerAndSongs(count: number) {
  const db = t.database.db;
  const artistId = (await buildArtist(db)).id;
  const listener = await signUp(t.app);
  const songIds: number[] = [];
  for (let i = 0; i < count; i++) songIds.push((await buildSong(db, { artistId })).id);
  return { listener, songIds };
}

/** The ids recently played lists for the listener. */
async function recentlyPlayed(cookie: string, limit: number): Promise<Song['id'][]> {
  const response = await t.app.inject({ method: 'GET', url: `/api/songs/recently-played?limit=${limit}`, headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return (response.json() as Song[]).map((song) => song.id);
}

it('answers from the latest plays when they hold enough songs, and from the whole history when not', async () => {
  const db = t.database.db;
  const { listener, songIds } = await listenerAndSongs(25);
  // 700 plays, one a minute: the first five songs only long ago, the other twenty over and over since.
  const start = Date.now() - 800 * 60_000;
  const history = Array.from({ length: 700 }, (_, i) => ({
    userId: listener.user.id,
    songId: i < 5 ? songIds[i]! : songIds[5 + ((i * 7) % 20)]!,
    secondsPlayed: 60,
    playedAt: new Date(start + i * 60_000),
  }));
  await db.insert(plays).values(history);
  const lastPlay = new Map<number, number>();
  for (const play of history) lastPlay.set(play.songId, play.playedAt.getTime());
  const expected = [...lastPlay.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0]).map(([songId]) => songId);

  const recent = (limit: number) => recentlyPlayed(listener.cookie, limit);
  // Twenty songs in the latest 500 plays: the answer comes from them.
  expect(await recent(20)).toEqual(expected.slice(0, 20));
  // Twenty-five asked: the five played only long ago are found in the whole history.
  expect(await recent(25)).toEqual(expected);
  expect(expected.slice(20).sort()).toEqual(songIds.slice(0, 5).sort());
});

it('leaves out a song that is no longer live, and still fills the list from the songs played before it', async () => {
  const db = t.database.db;
  const { listener, songIds } = await listenerAndSongs(4);
  const start = Date.now() - 60 * 60_000;
  await db.insert(plays).values(songIds.map((songId, i) => ({ userId: listener.user.id, songId, secondsPlayed: 60, playedAt: new Date(start + i * 60_000) })));
  const recent = () => recentlyPlayed(listener.cookie, 3);
  expect(await recent()).toEqual([songIds[3], songIds[2], songIds[1]]);

  // The latest played is withdrawn: the three before it are the answer.
  await db.update(songs).set({ status: 'withdrawn' }).where(eq(songs.id, songIds[3]!));
  expect(await recent()).toEqual([songIds[2], songIds[1], songIds[0]]);
});
