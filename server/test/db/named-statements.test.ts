import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type Db, openPostgres } from '../../src/db/client.js';
import { nameRepeatedReads } from '../../src/db/named-statements.js';
import { artists } from '../../src/db/schema.js';
import { createArtistQueries } from '../../src/features/artists/queries.js';
import { createLikeQueries } from '../../src/features/likes/queries.js';
import { createPlaylistQueries } from '../../src/features/playlists/queries.js';
import { createSearchQueries } from '../../src/features/search/queries.js';
import { buildSearchTiers } from '../../src/features/search/search-terms.js';
import { queryRows } from '../helpers/query-rows.js';
import { createScratchPostgres } from '../helpers/test-database.js';

/** The statements this session has prepared, by name: asked as a plain string, which is never named. */
async function preparedOn(client: { query: (text: string) => Promise<{ rows: { name: string; statement: string }[] }> }) {
  const { rows } = await client.query('select name, statement from pg_prepared_statements order by prepare_time');
  return rows;
}

describe.runIf(process.env.KORA_TEST_DB === 'postgres')('reads sent again become named statements', () => {
  let scratch: { url: string; drop(): Promise<void> };
  let pool: pg.Pool;

  beforeAll(async () => {
    scratch = await createScratchPostgres('kora_named');
    // One connection, so every statement and the look at pg_prepared_statements share a session.
    pool = new pg.Pool({ connectionString: scratch.url, max: 1 });
  });
  afterAll(async () => {
    await pool.end();
    await scratch.drop();
  });

  it('names a read the second time it is sent, once per text, and answers it the same', async () => {
    const named = nameRepeatedReads(pool, { maxNamed: 2 });
    const read = (n: number) => pool.query<{ n: number }>({ text: 'select $1::int + 1 as n', values: [n] });
    expect((await read(1)).rows).toEqual([{ n: 2 }]);
    expect(await preparedOn(pool)).toEqual([]);

    expect((await read(2)).rows).toEqual([{ n: 3 }]);
    expect((await read(3)).rows).toEqual([{ n: 4 }]);
    const prepared = await preparedOn(pool);
    expect(prepared).toHaveLength(1);
    expect(prepared[0]!.name).toMatch(/^kora_[\w-]{24}$/);
    expect(prepared[0]!.statement).toBe('select $1::int + 1 as n');
    expect(named.namedCount()).toBe(1);
  });

  it('leaves writes, transaction control and plain strings unnamed', async () => {
    await pool.query('create table if not exists named_probe (n int)');
    for (let i = 0; i < 3; i++) {
      const client = await pool.connect();
      try {
        await client.query({ text: 'begin' });
        await client.query({ text: 'insert into named_probe (n) values ($1)', values: [i] });
        await client.query({ text: 'commit' });
      } finally {
        client.release();
      }
      await pool.query('select count(*) from named_probe');
    }
    expect((await preparedOn(pool)).map((row) => row.statement)).toEqual(['select $1::int + 1 as n']);
    expect((await pool.query('select count(*)::int as n from named_probe')).rows).toEqual([{ n: 3 }]);
  });

  it('stops naming new statements at its bound, and still answers them', async () => {
    const other = (n: number) => pool.query<{ n: number }>({ text: 'select $1::int * 2 as n', values: [n] });
    const third = (n: number) => pool.query<{ n: number }>({ text: 'select $1::int * 3 as n', values: [n] });
    await other(1);
    await other(1);
    await third(1);
    expect((await third(2)).rows).toEqual([{ n: 6 }]);
    expect((await preparedOn(pool)).map((row) => row.statement)).toEqual(['select $1::int + 1 as n', 'select $1::int * 2 as n']);
  });
});

describe.runIf(process.env.KORA_TEST_DB === 'postgres')('the app database on PostgreSQL', () => {
  let scratch: { url: string; drop(): Promise<void> };
  let database: Database;

  beforeAll(async () => {
    scratch = await createScratchPostgres('kora_named_app');
    database = await openPostgres(scratch.url, { max: 2 });
  });
  afterAll(async () => {
    await database.close();
    await scratch.drop();
  });

  it("prepares Drizzle's repeated reads, and a named read sees the rows written after it was prepared", async () => {
    // A transaction holds one connection, whose pg_prepared_statements is then the whole story.
    await database.db.transaction(async (tx) => {
      const find = (name: string) => tx.select({ id: artists.id }).from(artists).where(eq(artists.name, name));
      expect(await find('Named Later')).toEqual([]);
      expect(await find('Named Later')).toEqual([]);
      const [inserted] = await tx.insert(artists).values({ name: 'Named Later' }).returning({ id: artists.id });
      await tx.insert(artists).values({ name: 'Another' });
      await tx.insert(artists).values({ name: 'Another' });
      expect(await find('Named Later')).toEqual([{ id: inserted!.id }]);
      const statements = (await queryRows<{ statement: string }>(tx, sql`select statement from pg_prepared_statements`)).map((row) => row.statement);
      expect(statements.filter((statement) => statement.includes('from "artists"'))).toHaveLength(1);
      expect(statements.some((statement) => /^\s*insert/i.test(statement))).toBe(false);
    });
  });

  it('plans without parallel workers on every connection, which cost a search more than its rows', async () => {
    const settings = await Promise.all(
      [1, 2].map(() => queryRows<{ workers: string }>(database.db, sql`select current_setting('max_parallel_workers_per_gather') as workers, pg_sleep(0.05)`)),
    );
    expect(settings.flat().map((row) => row.workers)).toEqual(['0', '0']);
  });

  it("builds search's songs statement once per shape: searches of one shape run the one prepared statement", async () => {
    await database.db.transaction(async (tx) => {
      const queries = createSearchQueries(tx as unknown as Db);
      // Words the empty catalogue does not know: no corrections, so all three have the same tiers.
      for (const q of ['sunday', 'evening', 'lagos']) {
        expect(await queries.findSongs(buildSearchTiers(await queries.findSearchWords(q)), 30)).toEqual([]);
      }
      const names = await queryRows<{ name: string }>(tx, sql`select name from pg_prepared_statements where name like 'kora_search_%' order by name`);
      expect(names.map((row) => row.name)).toEqual(['kora_search_songs_30_8_7_6_5_4_3', 'kora_search_words']);
    });
  });

  it("plans search's ranking and artists once for any search, on connections of their own: the app's other reads keep their custom plans", async () => {
    const genericPlansDb = database.genericPlansDb!;
    await genericPlansDb.transaction(async (tx) => {
      const queries = createSearchQueries(database.db, { genericPlansDb: tx as unknown as Db });
      for (const q of ['sunday', 'evening', 'lagos', 'night']) {
        const tiers = buildSearchTiers(await queries.findSearchWords(q));
        await queries.findSongs(tiers, 30);
        await queries.findArtists(tiers, 10);
      }
      const plans = await queryRows<{ name: string; generic: number; custom: number }>(
        tx,
        sql`select name, generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where name like 'kora_search_%' order by name`,
      );
      expect(plans).toEqual([
        { name: 'kora_search_artists_10_7_4', generic: 4, custom: 0 },
        { name: 'kora_search_songs_30_8_7_6_5_4_3', generic: 4, custom: 0 },
      ]);
    });
    // A generic plan for Home's reads took 1.2 s at a million songs: the main pool plans as PostgreSQL chooses.
    expect(await queryRows(database.db, sql`select current_setting('plan_cache_mode') as mode`)).toEqual([{ mode: 'auto' }]);
  });

  it('runs the song lists a listener pages through as statements built once and prepared under their names', async () => {
    await database.db.transaction(async (tx) => {
      const likes = createLikeQueries(tx as unknown as Db);
      const playlists = createPlaylistQueries(tx as unknown as Db);
      const artists = createArtistQueries(tx as unknown as Db);
      for (const offset of [0, 100]) {
        expect(await likes.listLikedSongs(1, 100, offset)).toEqual([]);
        expect(await likes.countLikedSongs(1)).toBe(0);
        expect(await playlists.listSongs(1, 100, offset + 100)).toEqual([]);
        for (const role of [undefined, 'own', 'featured'] as const) expect(await artists.listArtistSongs(1, 12, offset, role)).toEqual([]);
      }
      const names = await queryRows<{ name: string }>(tx, sql`select name from pg_prepared_statements where name not like 'kora_%' order by name`);
      expect(names.map((row) => row.name)).toEqual([
        'artist_featured_songs_page',
        'artist_own_songs_page',
        'artist_songs_page',
        'liked_songs_count',
        'liked_songs_page',
        'playlist_songs_page',
      ]);
    });
  });
});
