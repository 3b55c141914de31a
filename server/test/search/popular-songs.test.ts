// Search ranks its popular songs first (songs.search_popular) and reaches the rest only where they
// can still win: exact only while the popular songs are exactly those at or above the floor's play
// count. These tests hold that through plays, new songs, the floor's moves in both directions, and
// plays recorded while the floor moves.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.js';
import { searchPopularFloor } from '../../src/db/schema.js';
import { createPlayQueries } from '../../src/features/plays/queries.js';
import { createPopularFloorKeeper, popularTarget, setPopularFloor } from '../../src/features/search/popular-songs.js';
import { createSearchQueries } from '../../src/features/search/queries.js';
import { buildSearchTiers } from '../../src/features/search/search-terms.js';
import { buildArtist, buildSong } from '../helpers/catalogue-factories.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let db: Db;
let artistId: number;
let listener: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  artistId = (await buildArtist(db, { name: 'Floor Band' })).id;
  listener = await signUp(t.app);
}, 60_000);
afterAll(() => t.close());

type Row = Record<string, unknown>;
const rowsOf = async (query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

async function floor(): Promise<number> {
  const [row] = await db.select().from(searchPopularFloor);
  return row!.playCount;
}

/** Songs marked against the floor wrongly either way: none, or search would rank wrongly. */
function misplaced() {
  return rowsOf(sql`
    select id, play_count, search_popular from songs
    where search_popular <> (play_count >= (select play_count from search_popular_floor))`);
}

const plays = createPlayQueries;

function play(songId: number, userId = listener.user.id) {
  return plays(db).transaction((writes) => writes.insertPlay({ userId, songId, secondsPlayed: 120, playedAt: new Date() }));
}

describe('the popular songs search reads first', () => {
  it('aims at one song in twenty, never fewer than a thousand', () => {
    expect(popularTarget(40)).toBe(1000);
    expect(popularTarget(100_000)).toBe(5000);
    expect(popularTarget(1_000_000)).toBe(50_000);
    expect(popularTarget(1_000_001)).toBe(50_001);
  });

  it('are every song while the catalogue is smaller than the target', async () => {
    await buildSong(db, { artistId, title: 'Small Catalogue', playCount: 7 });
    expect(await floor()).toBe(0);
    await createPopularFloorKeeper(db).ensureCurrent();
    expect(await floor()).toBe(0);
    expect(await rowsOf(sql`select id from songs where not search_popular`)).toEqual([]);
  });

  it('are exactly the songs at or above the floor, as the floor moves up and down and plays cross it', async () => {
    const counts = [500, 400, 300, 300, 200, 100, 50, 10, 0];
    const built = [];
    for (const [i, playCount] of counts.entries()) built.push(await buildSong(db, { artistId, title: `Rising ${i}`, playCount }));
    await setPopularFloor(db, () => 3);
    expect(await floor()).toBe(300);
    expect(await misplaced()).toEqual([]);
    // Ties at the edge are all in: four songs for a target of three.
    expect(await rowsOf(sql`select count(*)::int as n from songs where search_popular`)).toEqual([{ n: 4 }]);

    // A song played up to the floor joins in the play's own transaction; a new song with no plays stays out.
    const climber = built[4]!;
    for (let i = 0; i < 99; i++) await play(climber.id);
    expect(await misplaced()).toEqual([]);
    expect(await rowsOf(sql`select search_popular from songs where id = ${climber.id}`)).toEqual([{ search_popular: false }]);
    await play(climber.id);
    expect(await rowsOf(sql`select search_popular from songs where id = ${climber.id}`)).toEqual([{ search_popular: true }]);
    await buildSong(db, { artistId, title: 'Rising New' });
    expect(await misplaced()).toEqual([]);

    await setPopularFloor(db, () => 8);
    expect(await floor()).toBe(10);
    expect(await misplaced()).toEqual([]);
    await setPopularFloor(db, () => 1);
    expect(await floor()).toBe(500);
    expect(await misplaced()).toEqual([]);
  });

  it('ranks a song that played its way past the floor where ranking every match puts it', async () => {
    const quiet = await buildSong(db, { artistId, title: 'Harmattan Quiet', playCount: 2 });
    await buildSong(db, { artistId, title: 'Harmattan Loud', playCount: 40 });
    await buildSong(db, { artistId, title: 'Harmattan Louder', playCount: 60 });
    // A target that puts the floor on Harmattan Loud's 40 plays.
    const [{ n: target }] = (await rowsOf(sql`select count(*)::int as n from songs where play_count >= 40`)) as [{ n: number }];
    const queries = createSearchQueries(db, { popularTarget: () => target });
    const topTwo = async (q: string) =>
      (await queries.findSongs(buildSearchTiers(await queries.findSearchWords(q)), 2)).map((row) => row.song.title);
    expect(await topTwo('harmattan')).toEqual(['Harmattan Louder', 'Harmattan Loud']);
    expect(await floor()).toBe(40);
    // Two popular matches fill the answer, so only the play's own marking can bring Quiet in.
    for (let i = 0; i < 70; i++) await play(quiet.id);
    expect(await topTwo('harmattan')).toEqual(['Harmattan Quiet', 'Harmattan Louder']);
    expect(await misplaced()).toEqual([]);
  });

  it('marks a song against the floor that holds when its play commits, when the floor moves during the play', async () => {
    await buildSong(db, { artistId, title: 'Edge Low', playCount: 100_000 });
    await buildSong(db, { artistId, title: 'Edge High', playCount: 100_010 });
    const crossing = await buildSong(db, { artistId, title: 'Edge Crossing', playCount: 99_999 });
    const songsFrom = async (playCount: number) =>
      ((await rowsOf(sql`select count(*)::int as n from songs where play_count >= ${playCount}`)) as [{ n: number }])[0].n;
    await setPopularFloor(db, () => 2);
    expect(await floor()).toBe(100_000);
    const target = await songsFrom(100_010);
    // The play marks its song against the floor of 100,000, then stays uncommitted while the floor
    // moves to 100,010: the move must wait for it, or the song would stay marked below the floor.
    let played!: () => void;
    const marked = new Promise<void>((resolve) => (played = resolve));
    const playing = plays(db).transaction(async (writes) => {
      await writes.insertPlay({ userId: listener.user.id, songId: crossing.id, secondsPlayed: 120, playedAt: new Date() });
      played();
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    await marked;
    await Promise.all([playing, setPopularFloor(db, () => target)]);
    expect(await floor()).toBe(100_010);
    expect(await misplaced()).toEqual([]);
  });
});
