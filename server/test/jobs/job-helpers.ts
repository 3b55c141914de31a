import { eq, sql } from 'drizzle-orm';
import { type Database, type Db, openPostgres } from '../../src/db/client.js';
import { jobs } from '../../src/db/schema.js';
import type { JobLog } from '../../src/jobs/worker.js';

export const silentLog: JobLog = { info: () => {}, warn: () => {}, error: () => {} };

export async function findJob(db: Db, id: number) {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  if (!row) throw new Error(`no job ${id}`);
  return row;
}

/** Ends a job's lease now, as if its process had died a lease ago. */
export async function expireLease(db: Db, id: number): Promise<void> {
  await db
    .update(jobs)
    .set({ leaseExpiresAt: sql`now() - interval '1 second'` })
    .where(eq(jobs.id, id));
}

export async function waitFor<T>(check: () => Promise<T | undefined | false>, { timeoutMs = 20_000, what = 'condition' } = {}): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * On PostgreSQL, a second connection pool to the test database: what another server process has.
 * Undefined on PGlite, which one process alone can open.
 */
export async function openSecondPool(database: Database): Promise<Database | undefined> {
  if (database.kind !== 'postgres') return undefined;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('PostgreSQL tests need TEST_DATABASE_URL');
  const [row] = await database.db.select({ name: sql<string>`current_database()` }).from(sql`(select 1) as one`);
  const url = new URL(serverUrl);
  url.pathname = `/${row!.name}`;
  return openPostgres(url.toString(), { max: 5 });
}
