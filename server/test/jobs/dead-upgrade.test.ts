// Jobs that ended 'failed' before the dead state existed are dead after the migration, so the
// operator's commands list and retry them like any other.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Db, migrationsFolder } from '../../src/db/client.js';
import * as schema from '../../src/db/schema.js';
import { listDeadJobs } from '../../src/jobs/queue.js';

type UpgradableDatabase = { db: Db; migrateTo(folder: string): Promise<void>; close(): Promise<void> };

/** An empty database of the kind this project runs on (PGlite, or PostgreSQL with KORA_TEST_DB=postgres), not migrated. */
async function openEmptyDatabase(): Promise<UpgradableDatabase> {
  if (process.env.KORA_TEST_DB !== 'postgres') {
    const client = await PGlite.create(undefined, { extensions: { pg_trgm, unaccent } });
    const db = drizzlePglite({ client, schema });
    return { db: db as unknown as Db, migrateTo: (folder) => migratePglite(db, { migrationsFolder: folder }), close: () => client.close() };
  }
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const name = `kora_test_upgrade_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  const db = drizzleNodePg({ client: pool, schema });
  return {
    db: db as unknown as Db,
    migrateTo: (folder) => migrateNodePg(db, { migrationsFolder: folder }),
    close: async () => {
      await pool.end();
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** A copy of the migrations that stops just before the dead state's. */
async function migrationsBeforeDeadJobs(): Promise<string> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'kora-migrations-'));
  await fs.cp(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await fs.readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag.endsWith('_jobs_dead_and_singleton'));
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  await fs.writeFile(journalPath, JSON.stringify(journal));
  return folder;
}

let database: UpgradableDatabase;
let olderMigrations: string;

beforeAll(async () => {
  olderMigrations = await migrationsBeforeDeadJobs();
  database = await openEmptyDatabase();
  await database.migrateTo(olderMigrations);
});
afterAll(async () => {
  await database.close();
  await fs.rm(olderMigrations, { recursive: true, force: true });
});

it('makes the jobs that ended failed dead, and leaves the others as they were', async () => {
  // Plain SQL: the schema module describes today's table, with the column the migration adds.
  await database.db.execute(sql`
    insert into jobs (type, status, attempts, last_error)
    values ('transcode-song', 'failed', 3, 'ffmpeg crashed'), ('send-mail', 'done', 1, null), ('send-mail', 'queued', 0, null)`);
  await database.migrateTo(migrationsFolder);
  const rows = (await database.db.execute(sql`select type, status, singleton_key from jobs order by id`)) as unknown as { rows: unknown[] };
  expect(rows.rows).toEqual([
    { type: 'transcode-song', status: 'dead', singleton_key: null },
    { type: 'send-mail', status: 'done', singleton_key: null },
    { type: 'send-mail', status: 'queued', singleton_key: null },
  ]);
  expect((await listDeadJobs(database.db)).map((job) => job.lastError)).toEqual(['ffmpeg crashed']);
});
