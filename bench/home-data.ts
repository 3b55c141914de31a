// Budget: every call the home page makes answers within 30 ms at the 95th percentile with
// 50 concurrent connections, on the built server with the demo catalogue on PGlite.
// The p95 is computed from every response time (autocannon itself reports p97.5 and p99).
// The server's RSS is printed beside each call (after it, and its peak during it): issue 20's
// memory budget (bench/memory.ts) is held through these loads.
import { giveListenerHistory, signUpBenchUser } from './lib/load.js';
import { startKora, stop, tempDataDir } from './lib/bench-utils.js';
import { HOME_CALLS, homeLoad, mb, rssOf } from './lib/memory-loads.js';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const BUDGET_P95_MS = 30;

console.log('Starting Kora with the demo catalogue, answering once its renditions are made (about two minutes)...');
// Measured at steady state, not while ffmpeg makes the catalogue's renditions.
const kora = await startKora({ DATA_DIR: tempDataDir(), SEED: 'demo', AUTH_RATE_LIMIT_MAX: '1000', LISTEN_AFTER_BACKFILL: 'true' });
try {
  const cookie = await signUpBenchUser(kora.url, 'home-bench@example.com');
  await giveListenerHistory(kora.url, cookie);

  console.log(`${CONNECTIONS} connections, ${DURATION_S} s per call (after 1 s of warm-up); budget p95 <= ${BUDGET_P95_MS} ms`);
  console.log(`server RSS before the calls: ${mb(rssOf(kora.child.pid!))}`);
  console.log('call                          req/s     p50 ms   p95 ms   p99 ms   non-2xx  RSS after, peak  result');
  let failed = false;
  for (const path of HOME_CALLS) {
    const result = await homeLoad(kora.url, kora.child.pid!, cookie, path, { connections: CONNECTIONS, durationS: DURATION_S });
    const pass = result.p95Ms <= BUDGET_P95_MS && result.failures === 0;
    failed ||= !pass;
    console.log(
      `${path.padEnd(28)} ${result.rps.toFixed(0).padStart(6)} ${result.p50Ms.toFixed(1).padStart(9)} ${result.p95Ms.toFixed(1).padStart(8)} ` +
        `${result.p99Ms.toFixed(1).padStart(8)} ${String(result.failures).padStart(9)}  ` +
        `${mb(result.rssAfter).padStart(7)}, ${mb(result.peakRss).padStart(6)}  ${pass ? 'PASS' : 'FAIL'}`,
    );
  }
  console.log(`home page calls: ${failed ? 'FAIL' : 'PASS'} (p95 <= ${BUDGET_P95_MS} ms each)`);
} finally {
  await stop(kora.child);
}
