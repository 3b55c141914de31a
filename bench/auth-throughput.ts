// Budget: authenticated GET /api/auth/user at 50 connections reaches at least 40% of the
// throughput of a bare Fastify route answering a constant JSON, on PGlite; p99 reported too.
import { spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, repoRoot, startKora, stop, tempDataDir, waitForHealthOf } from './lib/bench-utils.js';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);

type Result = { rps: number; p99: number; errors: number; non2xx: number };

async function load(url: string, headers: Record<string, string> = {}): Promise<Result> {
  // A short warm-up so JIT and caches settle before the measured run.
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx };
}

const barePort = await freePort();
const bare = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'bench/bare-server.ts')], {
  env: { ...process.env, PORT: String(barePort) },
  stdio: 'inherit',
});
await waitForHealthOf(`http://127.0.0.1:${barePort}/constant`, bare);
const bareResult = await load(`http://127.0.0.1:${barePort}/constant`);
await stop(bare);

const kora = await startKora({ DATA_DIR: tempDataDir(), SEED: 'none', AUTH_RATE_LIMIT_MAX: '1000' });
const signup = await fetch(`${kora.url}/api/auth/signup`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'bench@example.com', password: 'bench-password', firstName: 'Bench', lastName: 'Mark' }),
});
const cookie = signup.headers.get('set-cookie')?.split(';')[0];
if (!signup.ok || !cookie) throw new Error(`signup failed: ${signup.status}`);
const authResult = await load(`${kora.url}/api/auth/user`, { cookie });
await stop(kora.child);

const ratio = authResult.rps / bareResult.rps;
console.log(`bare Fastify constant JSON: ${bareResult.rps.toFixed(0)} req/s, p99 ${bareResult.p99} ms`);
console.log(
  `GET /api/auth/user (PGlite): ${authResult.rps.toFixed(0)} req/s, p99 ${authResult.p99} ms, ` +
    `errors ${authResult.errors}, non-2xx ${authResult.non2xx}`,
);
console.log(`auth/bare throughput: ${(ratio * 100).toFixed(1)}% (budget >= 40%) ${ratio >= 0.4 ? 'PASS' : 'FAIL'}`);
if (authResult.non2xx > 0 || authResult.errors > 0) console.log('WARNING: the authenticated run had failures');
