// Plays recorded before the rollups existed are rolled up by the migration that adds them, and
// trending's window counts the ones of the last seven days.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { playDay, windowStartFor } from '../../src/features/songs/trending-window.js';
import { type OlderDatabase, openDatabaseBefore } from '../helpers/upgrade-database.js';
import { queryRows } from '../helpers/query-rows.js';

let database: OlderDatabase;

beforeAll(async () => {
  database = await openDatabaseBefore(/_trending_rollups$/);
});
afterAll(() => database.close());


it('rolls up the plays already recorded per song and day, and counts the last seven days as recent', async () => {
  // Plain SQL: the schema module describes today's tables, with the columns the migration adds.
  await database.db.execute(sql`insert into users (id, email, password_hash, first_name, last_name) values (1, 'ada@example.com', 'x', 'Ada', 'Obi')`);
  await database.db.execute(sql`insert into artists (id, name) values (1, 'Tiwa')`);
  await database.db.execute(sql`insert into songs (id, title, artist_id, play_count) values (1, 'Ọ̀rẹ́', 1, 4), (2, 'Owambe', 1, 1), (3, 'Quiet', 1, 0)`);
  await database.db.execute(sql`
    insert into plays (user_id, song_id, seconds_played, played_at) values
      (1, 1, 60, now()), (1, 1, 60, now() - interval '2 days'), (1, 1, 60, now() - interval '2 days'),
      (1, 1, 60, now() - interval '20 days'), (1, 2, 60, now() - interval '9 days')`);
  await database.upgrade();
  const day = (daysAgo: number) => playDay(new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1000));
  const rollups = await queryRows(database.db, sql`select song_id, day::text as day, plays from song_daily_plays order by song_id, day`);
  expect(rollups).toEqual(
    [
      { song_id: 1, day: day(20), plays: 1 },
      { song_id: 1, day: day(2), plays: 2 },
      { song_id: 1, day: day(0), plays: 1 },
      { song_id: 2, day: day(9), plays: 1 },
    ].sort((a, b) => a.song_id - b.song_id || a.day.localeCompare(b.day)),
  );
  expect(await queryRows(database.db, sql`select starts_on::text as starts_on from trending_window`)).toEqual([{ starts_on: windowStartFor(new Date()) }]);
  expect(await queryRows(database.db, sql`select id, recent_play_count from songs order by id`)).toEqual([
    { id: 1, recent_play_count: 3 },
    { id: 2, recent_play_count: 0 },
    { id: 3, recent_play_count: 0 },
  ]);
});
