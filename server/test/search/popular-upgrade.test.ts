// A catalogue already in place when search's popular songs arrive is marked by the migration that
// adds them (0029), with the floors their daily move would set, so no listener's search waits for it.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type OlderDatabase, openDatabaseBefore } from '../helpers/upgrade-database.js';
import { queryRows } from '../helpers/query-rows.js';

let database: OlderDatabase;

beforeAll(async () => {
  database = await openDatabaseBefore(/_search_popular_songs$/);
});
afterAll(() => database.close());


it('sets each level’s floor from the catalogue’s most played songs and levels every song', async () => {
  // Plain SQL: the schema module describes today's tables. Song n has been played n times.
  await database.db.execute(sql`insert into artists (id, name) values (1, 'Tiwa')`);
  await database.db.execute(sql`insert into songs (title, artist_id, play_count) select 'Song ' || n, 1, n from generate_series(1, 24000) n`);
  await database.upgrade();
  // 24,000 songs: level 1 holds the 1,200 most played (one in 20), from song 22,801 on; level 2
  // the 250 most played (one in 400 would be 60, fewer than its least), from song 23,751 on.
  expect(await queryRows(database.db, sql`select level, play_count from search_popular_floors order by level`)).toEqual([
    { level: 1, play_count: 22_801 },
    { level: 2, play_count: 23_751 },
  ]);
  expect(await queryRows(database.db, sql`select search_level, count(*)::int as n, min(play_count) as lowest from songs group by 1 order by 1`)).toEqual([
    { search_level: 0, n: 22_800, lowest: 1 },
    { search_level: 1, n: 950, lowest: 22_801 },
    { search_level: 2, n: 250, lowest: 23_751 },
  ]);
  // From now on the trigger marks what plays and new songs bring.
  await database.db.execute(sql`update songs set play_count = play_count + 1 where play_count = 22800`);
  await database.db.execute(sql`insert into songs (title, artist_id, play_count) values ('Newcomer', 1, 0)`);
  expect(await queryRows(database.db, sql`select count(*)::int as n from songs where search_level <> (play_count >= 22801)::int + (play_count >= 23751)::int`)).toEqual([{ n: 0 }]);
}, 60_000);
