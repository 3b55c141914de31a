import fs from 'node:fs/promises';
import type { LookupFunction } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { type Config, loadConfig } from '../../src/config.js';
import type { Database } from '../../src/db/client.js';
import { openStorage } from '../../src/media/open-storage.js';
import type { MediaStorage } from '../../src/media/storage.js';
import { startS3Server } from './s3-server.js';
import { openTestDatabase } from './test-database.js';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  storage: MediaStorage;
  config: Config;
  close(): Promise<void>;
};

export type TestAppOptions = {
  /** How the audio proxy resolves host names (a test's resolver can change its answers). */
  audioProxyLookup?: LookupFunction;
  /** How often the data meter writes its counts (the app's default unless given). */
  dataMeterFlushMs?: number;
};

/**
 * The whole app on a fresh database and media folder, for `app.inject` tests.
 * KORA_TEST_STORAGE=s3 keeps media in a local S3-protocol server started for this app instead.
 */
export async function createTestApp(overrides: Partial<Config> = {}, { audioProxyLookup, dataMeterFlushMs }: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kora-test-'));
  const s3Server = process.env.KORA_TEST_STORAGE === 's3' ? await startS3Server() : undefined;
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SEED: 'none', LOG_LEVEL: 'silent' }),
    // Tests sign up many users from one address; the rate-limit test sets its own limit.
    authRateLimit: { max: 10_000, windowMs: 60_000 },
    webDist: path.join(dataDir, 'no-web'),
    s3: s3Server?.settings,
    // No test reaches the internet: a test that needs a catalogue points it at the stand-in.
    catalogues: { deezer: undefined },
    ...overrides,
  };
  const database = await openTestDatabase();
  const storage = await openStorage(config);
  const app = await buildApp({ config, database, storage, logger: false, audioProxyLookup, dataMeterFlushMs });
  await app.ready();
  return {
    app,
    database,
    storage,
    config,
    async close() {
      await app.close();
      await database.close();
      await s3Server?.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
