// Budget (issue 20): the built server on embedded PGlite with the demo catalogue idles under 250 MB
// of resident memory (RSS) once started, and stays under 400 MB through bench/home-data.ts's and
// bench/streaming.ts's loads. Both the first start (which creates the demo catalogue and transcodes
// it in the same process) and a later start on the same data are held to it. The same on
// PostgreSQL (a scratch database on BENCH_POSTGRES_URL's server) is printed, without a budget:
// there the database's memory is the PostgreSQL server's, not Kora's.
// Idle means: answering (LISTEN_AFTER_BACKFILL, so the catalogue's transcoding is done), then
// IDLE_S seconds without a request; the figure is the RSS at the end of them.
import { rmSync } from 'node:fs';
import { openPostgresBackend } from './lib/bench-backends.js';
import { startKora, stop, tempDataDir } from './lib/bench-utils.js';
import { giveListenerHistory, signUpBenchUser } from './lib/load.js';
import { homeLoads, idleRss, loadLine, mb, type MeasuredLoad, streamingLoad, streamTargets } from './lib/memory-loads.js';
import { MIB } from './lib/process-memory.js';

const IDLE_BUDGET = 250 * MIB;
const LOAD_BUDGET = 400 * MIB;
const IDLE_S = Number(process.env.BENCH_IDLE_S ?? 15);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 3);
const HOME_CONNECTIONS = 50;
const STREAM_CLIENTS = 200;

type Measured = { idle: number; peak: number };

/** Starts Kora, measures it idle, then through the read loads; prints each with the RSS beside it. */
async function measure(label: string, env: Record<string, string>, email: string): Promise<Measured> {
  const kora = await startKora({ SEED: 'demo', AUTH_RATE_LIMIT_MAX: '1000', LISTEN_AFTER_BACKFILL: 'true', ...env });
  try {
    const pid = kora.child.pid!;
    const idle = await idleRss(pid, IDLE_S * 1000);
    console.log(`${label}: answering after ${(kora.startedInMs / 1000).toFixed(1)} s; RSS after ${IDLE_S} s idle ${mb(idle.last)} (lowest ${mb(idle.lowest)})`);

    const cookie = await signUpBenchUser(kora.url, email);
    await giveListenerHistory(kora.url, cookie);
    const loads: MeasuredLoad[] = await homeLoads(kora.url, pid, cookie, { connections: HOME_CONNECTIONS, durationS: DURATION_S });
    loads.push(await streamingLoad(kora.url, pid, cookie, await streamTargets(kora.url, cookie), { clients: STREAM_CLIENTS, durationS: DURATION_S * 2 }));
    for (const load of loads) console.log(`  ${loadLine(load)}`);
    return { idle: idle.last, peak: Math.max(...loads.map((load) => load.peakRss)) };
  } finally {
    await stop(kora.child);
  }
}

function budgetLines(label: string, { idle, peak }: Measured): void {
  const idlePass = idle < IDLE_BUDGET;
  const peakPass = peak < LOAD_BUDGET;
  console.log(`${label}: idle RSS ${mb(idle)} (budget < ${mb(IDLE_BUDGET)}) ${idlePass ? 'PASS' : 'FAIL'}`);
  console.log(`${label}: peak RSS through the home and streaming loads ${mb(peak)} (budget < ${mb(LOAD_BUDGET)}) ${peakPass ? 'PASS' : 'FAIL'}`);
}

console.log(
  `Home calls at ${HOME_CONNECTIONS} connections for ${DURATION_S} s each, then ${STREAM_CLIENTS} clients streaming random 256 KiB ranges for ${DURATION_S * 2} s; ` +
    'RSS after each and its peak during it',
);
const dataDir = tempDataDir();
try {
  console.log('\nEmbedded (PGlite), first start: creates the demo catalogue and transcodes it (a few minutes)...');
  const first = await measure('PGlite, first start', { DATA_DIR: dataDir }, 'memory-first@example.com');
  console.log('\nEmbedded (PGlite), a later start on the same data...');
  const later = await measure('PGlite, later start', { DATA_DIR: dataDir }, 'memory-later@example.com');
  console.log('');
  budgetLines('PGlite, first start', first);
  budgetLines('PGlite, later start', later);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

// PostgreSQL: Kora's own process only (no budget line, so no verdict word in these lines).
let backend: Awaited<ReturnType<typeof openPostgresBackend>> | undefined;
try {
  backend = await openPostgresBackend('kora_memory');
  await backend.database.close();
} catch (error) {
  console.log(`\nPostgreSQL: not measured, no server to create a scratch database on (${(error as Error).message})`);
}
if (backend) {
  try {
    console.log('\nPostgreSQL, first start on a scratch database: creates the demo catalogue and transcodes it...');
    const first = await measure('PostgreSQL, first start', backend.env, 'memory-postgres-first@example.com');
    console.log('\nPostgreSQL, a later start on the same database...');
    const later = await measure('PostgreSQL, later start', backend.env, 'memory-postgres-later@example.com');
    console.log('');
    for (const [label, { idle, peak }] of [['first start', first], ['later start', later]] as const) {
      // Printed for comparison: the database's memory is the PostgreSQL server's, not counted here.
      console.log(`PostgreSQL, ${label}: Kora's idle RSS ${mb(idle)}, peak through the home and streaming loads ${mb(peak)} (no budget)`);
    }
  } finally {
    await backend.cleanup();
  }
}
