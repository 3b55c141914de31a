// Budget: authenticated GET /api/auth/user at 50 connections reaches at least 60% of the
// throughput of a bare Fastify route answering a constant JSON, on PGlite (issue 20; issue 2 asked
// 40%); p99 reported too. Issue 20 also: on PostgreSQL (a scratch database on BENCH_POSTGRES_URL's
// server, by default the machine's), side by side in the same run, at least 40%: the session comes
// from the process's cache, not a round trip. BENCH_AUTH_DATABASES=pglite runs one.
import { spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { openPostgresBackend } from './lib/bench-backends.js';
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

async function measureKora(label: string, budget: number, env: Record<string, string>): Promise<boolean> {
  const kora = await startKora({ SEED: 'none', AUTH_RATE_LIMIT_MAX: '1000', ...env });
  let authResult: Result;
  try {
    const signup = await fetch(`${kora.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench@example.com', password: 'bench-password', firstName: 'Bench', lastName: 'Mark' }),
    });
    const cookie = signup.headers.get('set-cookie')?.split(';')[0];
    if (!signup.ok || !cookie) throw new Error(`signup failed: ${signup.status}`);
    authResult = await load(`${kora.url}/api/auth/user`, { cookie });
  } finally {
    await stop(kora.child);
  }
  const ratio = authResult.rps / bareResult.rps;
  console.log(`GET /api/auth/user (${label}): ${authResult.rps.toFixed(0)} req/s, p99 ${authResult.p99} ms, errors ${authResult.errors}, non-2xx ${authResult.non2xx}`);
  const pass = ratio >= budget && authResult.non2xx === 0 && authResult.errors === 0;
  console.log(`auth/bare throughput (${label}): ${(ratio * 100).toFixed(1)}% (budget >= ${budget * 100}%) ${pass ? 'PASS' : 'FAIL'}`);
  return pass;
}

console.log(`bare Fastify constant JSON: ${bareResult.rps.toFixed(0)} req/s, p99 ${bareResult.p99} ms`);
const databases = (process.env.BENCH_AUTH_DATABASES ?? 'pglite,postgres').split(',');
let passed = true;
if (databases.includes('pglite')) passed = (await measureKora('PGlite', 0.6, { DATA_DIR: tempDataDir() })) && passed;
if (databases.includes('postgres')) {
  const backend = await openPostgresBackend('kora_bench_auth');
  await backend.database.close();
  try {
    passed = (await measureKora('PostgreSQL', 0.4, backend.env)) && passed;
  } finally {
    await backend.cleanup();
  }
}
process.exitCode = passed ? 0 : 1;
