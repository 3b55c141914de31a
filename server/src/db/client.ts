import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
  /** Statements sent through Drizzle so far: tests and benchmarks read it to catch N+1 queries. */
  statementCount: () => number;
  /** The PostgreSQL pool's connections now, for the metrics; PGlite has one in-process connection and no pool. */
  poolStats?: () => { total: number; idle: number; waiting: number; max: number };
  ping(): Promise<void>;
  close(): Promise<void>;
};

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

const pgliteExtensions = { pg_trgm, unaccent };

function createStatementCounter() {
  let count = 0;
  return { logger: { logQuery: () => void count++ }, statementCount: () => count };
}

/** Embedded PostgreSQL on disk (or in memory when dataDir is undefined, for tests). */
export async function openPglite(dataDir: string | undefined): Promise<Database> {
  const release = dataDir ? acquireDataDirLock(dataDir) : () => {};
  try {
    const client = await PGlite.create(dataDir ? path.join(dataDir, 'db') : undefined, {
      extensions: pgliteExtensions,
    });
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

export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Database> {
  const max = options.max ?? 10;
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client can lose its connection (server restart, admin termination); without a
  // listener the pool's 'error' event would crash the process. The pool replaces the client.
  pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
  const writes = trackPostgresWrites(pool, url, console);
  try {
    const { logger, statementCount } = createStatementCounter();
    const db = drizzleNodePg({ client: pool, schema, logger }) as unknown as Db;
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
      kind: 'postgres',
      exclusive: false,
      writeVersion: writes.writeVersion,
      listen: writes.listen,
      notify: async (channel, payload) => {
        await db.execute(sql`select pg_notify(${channel}, ${payload})`);
      },
      hearsOthers: writes.listening,
      statementCount,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: async () => {
        await writes.close();
        await pool.end();
      },
    };
  } catch (error) {
    await writes.close();
    await pool.end().catch(() => {});
    throw error;
  }
}

export function openDatabase(options: { databaseUrl: string | undefined; dataDir: string }): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}
