import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../../src/db/client.js';

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL that is dropped when the file is done.
 */
export async function openTestDatabase(): Promise<Database> {
  if (process.env.KORA_TEST_DB !== 'postgres') return openPglite(undefined);
  if (!process.env.TEST_DATABASE_URL) throw new Error('KORA_TEST_DB=postgres needs TEST_DATABASE_URL');
  const scratch = await createScratchPostgres('kora_test');
  const database = await openPostgres(scratch.url, { max: 5 });
  return {
    ...database,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

/**
 * A new, empty database on TEST_DATABASE_URL's PostgreSQL server, named `<prefix>_<random>`: its
 * URL, and `drop` to remove it (with any connections still open to it).
 */
export async function createScratchPostgres(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('A scratch PostgreSQL database needs TEST_DATABASE_URL');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await withAdminClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
