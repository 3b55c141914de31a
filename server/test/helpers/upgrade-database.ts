import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type Db, migrationsFolder } from '../../src/db/client.js';
import * as schema from '../../src/db/schema.js';
import { createScratchPostgres } from './test-database.js';

/** A database a test migrates itself, to an older set of migrations and then to today's: tests of a migration's effect on data. */
type UpgradableDatabase = { db: Db; migrateTo(folder: string): Promise<void>; close(): Promise<void> };

/** An empty database of the kind this project runs on (PGlite, or PostgreSQL with KORA_TEST_DB=postgres), not migrated. */
async function openEmptyDatabase(): Promise<UpgradableDatabase> {
  if (process.env.KORA_TEST_DB !== 'postgres') {
    const client = await PGlite.create(undefined, { extensions: { pg_trgm, unaccent } });
    const db = drizzlePglite({ client, schema });
    return { db: db as unknown as Db, migrateTo: (folder) => migratePglite(db, { migrationsFolder: folder }), close: () => client.close() };
  }
  const scratch = await createScratchPostgres('kora_test_upgrade');
  const pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
  const db = drizzleNodePg({ client: pool, schema });
  return {
    db: db as unknown as Db,
    migrateTo: (folder) => migrateNodePg(db, { migrationsFolder: folder }),
    close: async () => {
      await pool.end();
      await scratch.drop();
    },
  };
}

/** A copy of today's migrations in a temporary folder that stops just before the first whose tag matches; the caller removes it. */
async function migrationsBefore(tag: RegExp): Promise<string> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'kora-migrations-'));
  await fs.cp(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await fs.readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => tag.test(entry.tag));
  if (at <= 0) throw new Error(`No migration after the first matches ${String(tag)}`);
  journal.entries = journal.entries.slice(0, at);
  await fs.writeFile(journalPath, JSON.stringify(journal));
  return folder;
}

/** A database migrated up to just before the first migration whose tag matches: what a deployment of that time held. */
export type OlderDatabase = { db: Db; upgrade(): Promise<void>; close(): Promise<void> };

/** An empty database migrated up to just before `tag`'s migration; `upgrade` applies today's rest, `close` removes it all. */
export async function openDatabaseBefore(tag: RegExp): Promise<OlderDatabase> {
  const olderMigrations = await migrationsBefore(tag);
  const removeMigrations = () => fs.rm(olderMigrations, { recursive: true, force: true });
  try {
    const database = await openEmptyDatabase();
    await database.migrateTo(olderMigrations);
    return {
      db: database.db,
      upgrade: () => database.migrateTo(migrationsFolder),
      close: async () => {
        await database.close();
        await removeMigrations();
      },
    };
  } catch (error) {
    await removeMigrations();
    throw error;
  }
}
