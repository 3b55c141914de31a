import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/config.js';
import { type Database, openPglite, openPostgres } from '../../server/src/db/client.js';
import { createLocalStorage } from '../../server/src/media/local-storage.js';
import { tempDataDir } from './bench-utils.js';

export const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A database a benchmark fills in-process, and the environment a server started on it needs. */
export type Backend = { label: string; database: Database; dataDir: string; env: Record<string, string>; cleanup: () => Promise<void> };
export type Listener = { id: number; cookie: string };

/** One connection to BENCH_POSTGRES_URL's server (or `url`) for `work`, closed after it. */
export async function runAsAdmin<T>(work: (client: pg.Client) => Promise<T>, url = POSTGRES_URL): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function openPgliteBackend(): Promise<Backend> {
  const dataDir = tempDataDir();
  const cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
  try {
    return { label: 'PGlite', database: await openPglite(dataDir), dataDir, env: { DATA_DIR: dataDir }, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/** A temporary database named `${prefix}_<random>` on BENCH_POSTGRES_URL's server, dropped by cleanup. */
export async function openPostgresBackend(prefix: string): Promise<Backend> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await runAsAdmin((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const dataDir = tempDataDir();
  const cleanup = async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await runAsAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  };
  try {
    const database = await openPostgres(url.toString(), { max: 2 });
    return { label: 'PostgreSQL', database, dataDir, env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() }, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/** The whole app on the bench's database, for sign-ups and statement counts through app.inject. */
export async function buildInProcessApp({ database, dataDir }: Backend): Promise<FastifyInstance> {
  const config = {
    ...loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, SEED: 'none', LOG_LEVEL: 'silent' }),
    webDist: path.join(dataDir, 'no-web'),
  };
  const app = await buildApp({ config, database, storage: createLocalStorage(path.join(dataDir, 'media')), logger: false });
  await app.ready();
  return app;
}

export async function signUpInProcess(app: FastifyInstance, email: string): Promise<Listener> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { email, password: 'bench-password', firstName: 'Bench', lastName: 'Mark' },
  });
  const session = response.cookies[0];
  if (response.statusCode !== 201 || !session) throw new Error(`signup failed: ${response.statusCode} ${response.body}`);
  return { id: response.json<{ id: number }>().id, cookie: `${session.name}=${session.value}` };
}
