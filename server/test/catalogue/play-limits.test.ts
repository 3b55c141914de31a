import { type Song, type UserStats } from '@kora/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listeningTotals, plays, songs } from '../../src/db/schema.js';
import { REPORT_DELAY_TOLERANCE_SECONDS } from '../../src/features/plays/play-credit.js';
import { createPlayQueries } from '../../src/features/plays/queries.js';
import { PLAY_RATE_LIMIT_MESSAGE, PLAY_REPORTS_PER_MINUTE } from '../../src/features/plays/routes.js';
import { createPlayService } from '../../src/features/plays/service.js';
import { createSongQueries } from '../../src/features/songs/queries.js';
import { buildArtist, buildSong } from '../helpers/catalogue-factories.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { rewindPlays } from './play-helpers.js';

let t: TestApp;
let artistId: number;

beforeAll(async () => {
  t = await createTestApp();
  artistId = (await buildArtist(t.database.db)).id;
}, 60_000);
afterAll(() => t.close());

/** Songs of three minutes, the factory's length. */
const SONG_SECONDS = 180;

function play(listener: SignedInUser, songId: number, minutesPlayed = 3) {
  return t.app.inject({ method: 'POST', url: `/api/songs/${songId}/play`, headers: { cookie: listener.cookie }, payload: { minutesPlayed } });
}

async function playCountOf(songId: number): Promise<number> {
  const [row] = await t.database.db.select({ playCount: songs.playCount }).from(songs).where(eq(songs.id, songId));
  return row!.playCount;
}

async function playsOf(listener: SignedInUser) {
  return t.database.db
    .select({ songId: plays.songId, secondsPlayed: plays.secondsPlayed, playedAt: plays.playedAt })
    .from(plays)
    .where(eq(plays.userId, listener.user.id))
    .orderBy(asc(plays.playedAt));
}

async function get<T>(url: string, listener: SignedInUser): Promise<T> {
  const response = await t.app.inject({ method: 'GET', url, headers: { cookie: listener.cookie } });
  expect(response.statusCode).toBe(200);
  return response.json() as T;
}

/** The listening each counted play credits, [played_at - seconds, played_at], never overlaps the one before. */
function expectNoOverlap(rows: { secondsPlayed: number; playedAt: Date }[]) {
  for (let i = 1; i < rows.length; i++) {
    const start = rows[i]!.playedAt.getTime() - rows[i]!.secondsPlayed * 1000;
    expect(start).toBeGreaterThanOrEqual(rows[i - 1]!.playedAt.getTime());
  }
}

describe('one listener cannot be credited with more listening than the clock allows', () => {
  it('counts one play of a burst of 100 reports of one song, and refuses the flood', async () => {
    const listener = await signUp(t.app);
    const song = await buildSong(t.database.db, { artistId, playCount: 41 });
    const answers = [];
    for (let i = 0; i < 100; i++) answers.push(await play(listener, song.id));

    const accepted = answers.filter((answer) => answer.statusCode === 200).map((answer) => answer.json());
    expect(accepted).toHaveLength(PLAY_REPORTS_PER_MINUTE);
    expect(accepted[0]).toEqual({ recorded: true, playCount: 42, secondsCounted: SONG_SECONDS });
    expect(accepted.slice(1)).toEqual(Array(PLAY_REPORTS_PER_MINUTE - 1).fill({ recorded: false, playCount: 42, secondsCounted: 0 }));
    expect(answers.slice(PLAY_REPORTS_PER_MINUTE).map((answer) => answer.statusCode)).toEqual(Array(100 - PLAY_REPORTS_PER_MINUTE).fill(429));
    expect(await playCountOf(song.id)).toBe(42);
    expect(await playsOf(listener)).toHaveLength(1);
  });

  it('counts one play of concurrent reports, of one song or of several', async () => {
    const listener = await signUp(t.app);
    const song = await buildSong(t.database.db, { artistId });
    const sameSong = await Promise.all(Array.from({ length: 10 }, () => play(listener, song.id)));
    expect(sameSong.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    expect(sameSong.filter((answer) => answer.json().recorded)).toHaveLength(1);
    expect(await playCountOf(song.id)).toBe(1);

    await rewindPlays(t.database.db, listener.user.id, 3600);
    const others = await Promise.all(Array.from({ length: 10 }, () => buildSong(t.database.db, { artistId })));
    const severalSongs = await Promise.all(others.map((other) => play(listener, other.id)));
    expect(severalSongs.filter((answer) => answer.json().recorded)).toHaveLength(1);
    expect((await Promise.all(others.map((other) => playCountOf(other.id)))).reduce((a, b) => a + b)).toBe(1);
    expect(await playsOf(listener)).toHaveLength(2);
  });

  it('credits reports of several songs in quick succession no more than the time since the last play', async () => {
    const listener = await signUp(t.app);
    const [first, ...next] = await Promise.all(Array.from({ length: 6 }, () => buildSong(t.database.db, { artistId })));
    expect((await play(listener, first!.id)).json()).toMatchObject({ recorded: true, secondsCounted: SONG_SECONDS });
    // 100 seconds pass: a three-minute song reported now can only have been heard for 100 of them.
    await rewindPlays(t.database.db, listener.user.id, 100);
    const answers = [];
    for (const song of next) answers.push((await play(listener, song.id)).json() as { recorded: boolean; secondsCounted: number });

    const counted = answers.filter((answer) => answer.recorded);
    expect(counted).toHaveLength(1);
    expect(counted[0]!.secondsCounted).toBeGreaterThanOrEqual(100);
    expect(counted[0]!.secondsCounted).toBeLessThan(SONG_SECONDS);
    const rows = await playsOf(listener);
    expect(rows).toHaveLength(2);
    expectNoOverlap(rows);
    const [totals] = await t.database.db.select().from(listeningTotals).where(eq(listeningTotals.userId, listener.user.id));
    expect(totals).toMatchObject({ playCount: 2, secondsPlayed: SONG_SECONDS + counted[0]!.secondsCounted });
  });

  it('counts a song again once it could have been heard again, and another song meanwhile', async () => {
    const listener = await signUp(t.app);
    const [song, other] = [await buildSong(t.database.db, { artistId }), await buildSong(t.database.db, { artistId })];
    expect((await play(listener, song.id)).json().recorded).toBe(true);
    // Two minutes later: the song cannot have played through again, another one can have been heard.
    await rewindPlays(t.database.db, listener.user.id, 120);
    expect((await play(listener, song.id)).json()).toMatchObject({ recorded: false, playCount: 1 });
    expect((await play(listener, other.id, 2)).json()).toEqual({ recorded: true, playCount: 1, secondsCounted: 120 });
    // A minute later the song's length has passed since it counted.
    await rewindPlays(t.database.db, listener.user.id, SONG_SECONDS - 120);
    expect((await play(listener, song.id, 1)).json()).toEqual({ recorded: true, playCount: 2, secondsCounted: 60 });
    expect(await playCountOf(song.id)).toBe(2);
    expectNoOverlap(await playsOf(listener));
  });

  it('limits each listener to a number of reports a minute, with a message, changing nothing', async () => {
    const listener = await signUp(t.app);
    const song = await buildSong(t.database.db, { artistId });
    for (let i = 0; i < PLAY_REPORTS_PER_MINUTE; i++) expect((await play(listener, song.id, 0.2)).statusCode).toBe(200);
    const refused = await play(listener, song.id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: PLAY_RATE_LIMIT_MESSAGE });
    expect(await playCountOf(song.id)).toBe(0);
    expect(await playsOf(listener)).toEqual([]);
    // Listeners are limited one by one, not by the address they share.
    expect((await play(await signUp(t.app), song.id)).json()).toMatchObject({ recorded: true, playCount: 1 });
  });
});

describe('what reports that are not counted change', () => {
  it('leaves stats, badges, trending, recently played and play counts to counted plays', async () => {
    const flooder = await signUp(t.app);
    const fans = await Promise.all([signUp(t.app), signUp(t.app)]);
    const flooded = await buildSong(t.database.db, { artistId, playCount: 0 });
    const liked = await buildSong(t.database.db, { artistId, playCount: 0 });
    const never = await buildSong(t.database.db, { artistId, playCount: 0 });
    for (let i = 0; i < PLAY_REPORTS_PER_MINUTE; i++) await play(flooder, flooded.id, 10);
    for (const fan of fans) expect((await play(fan, liked.id)).json().recorded).toBe(true);
    // A report cut short, and one the clock leaves no room for (another song counted a moment ago).
    expect((await play(fans[0]!, never.id, 0.4)).json().recorded).toBe(false);
    expect((await play(fans[1]!, never.id)).json().recorded).toBe(false);

    // Three minutes credited (the song's length), one play: far from the badges' 100 minutes and 50 plays.
    expect(await get<UserStats>('/api/user/stats', flooder)).toMatchObject({ totalPlayCount: 1, minutesStreamed: 3 });
    expect(await get<UserStats>('/api/user/stats', fans[0]!)).toMatchObject({ totalPlayCount: 1, minutesStreamed: 3 });
    expect([await playCountOf(flooded.id), await playCountOf(liked.id), await playCountOf(never.id)]).toEqual([1, 2, 0]);
    const trending = (await get<Song[]>('/api/songs/trending?limit=50', flooder)).map((song) => song.id);
    expect(trending.indexOf(liked.id)).toBeLessThan(trending.indexOf(flooded.id));
    expect(trending.indexOf(flooded.id)).toBeLessThan(trending.indexOf(never.id));
    expect((await get<Song[]>('/api/songs/recently-played', fans[0]!)).map((song) => song.id)).toEqual([liked.id]);
  });
});

describe('the play service on a clock the test moves', () => {
  function serviceAt(start: number) {
    let now = start;
    const service = createPlayService({
      findSong: createSongQueries(t.database.db).findLiveSong,
      transaction: createPlayQueries(t.database.db).transaction,
      now: () => new Date(now),
    });
    return { service, advance: (seconds: number) => void (now += seconds * 1000) };
  }

  it('credits across songs exactly the time that passed since the last counted play', async () => {
    const { user } = await signUp(t.app);
    const [a, b, c] = await Promise.all(Array.from({ length: 3 }, () => buildSong(t.database.db, { artistId })));
    const { service, advance } = serviceAt(Date.now());
    expect(await service.recordPlay(user.id, a!.id, { minutesPlayed: 3 })).toMatchObject({ recorded: true, secondsCounted: 180 });
    advance(60);
    expect(await service.recordPlay(user.id, b!.id, { minutesPlayed: 3 })).toMatchObject({ recorded: true, secondsCounted: 60 });
    advance(10);
    expect(await service.recordPlay(user.id, c!.id, { minutesPlayed: 3 })).toMatchObject({ recorded: false, secondsCounted: 0 });
    advance(40);
    expect(await service.recordPlay(user.id, c!.id, { minutesPlayed: 3 })).toMatchObject({ recorded: true, secondsCounted: 50 });
    const [totals] = await t.database.db.select().from(listeningTotals).where(eq(listeningTotals.userId, user.id));
    // The first song's three minutes, then the 110 seconds that passed.
    expect(totals).toMatchObject({ playCount: 3, secondsPlayed: 180 + 110 });
  });

  it('counts one play of 100 reports at the same moment, and the song again after its length', async () => {
    const { user } = await signUp(t.app);
    const song = await buildSong(t.database.db, { artistId, duration: 200 });
    const { service, advance } = serviceAt(Date.now());
    const burst = await Promise.all(Array.from({ length: 100 }, () => service.recordPlay(user.id, song.id, { minutesPlayed: 4 })));
    expect(burst.filter((answer) => answer.recorded)).toEqual([{ recorded: true, playCount: 1, secondsCounted: 200 }]);
    advance(200 - REPORT_DELAY_TOLERANCE_SECONDS - 1);
    expect((await service.recordPlay(user.id, song.id, { minutesPlayed: 4 })).recorded).toBe(false);
    advance(1);
    expect(await service.recordPlay(user.id, song.id, { minutesPlayed: 4 })).toEqual({
      recorded: true,
      playCount: 2,
      secondsCounted: 200 - REPORT_DELAY_TOLERANCE_SECONDS,
    });
  });
});
