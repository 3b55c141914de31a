// A catalogue that existed before genres were searchable gets them when the migration runs:
// the songs' search documents are rebuilt and the genre words join the typo vocabulary.
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
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, migrationsFolder } from '../../src/db/client.js';
import * as schema from '../../src/db/schema.js';
import { createLocalSearch, type LocalSearch } from '../../src/features/search/local-search.js';
import { createSearchQueries } from '../../src/features/search/queries.js';

const GENRE_MIGRATION = /_search_genre$/;

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

/** A copy of the migrations that stops just before the genre one. */
async function copyMigrationsBeforeGenre(): Promise<string> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'kora-migrations-'));
  await fs.cp(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await fs.readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const genreAt = journal.entries.findIndex((entry) => GENRE_MIGRATION.test(entry.tag));
  expect(genreAt).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, genreAt);
  await fs.writeFile(journalPath, JSON.stringify(journal));
  return folder;
}

let database: UpgradableDatabase;
let olderMigrations: string;
let search: LocalSearch;

beforeAll(async () => {
  olderMigrations = await copyMigrationsBeforeGenre();
  database = await openEmptyDatabase();
  await database.migrateTo(olderMigrations);
  // Plain SQL: the schema module describes today's tables, with columns later migrations added.
  await database.db.execute(sql`
    with artist as (insert into artists (name) values ('Lagoon Static') returning id)
    insert into songs (title, artist_id, genre, play_count)
    select title, artist.id, genre, play_count
    from artist, (values ('Midnight Sax', 'Jazz', 10), ('Slow Jam', 'R&B', 5), ('Untagged Groove', null, 0)) as song (title, genre, play_count)`);
  search = createLocalSearch(createSearchQueries(database.db));
}, 60_000);
afterAll(async () => {
  await database.close();
  await fs.rm(olderMigrations, { recursive: true, force: true });
});

async function songTitles(q: string): Promise<string[]> {
  return (await search(q)).songs.map((song) => song.title);
}

describe('the genre search migration', () => {
  it('makes the genres of songs already in the catalogue searchable, typos included', async () => {
    const genreIndexed = database.db
      .select({ title: schema.songs.title })
      .from(schema.songs)
      .where(sql`${schema.songs.searchVector} @@ '''#jazz'''::tsquery`);
    expect(await genreIndexed).toEqual([]);

    await database.migrateTo(migrationsFolder);
    expect(await genreIndexed).toEqual([{ title: 'Midnight Sax' }]);

    expect(await songTitles('jazz')).toEqual(['Midnight Sax']);
    expect(await songTitles('jazzz')).toEqual(['Midnight Sax']);
    expect(await songTitles('r&b')).toEqual(['Slow Jam']);
    expect(await songTitles('groove')).toEqual(['Untagged Groove']);
  });
});
