// Search ranks the songs of its popular levels first (songs.search_level) and reaches the rest only
// where they can still win: exact only while every song's level is the number of floors its play
// count reaches. These tests hold that through plays, new songs, the floors' moves in both
// directions, and plays recorded while the floors move.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.js';
import { searchPopularFloors } from '../../src/db/schema.js';
import { createPlayQueries } from '../../src/features/plays/queries.js';
import { createPopularFloorsKeeper, popularTargets, setPopularFloors } from '../../src/features/search/popular-songs.js';
import { createSearchQueries } from '../../src/features/search/queries.js';
import { buildSearchTiers } from '../../src/features/search/search-terms.js';
import { buildArtist, buildSong } from '../helpers/catalogue-factories.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { queryRows } from '../helpers/query-rows.js';

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


async function floors(): Promise<number[]> {
  return (await db.select().from(searchPopularFloors).orderBy(searchPopularFloors.level)).map((row) => row.playCount);
}

/** Songs whose level is not the number of floors their play count reaches: none, or search would rank wrongly. */
function misplaced() {
  return queryRows(db, sql`
    select id, play_count, search_level from songs
    where search_level <> (select count(*) from search_popular_floors f where songs.play_count >= f.play_count)`);
}

const levelOf = async (songId: number) => (await queryRows(db, sql`select search_level from songs where id = ${songId}`))[0]!.search_level;

const plays = createPlayQueries;

function play(songId: number, userId = listener.user.id) {
  return plays(db).transaction((writes) => writes.insertPlay({ userId, songId, secondsPlayed: 120, playedAt: new Date() }));
}

describe('the popular levels search reads first', () => {
  it('aim at one song in twenty (at least 1,000) and one in four hundred (at least 250)', () => {
    expect(popularTargets(40)).toEqual([1000, 250]);
    expect(popularTargets(100_000)).toEqual([5000, 250]);
    expect(popularTargets(1_000_000)).toEqual([50_000, 2500]);
    expect(popularTargets(1_000_001)).toEqual([50_001, 2501]);
  });

  it('hold every song at the top while the catalogue is smaller than the targets', async () => {
    await buildSong(db, { artistId, title: 'Small Catalogue', playCount: 7 });
    expect(await floors()).toEqual([0, 0]);
    await createPopularFloorsKeeper(db).ensureCurrent();
    expect(await floors()).toEqual([0, 0]);
    expect(await queryRows(db, sql`select id from songs where search_level <> 2`)).toEqual([]);
  });

  it('give each song the floors its play count reaches, as the floors move up and down and plays cross them', async () => {
    const counts = [500, 400, 300, 300, 200, 100, 50, 10, 0];
    const built = [];
    for (const [i, playCount] of counts.entries()) built.push(await buildSong(db, { artistId, title: `Rising ${i}`, playCount }));
    await setPopularFloors(db, () => [3, 1]);
    expect(await floors()).toEqual([300, 500]);
    expect(await misplaced()).toEqual([]);
    // Ties at the edge are all in: four songs for a target of three.
    expect(await queryRows(db, sql`select search_level, count(*)::int as n from songs where search_level > 0 group by 1 order by 1`)).toEqual([
      { search_level: 1, n: 3 },
      { search_level: 2, n: 1 },
    ]);

    // A song played up to the floor joins in the play's own transaction; a new song with no plays stays out.
    const climber = built[4]!;
    for (let i = 0; i < 99; i++) await play(climber.id);
    expect(await misplaced()).toEqual([]);
    expect(await levelOf(climber.id)).toBe(0);
    await play(climber.id);
    expect(await levelOf(climber.id)).toBe(1);
    await buildSong(db, { artistId, title: 'Rising New' });
    expect(await misplaced()).toEqual([]);

    await setPopularFloors(db, () => [8, 3]);
    expect(await floors()).toEqual([10, 300]);
    expect(await misplaced()).toEqual([]);
    await setPopularFloors(db, () => [1, 1]);
    expect(await floors()).toEqual([500, 500]);
    expect(await misplaced()).toEqual([]);
  });

  it('ranks a song that played its way past the floor where ranking every match puts it', async () => {
    const quiet = await buildSong(db, { artistId, title: 'Harmattan Quiet', playCount: 2 });
    await buildSong(db, { artistId, title: 'Harmattan Loud', playCount: 40 });
    await buildSong(db, { artistId, title: 'Harmattan Louder', playCount: 60 });
    // Level 1 from Harmattan Loud's 40 plays; level 2 the most played song alone.
    const target = (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from songs where play_count >= 40`))[0]!.n;
    const queries = createSearchQueries(db, { popularTargets: () => [target, 1] });
    const topTwo = async (q: string) =>
      (await queries.findSongs(buildSearchTiers(await queries.findSearchWords(q)), 2)).map((row) => row.song.title);
    expect(await topTwo('harmattan')).toEqual(['Harmattan Louder', 'Harmattan Loud']);
    expect(await floors()).toEqual([40, 500]);
    // Two level-1 matches fill the answer, so only the play's own levelling can bring Quiet in.
    for (let i = 0; i < 70; i++) await play(quiet.id);
    expect(await topTwo('harmattan')).toEqual(['Harmattan Quiet', 'Harmattan Louder']);
    expect(await misplaced()).toEqual([]);
  });

  it('levels a song against the floors that hold when its play commits, when they move during the play', async () => {
    await buildSong(db, { artistId, title: 'Edge Low', playCount: 100_000 });
    await buildSong(db, { artistId, title: 'Edge High', playCount: 100_010 });
    const crossing = await buildSong(db, { artistId, title: 'Edge Crossing', playCount: 99_999 });
    const songsFrom = async (playCount: number) =>
      (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from songs where play_count >= ${playCount}`))[0]!.n;
    await setPopularFloors(db, () => [2, 2]);
    expect(await floors()).toEqual([100_000, 100_000]);
    const target = await songsFrom(100_010);
    // The play levels its song against floors of 100,000, then stays uncommitted while they move
    // to 100,010: the move must wait for it, or the song would keep a level below the floors.
    let played!: () => void;
    const marked = new Promise<void>((resolve) => (played = resolve));
    const playing = plays(db).transaction(async (writes) => {
      await writes.insertPlay({ userId: listener.user.id, songId: crossing.id, secondsPlayed: 120, playedAt: new Date() });
      played();
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    await marked;
    await Promise.all([playing, setPopularFloors(db, () => [target, target])]);
    expect(await floors()).toEqual([100_010, 100_010]);
    expect(await misplaced()).toEqual([]);
  });
});
