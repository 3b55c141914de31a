import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { nameRepeatedReads } from './named-statements.js';
import { leavesCachesValid } from './cache-neutral.js';
import { acquireDataDirLock } from './data-dir-lock.js';
import { trackPostgresWrites } from './postgres-write-version.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** The one database type the code sees, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** True when this process is the only one that can write (embedded mode). */
  exclusive: boolean;
  /**
   * Changes whenever the database may have changed, so a value read while it stayed the same is
   * still what the database holds: this process's writes count at once; on PostgreSQL other
   * processes' writes count when their notification arrives (db/postgres-write-version.ts).
   */
  writeVersion?: () => number;
  /**
   * Calls onMessage with the payload of each NOTIFY on `channel` (a lower-case name), once the
   * sending transaction has committed, in this process or (on PostgreSQL) any other; with undefined
   * when some may have been missed (the LISTEN connection was made again). Returns the unsubscribe.
   */
  listen(channel: string, onMessage: (payload: string | undefined) => void): () => void;
  /** Sends a notification on `channel`, delivered to every process's listen() (at the commit of a transaction it is sent in). */
  notify(channel: string, payload: string): Promise<void>;
  /**
   * PostgreSQL: whether this process hears other processes' notifications now (its LISTEN
   * connection is up). What it remembers of their changes cannot be trusted while it does not.
   */
  hearsOthers?: () => boolean;
  /**
   * PostgreSQL: the same database through a few connections that plan a named statement once for
   * any parameters (plan_cache_mode force_generic_plan), for a statement whose plan does not depend
   * on its parameters' values and costs more to make than to run: search's ranking, whose custom
   * plan took 1.2 ms of its 4.5 at a million songs. Not for every read: a generic plan for Home's
   * took 1.2 s. Absent (PGlite): `db`.
   */
  genericPlansDb?: Db;
  /** Statements sent through Drizzle so far: tests and benchmarks read it to catch N+1 queries. */
  statementCount: () => number;
  /** The PostgreSQL pool's connections now, for the metrics; PGlite has one in-process connection and no pool. */
  poolStats?: () => { total: number; idle: number; waiting: number; max: number; named: number };
  ping(): Promise<void>;
  close(): Promise<void>;
};

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

const pgliteExtensions = { pg_trgm, unaccent };

/**
 * PGlite's memory, sized by measurement (issue 20, bench/memory.ts: the embedded server with the
 * demo catalogue idles under 250 MB). PGlite's shared memory lives in its WebAssembly heap and all
 * of it is resident from the start: initdb's shared_buffers of 128 MB made 151 MB of the 400 MB a
 * later start idled at. 16 MB holds the demo catalogue's hot pages; a page it lacks is read again
 * from the operating system's file cache: home and streaming throughput did not change, and a
 * first-time search of 100,000 songs cost about 9% more CPU. PGlite has one connection, so room for
 * 10 instead of 100 (4 MB less); an index build's memory stays resident once touched, and 16 MB
 * instead of 64 built a 300,000-row index as fast.
 */
const PGLITE_SETTINGS = ['shared_buffers=16MB', 'max_connections=10', 'maintenance_work_mem=16MB'];
const pgliteStartParams = [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((setting) => ['-c', setting])];

/**
 * V8 runs WebAssembly with its baseline compiler (Liftoff) and compiles the hottest functions again
 * with its optimizing one (TurboFan) on background threads, whose memory stays with the process:
 * 45 to 90 MB more at a later start. PGlite is the only WebAssembly here, so it runs on Liftoff
 * alone: measured, a payment webhook's statements cost the same CPU, a first-time search of
 * 100,000 songs about 4% more, and a statement that aggregates 100,000 rows 1.55x. Set before the
 * first PGlite compiles its module; it holds for the whole process.
 */
function useBaselineWasmCompiler(): void {
  v8.setFlagsFromString('--liftoff-only');
}

const require = createRequire(import.meta.url);

/**
 * A new database folder is made (initdb) in a child process that exits once it is written: made in
 * this one, initdb's own WebAssembly instance and the copy of the folder it hands over took the
 * server to 600 to 800 MB, and left 60 to 150 MB behind once freed (a first start with SEED=none
 * idled at 350 MB, now 200 MB). No slower: both take 12 to 15 s with the migrations on a busy machine.
 */
async function initPgliteFolder(folder: string): Promise<void> {
  if (fs.existsSync(path.join(folder, 'PG_VERSION'))) return;
  const script = [
    'const { PGlite } = require(process.env.KORA_PGLITE_MODULE);',
    'PGlite.create(process.env.KORA_PGLITE_FOLDER, { startParams: JSON.parse(process.env.KORA_PGLITE_START_PARAMS) })',
    '  .then((db) => db.close())',
    '  .catch((error) => { console.error(error); process.exit(1); });',
  ].join('\n');
  const env = {
    ...process.env,
    KORA_PGLITE_MODULE: require.resolve('@electric-sql/pglite'),
    KORA_PGLITE_FOLDER: folder,
    KORA_PGLITE_START_PARAMS: JSON.stringify(pgliteStartParams),
  };
  await new Promise<void>((resolve, reject) => {
    execFile(process.execPath, ['-e', script], { env }, (error, _stdout, stderr) =>
      error ? reject(new Error(`Creating the embedded database in ${folder} failed: ${stderr.trim() || error.message}`)) : resolve(),
    );
  });
}

function createStatementCounter() {
  let count = 0;
  return { logger: { logQuery: () => void count++ }, statementCount: () => count };
}

/**
 * Embedded PostgreSQL on disk, or in memory when dataDir is undefined (tests), then started from
 * `loadDataDir` when given: a folder dumped by PGlite's dumpDataDir, which skips initdb.
 */
export async function openPglite(dataDir: string | undefined, { loadDataDir }: { loadDataDir?: Blob } = {}): Promise<Database> {
  const release = dataDir ? acquireDataDirLock(dataDir) : () => {};
  try {
    const folder = dataDir ? path.join(dataDir, 'db') : undefined;
    if (folder) await initPgliteFolder(folder);
    useBaselineWasmCompiler();
    const client = await PGlite.create(folder, { extensions: pgliteExtensions, startParams: pgliteStartParams, loadDataDir });
    const writeVersion = countWrites(client);
    const { logger, statementCount } = createStatementCounter();
    const db = drizzlePglite({ client, schema, logger }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder });
    return {
      db,
      kind: 'pglite',
      exclusive: true,
      writeVersion,
      listen: (channel, onMessage) => {
        // A failed LISTEN leaves the subscriber to its own fallback (the job worker polls).
        const subscribed = client.listen(channel, onMessage).catch(() => undefined);
        return () => void subscribed.then((unsubscribe) => unsubscribe?.()).catch(() => {});
      },
      notify: async (channel, payload) => {
        await client.query('select pg_notify($1, $2)', [channel, payload]);
      },
      statementCount,
      ping: async () => {
        await client.query('select 1');
      },
      close: async () => {
        try {
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * Wraps the client's entry points so every statement that may change what a cache shows (all but
 * those of cache-neutral.ts), and every transaction, bumps a counter once it has finished
 * (committed or not: a spurious bump only costs a cache miss). PGlite runs one statement or
 * transaction at a time, so a read that starts after the bump sees the write.
 */
function countWrites(client: PGlite): () => number {
  let version = 0;
  const afterwards = <T>(work: Promise<T>, isWrite: boolean): Promise<T> =>
    isWrite ? work.finally(() => void version++) : work;
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((text: string, ...rest: unknown[]) =>
    afterwards((query as (...args: unknown[]) => Promise<unknown>)(text, ...rest), !leavesCachesValid(text))) as PGlite['query'];
  client.exec = ((text: string, ...rest: unknown[]) =>
    afterwards((exec as (...args: unknown[]) => Promise<unknown>)(text, ...rest), !leavesCachesValid(text))) as PGlite['exec'];
  client.transaction = ((callback: Parameters<PGlite['transaction']>[0]) => afterwards(transaction(callback), true)) as PGlite['transaction'];
  return () => version;
}

/** How many searches rank at once on the generic-plan connections; more wait their turn. */
const GENERIC_PLANS_CONNECTIONS = 4;

export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Database> {
  const max = options.max ?? 10;
  // No parallel workers: Kora's statements read a page each, and starting two workers costs more
  // (8 ms for a search on two cores) than the page (0.2 ms). A URL's own options= replaces this.
  const settings = '-c max_parallel_workers_per_gather=0';
  const pool = new pg.Pool({ connectionString: url, max, options: settings });
  const genericPlansPool = new pg.Pool({
    connectionString: url,
    max: GENERIC_PLANS_CONNECTIONS,
    options: `${settings} -c plan_cache_mode=force_generic_plan`,
  });
  // An idle client can lose its connection (server restart, admin termination); without a
  // listener the pool's 'error' event would crash the process. The pool replaces the client.
  for (const each of [pool, genericPlansPool]) each.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
  const writes = trackPostgresWrites(pool, url, console);
  const named = nameRepeatedReads(pool);
  try {
    const { logger, statementCount } = createStatementCounter();
    const db = drizzleNodePg({ client: pool, schema, logger }) as unknown as Db;
    const genericPlansDb = drizzleNodePg({ client: genericPlansPool, schema, logger }) as unknown as Db;
    // Several processes may start at once against one server: one migrates, the others wait.
    const lockClient = await pool.connect();
    try {
      await lockClient.query('select pg_advisory_lock(727274)');
      await migrateNodePg(db as never, { migrationsFolder });
    } finally {
      await lockClient.query('select pg_advisory_unlock(727274)').catch(() => {});
      lockClient.release();
    }
    return {
      db,
      genericPlansDb,
      kind: 'postgres',
      exclusive: false,
      writeVersion: writes.writeVersion,
      listen: writes.listen,
      notify: async (channel, payload) => {
        await db.execute(sql`select pg_notify(${channel}, ${payload})`);
      },
      hearsOthers: writes.listening,
      statementCount,
      // Both pools: the metrics count the connections this process holds.
      poolStats: () => ({
        total: pool.totalCount + genericPlansPool.totalCount,
        idle: pool.idleCount + genericPlansPool.idleCount,
        waiting: pool.waitingCount + genericPlansPool.waitingCount,
        max: max + GENERIC_PLANS_CONNECTIONS,
        named: named.namedCount(),
      }),
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: async () => {
        await writes.close();
        await Promise.all([pool.end(), genericPlansPool.end()]);
      },
    };
  } catch (error) {
    await writes.close();
    await Promise.all([pool.end(), genericPlansPool.end()].map((ending) => ending.catch(() => {})));
    throw error;
  }
}

export function openDatabase(options: { databaseUrl: string | undefined; dataDir: string }): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}
