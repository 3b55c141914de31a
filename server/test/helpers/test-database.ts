import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Database, migrationsFolder, openPglite, openPostgres } from '../../src/db/client.js';

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL that is dropped when the file is done.
 */
export async function openTestDatabase(): Promise<Database> {
  if (process.env.KORA_TEST_DB !== 'postgres') return openPglite(undefined, { loadDataDir: await migratedPgliteTemplate() });
  if (!process.env.TEST_DATABASE_URL) throw new Error('KORA_TEST_DB=postgres needs TEST_DATABASE_URL');
  const scratch = await createScratchPostgres('kora_test', await migratedPostgresTemplate(process.env.TEST_DATABASE_URL));
  const database = await openPostgres(scratch.url, { max: 5 });
  return {
    ...database,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

/** How long a scratch database's drop waits for the connections closing to it to go. */
const CLOSING_WAIT_MS = 2_000;

/**
 * A new database on TEST_DATABASE_URL's PostgreSQL server, named `<prefix>_<random>`, empty or a
 * copy of `template`: its URL, and `drop` to remove it (with any connections still open to it).
 */
export async function createScratchPostgres(prefix: string, template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('A scratch PostgreSQL database needs TEST_DATABASE_URL');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`));
  return {
    url: databaseUrl(serverUrl, name),
    drop: async () => {
      await withAdminClient(serverUrl, async (client) => {
        // A pool's end() resolves once it has asked its connections to close, before they have:
        // forced while one is still closing, the drop reaches its client as an error nobody
        // listens to any more (an unhandled error that fails the run). Closing ones go in a moment;
        // whatever is still open after that is forced.
        const deadline = Date.now() + CLOSING_WAIT_MS;
        while (Date.now() < deadline && (await client.query('select 1 from pg_stat_activity where datname = $1', [name])).rowCount! > 0) {
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      });
    },
  };
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A migrated database on the server to copy test databases from (CREATE DATABASE ... TEMPLATE),
 * made by the first test file that needs it, while the others wait on an advisory lock, and named
 * for the migrations: copying it takes a tenth of the time of migrating a new database.
 */
let postgresTemplate: Promise<string> | undefined;
function migratedPostgresTemplate(serverUrl: string): Promise<string> {
  // Once per test process: a file that opens a database for each test asks again and again.
  postgresTemplate ??= makePostgresTemplate(serverUrl);
  return postgresTemplate;
}

async function makePostgresTemplate(serverUrl: string): Promise<string> {
  const name = `kora_template_${await templateKey()}`;
  await withAdminClient(serverUrl, async (client) => {
    await client.query('select pg_advisory_lock(hashtext($1))', [name]);
    try {
      const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
      if (rowCount) return;
      // Built under another name and renamed once whole: a template is never seen half migrated.
      const building = `${name}_building`;
      await client.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${building}`);
      const database = await openPostgres(databaseUrl(serverUrl, building), { max: 2 });
      await database.close();
      await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [name]);
    }
  });
  return name;
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

/**
 * A freshly migrated PGlite's data folder, dumped once and kept in the temporary folder under a name
 * made from the migrations and PGlite's version, so every test file of every run starts from it:
 * loading it takes about 0.5 s, where a new PGlite's initdb took 2.3 s, for each of the
 * hundreds of databases a run opens. openPglite still runs the migrations (none is left to apply).
 */
let pgliteTemplate: Promise<Blob> | undefined;
function migratedPgliteTemplate(): Promise<Blob> {
  // Read once per test process: a file that opens a database for each test asks again and again.
  pgliteTemplate ??= loadPgliteTemplate();
  return pgliteTemplate;
}

async function loadPgliteTemplate(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `kora-pglite-template-${await templateKey()}.tar`);
  const kept = await fs.readFile(file).catch(() => undefined);
  if (kept) return new Blob([kept]);
  const database = await openPglite(undefined);
  try {
    const dump = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
    const bytes = Buffer.from(await dump.arrayBuffer());
    // Written whole under another name first: a test file of another worker never reads half of it.
    const partial = `${file}.${process.pid}.partial`;
    await fs.writeFile(partial, bytes);
    await fs.rename(partial, file);
    return new Blob([bytes]);
  } finally {
    await database.close();
  }
}

async function templateKey(): Promise<string> {
  const hash = createHash('sha256');
  const require = createRequire(import.meta.url);
  const pgliteEntry = require.resolve('@electric-sql/pglite');
  const pglitePackage = path.join(pgliteEntry.slice(0, pgliteEntry.lastIndexOf(`${path.sep}dist${path.sep}`)), 'package.json');
  hash.update(JSON.parse(await fs.readFile(pglitePackage, 'utf8')).version);
  for (const name of (await fs.readdir(migrationsFolder, { recursive: true })).sort()) {
    const file = path.join(migrationsFolder, name);
    if ((await fs.stat(file)).isFile()) hash.update(name).update(await fs.readFile(file));
  }
  return hash.digest('hex').slice(0, 16);
}
