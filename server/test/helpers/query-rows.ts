import type { SQL } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';

/** The rows of a plain-SQL query: `db.execute` answers `{ rows }` on PGlite and PostgreSQL alike, under different types. */
export async function queryRows<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
