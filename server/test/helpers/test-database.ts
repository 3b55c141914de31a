import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../../src/db/client.js';

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL that is dropped when the file is done.
 */
export async function openTestDatabase(): Promise<Database> {
  if (process.env.KORA_TEST_DB !== 'postgres') return openPglite(undefined);
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('KORA_TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `kora_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), { max: 5 });
  return {
    ...database,
    close: async () => {
      await database.close();
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
