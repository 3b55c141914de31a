// The built server on a fresh data folder, for the browser tests.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
// One folder per port, so two runs on different ports (E2E_PORT) never delete each other's data.
const dataDir = path.join(here, '.test-data', process.env.PORT ?? 'default');
fs.rmSync(dataDir, { recursive: true, force: true });
Object.assign(process.env, {
  DATA_DIR: dataDir,
  SEED: process.env.E2E_SEED ?? 'demo',
  LOG_LEVEL: 'warn',
  // Many accounts are created from one address in a run.
  AUTH_RATE_LIMIT_MAX: '10000',
});
await import(pathToFileURL(path.join(here, '../server/dist/main.js')).href);
