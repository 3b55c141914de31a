// Jobs that ended 'failed' before the dead state existed are dead after the migration, so the
// operator's commands list and retry them like any other.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listDeadJobs } from '../../src/jobs/queue.js';
import { type OlderDatabase, openDatabaseBefore } from '../helpers/upgrade-database.js';
import { queryRows } from '../helpers/query-rows.js';

let database: OlderDatabase;

beforeAll(async () => {
  database = await openDatabaseBefore(/_jobs_dead_and_singleton$/);
});
afterAll(() => database.close());

it('makes the jobs that ended failed dead, and leaves the others as they were', async () => {
  // Plain SQL: the schema module describes today's table, with the column the migration adds.
  await database.db.execute(sql`
    insert into jobs (type, status, attempts, last_error)
    values ('transcode-song', 'failed', 3, 'ffmpeg crashed'), ('send-mail', 'done', 1, null), ('send-mail', 'queued', 0, null)`);
  await database.upgrade();
  expect(await queryRows(database.db, sql`select type, status, singleton_key from jobs order by id`)).toEqual([
    { type: 'transcode-song', status: 'dead', singleton_key: null },
    { type: 'send-mail', status: 'done', singleton_key: null },
    { type: 'send-mail', status: 'queued', singleton_key: null },
  ]);
  expect((await listDeadJobs(database.db)).map((job) => job.lastError)).toEqual(['ffmpeg crashed']);
});
