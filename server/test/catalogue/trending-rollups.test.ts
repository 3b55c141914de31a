// Trending reads counts kept with each play (songs.recent_play_count, song_daily_plays) instead of
// counting plays: these tests hold those counts equal to the plays themselves, through online and
// offline plays, the window's daily move, and concurrent moves.
import { randomUUID } from 'node:crypto';
import type { OfflinePlay, Song } from '@kora/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.js';
import { songs, trendingWindow } from '../../src/db/schema.js';
import { createTrendingWindowKeeper, moveTrendingWindow, playDay, windowStartFor } from '../../src/features/songs/trending-window.js';
import { buildArtist, buildSong } from '../helpers/catalogue-factories.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { queryRows } from '../helpers/query-rows.js';

const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;
let db: Db;
let artistId: number;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  artistId = (await buildArtist(db)).id;
}, 60_000);
afterAll(() => t.close());


/** Song-days whose rollup differs from the plays recorded that day (UTC). */
function rollupMismatches() {
  return queryRows(db, sql`
    select coalesce(r.song_id, p.song_id) as song_id, coalesce(r.day, p.day)::text as day, r.plays as rolled_up, p.plays as played
    from song_daily_plays r
    full join (select song_id, (played_at at time zone 'UTC')::date as day, count(*)::int as plays from plays group by 1, 2) p
      on p.song_id = r.song_id and p.day = r.day
    where r.plays is distinct from p.plays`);
}

/** Songs whose recent count differs from their plays on the window's days. */
function recentMismatches() {
  return queryRows(db, sql`
    select s.id, s.recent_play_count, coalesce(p.plays, 0) as played
    from songs s
    left join (select song_id, count(*)::int as plays from plays
               where (played_at at time zone 'UTC')::date >= (select starts_on from trending_window) group by song_id) p
      on p.song_id = s.id
    where s.recent_play_count <> coalesce(p.plays, 0)`);
}

async function expectCountsEqualPlays() {
  expect(await rollupMismatches()).toEqual([]);
  expect(await recentMismatches()).toEqual([]);
}

async function recentOf(songId: number): Promise<number> {
  const [row] = await db.select({ recent: songs.recentPlayCount }).from(songs).where(eq(songs.id, songId));
  return row!.recent;
}

async function windowStart(): Promise<string> {
  const [row] = await db.select({ startsOn: trendingWindow.startsOn }).from(trendingWindow);
  return row!.startsOn;
}

function playNow(user: SignedInUser, songId: number) {
  return t.app.inject({ method: 'POST', url: `/api/songs/${songId}/play`, headers: { cookie: user.cookie }, payload: { minutesPlayed: 3 } });
}

async function playOffline(user: SignedInUser, plays: { songId: number; daysAgo: number }[]) {
  const batch: OfflinePlay[] = plays.map(({ songId, daysAgo }) => ({
    clientId: randomUUID(),
    songId,
    playedAt: new Date(Date.now() - daysAgo * DAY_MS).toISOString(),
    secondsPlayed: 120,
  }));
  const response = await t.app.inject({ method: 'POST', url: '/api/plays/offline', headers: { cookie: user.cookie }, payload: { plays: batch } });
  expect(response.statusCode, response.body).toBe(200);
  expect((response.json() as { results: { status: string }[] }).results.map((result) => result.status)).toEqual(plays.map(() => 'recorded'));
}

async function trendingIds(user: SignedInUser): Promise<(number | string)[]> {
  const response = await t.app.inject({ method: 'GET', url: '/api/songs/trending?limit=50', headers: { cookie: user.cookie } });
  expect(response.statusCode).toBe(200);
  return (response.json() as Song[]).map((song) => song.id);
}

describe('trending rollups', () => {
  it('keeps each song-day and each recent count equal to the plays, online and offline, and moves the window by whole days', async () => {
    const [early, steady, old] = [await buildSong(db, { artistId }), await buildSong(db, { artistId }), await buildSong(db, { artistId })];
    const [ada, bayo] = [await signUp(t.app), await signUp(t.app)];
    expect((await playNow(ada, early.id)).json().recorded).toBe(true);
    await playOffline(bayo, [
      { songId: early.id, daysAgo: 20 },
      { songId: old.id, daysAgo: 10 },
      { songId: steady.id, daysAgo: 3 },
      { songId: steady.id, daysAgo: 1 },
    ]);
    await expectCountsEqualPlays();
    expect([await recentOf(early.id), await recentOf(steady.id), await recentOf(old.id)]).toEqual([1, 2, 0]);
    // Two plays this week, then one, then none (its play is ten days old).
    let order = await trendingIds(ada);
    expect(order.indexOf(steady.id)).toBeLessThan(order.indexOf(early.id));
    expect(order.indexOf(early.id)).toBeLessThan(order.indexOf(old.id));

    // Four days on, the window starts the day before yesterday: steady's play three days ago leaves it.
    const fourDaysOn = windowStartFor(new Date(Date.now() + 4 * DAY_MS));
    expect(await moveTrendingWindow(db, fourDaysOn)).toBe(true);
    expect(await moveTrendingWindow(db, fourDaysOn)).toBe(false);
    expect(await windowStart()).toBe(fourDaysOn);
    await expectCountsEqualPlays();
    expect(await recentOf(steady.id)).toBe(1);

    // A play older than the window still counts for its day, not for trending; one inside it counts for both.
    await playOffline(ada, [{ songId: old.id, daysAgo: 4 }, { songId: old.id, daysAgo: 0.5 }]);
    await expectCountsEqualPlays();
    expect(await recentOf(old.id)).toBe(1);
    // One play each this window now: old's three plays in all put it first.
    order = await trendingIds(ada);
    expect(order.indexOf(old.id)).toBeLessThan(order.indexOf(steady.id));
    expect(order.indexOf(old.id)).toBeLessThan(order.indexOf(early.id));
  });

  it('moves the window once when processes ask at once on a new day, and never back', async () => {
    const song = await buildSong(db, { artistId });
    const listener = await signUp(t.app);
    await playOffline(listener, [{ songId: song.id, daysAgo: 2 }]);
    await playNow(listener, song.id);
    const weekOn = new Date(Date.now() + 6 * DAY_MS);
    const keepers = [createTrendingWindowKeeper(db, () => weekOn), createTrendingWindowKeeper(db, () => weekOn)];
    await Promise.all(keepers.flatMap((keeper) => [keeper.ensureCurrent(), keeper.ensureCurrent()]));
    expect(await windowStart()).toBe(playDay(new Date()));
    await expectCountsEqualPlays();
    expect(await recentOf(song.id)).toBe(1);
    await createTrendingWindowKeeper(db).ensureCurrent();
    expect(await windowStart()).toBe(playDay(new Date()));
  });
});
