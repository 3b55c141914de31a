// Soak (issue 19, not in CI): the cluster of npm run test:cluster (three web processes and a worker
// on PostgreSQL, s3rver and Redis, behind nginx with deploy/nginx/kora.conf) under 200 listeners
// who never pause (200 busy connections) of the cluster test's mix: browse, search, play in ranges
// and report plays, like and unlike, add to playlists. Prints the throughput, p50/p95/p99 and
// failures per route, and each Kora process's RSS after the warm-up and at the end: memory must be
// flat (under 10% growth after the warm-up). BENCH_SOAK_SECONDS sets the measured time (600).
// Needs TEST_DATABASE_URL and TEST_REDIS_URL, and Debian's nginx.
import { createWriteLog, type RequestRecord, runListenerLoad } from '../server/test/cluster/listener-load.js';
import { CATALOGUE_WORDS, type ClusterListener, signUpListener, startCluster } from '../server/test/cluster/start-cluster.js';
import { percentile } from './lib/load.js';
import { MIB, memoryOf } from './lib/process-memory.js';

const LISTENERS = Number(process.env.BENCH_SOAK_CONNECTIONS ?? 200);
const WARMUP_S = Number(process.env.BENCH_SOAK_WARMUP_SECONDS ?? 60);
const SOAK_S = Number(process.env.BENCH_SOAK_SECONDS ?? 600);
const BUDGET_GROWTH = 0.1;

const cluster = await startCluster({
  webProcesses: 3,
  workers: 1,
  catalogueSongs: 200,
  env: { LOG_LEVEL: 'warn', AUTH_RATE_LIMIT_MAX: '1000000' },
  log: (line) => console.log(line),
});
try {
  const listeners: ClusterListener[] = [];
  for (let i = 0; i < LISTENERS; i++) listeners.push(await signUpListener(cluster.nginx.url, `soak-${i}@example.com`));
  const names = [...cluster.processes.keys()];
  const rss = () => new Map(names.map((name) => [name, memoryOf(cluster.processes.get(name)!.child.pid!)?.rss ?? Number.NaN]));

  const log: RequestRecord[] = [];
  const started = performance.now();
  let stop!: () => void;
  const over = new Promise<void>((resolve) => (stop = resolve));
  let seed = 23;
  const load = runListenerLoad(
    {
      baseUrl: cluster.nginx.url,
      listeners,
      songIds: cluster.songIds,
      searchWords: CATALOGUE_WORDS,
      until: over,
      random: () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31,
      thinkMs: [0, 0],
    },
    log,
    createWriteLog(),
  );
  console.log(`${LISTENERS} listeners without pauses; ${WARMUP_S} s of warm-up, then ${SOAK_S} s measured`);
  await new Promise((resolve) => setTimeout(resolve, WARMUP_S * 1000));
  const afterWarmup = rss();
  const measuredFrom = performance.now();
  const progress = setInterval(() => {
    const done = log.filter((r) => r.startedAt >= measuredFrom).length;
    console.log(`  ${((performance.now() - measuredFrom) / 1000).toFixed(0)} s: ${done} requests`);
  }, 60_000);
  await new Promise((resolve) => setTimeout(resolve, SOAK_S * 1000));
  clearInterval(progress);
  const atEnd = rss();
  stop();
  await load;
  const measuredS = (performance.now() - measuredFrom) / 1000;

  const measured = log.filter((record) => record.startedAt >= measuredFrom);
  const routes = new Map<string, RequestRecord[]>();
  for (const record of measured) {
    const key = `${record.method} ${record.route}`;
    routes.set(key, [...(routes.get(key) ?? []), record]);
  }
  console.log(`\n${measured.length} requests in ${measuredS.toFixed(0)} s: ${(measured.length / measuredS).toFixed(0)} req/s (${((performance.now() - started) / 1000).toFixed(0)} s with the warm-up)`);
  console.log(`${'route'.padEnd(36)} ${'req/s'.padStart(7)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)}   failures`);
  for (const [route, records] of [...routes].sort((a, b) => b[1].length - a[1].length)) {
    const times = records.map((r) => r.endedAt - r.startedAt).sort((a, b) => a - b);
    const failures = records.filter((r) => r.status === 0 || r.status >= 400).length;
    const ms = (p: number) => `${percentile(times, p).toFixed(0)} ms`.padStart(7);
    console.log(`${route.padEnd(36)} ${(records.length / measuredS).toFixed(1).padStart(7)} ${ms(50)} ${ms(95)} ${ms(99)}   ${failures}`);
  }
  const failures = measured.filter((r) => r.status === 0 || r.status >= 400);
  console.log(`failures: ${failures.length}${failures.length > 0 ? ` (first: ${failures[0]!.method} ${failures[0]!.route} ${failures[0]!.status} ${failures[0]!.error ?? ''})` : ''}`);

  let flat = true;
  for (const name of names) {
    const before = afterWarmup.get(name)!;
    const after = atEnd.get(name)!;
    const growth = after / before - 1;
    if (!(growth < BUDGET_GROWTH)) flat = false;
    console.log(`RSS ${name.padEnd(9)} after warm-up ${(before / MIB).toFixed(0)} MB, at the end ${(after / MIB).toFixed(0)} MB (${(growth * 100).toFixed(1)}%)`);
  }
  console.log(`memory flat (each process under ${BUDGET_GROWTH * 100}% growth after the warm-up) and no failures: ${flat && failures.length === 0 ? 'PASS' : 'FAIL'}`);
} finally {
  await cluster.close();
}
