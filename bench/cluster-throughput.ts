// Budget (issue 19): three Kora web processes behind nginx (deploy/nginx/kora.conf) serve at least
// 1.5x the authenticated API throughput of one Kora process, on this machine, side by side in one
// run: the same PostgreSQL database, Redis and catalogue, the same mix of signed-in GETs (songs,
// Home, search, trending, like count, the session's user) at the same number of connections. The
// single process is asked directly (no proxy in its way); the cluster through nginx. Printed with
// each: the cores the machine used and who used them (the Kora processes, nginx, this load
// generator, and the rest, which is PostgreSQL), which says what limits it.
// Needs TEST_DATABASE_URL and TEST_REDIS_URL, and Debian's nginx.
import fs from 'node:fs';
import os from 'node:os';
import { signUpListener, startCluster } from '../server/test/cluster/start-cluster.js';
import { runLoad, type LoadResult } from './lib/load.js';
import { cpuMsOf, processTree } from './lib/process-cpu.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 15);
const WEB_PROCESSES = Number(process.env.BENCH_WEB_PROCESSES ?? 3);
const BUDGET_RATIO = 1.5;
const PATHS = ['/api/songs?limit=20', '/api/home', '/api/search?q=lagos', '/api/songs/trending', '/api/liked-songs/count', '/api/auth/user'];

/** The machine's busy CPU time so far (all cores), in ms, from /proc/stat. */
function machineBusyMs(): number {
  const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const idle = fields[3]! + fields[4]!;
  return ((fields.reduce((a, b) => a + b, 0) - idle) * 1000) / 100;
}

type Measured = LoadResult & { cores: number; korasCores: number; nginxCores: number; generatorCores: number };

const cluster = await startCluster({
  webProcesses: WEB_PROCESSES,
  workers: 0,
  catalogueSongs: 40,
  env: { LOG_LEVEL: 'warn', AUTH_RATE_LIMIT_MAX: '1000000' },
  log: (line) => console.log(line),
});
try {
  const listener = await signUpListener(cluster.nginx.url, 'throughput@example.com');
  const headers = { cookie: listener.cookie };
  for (const path of PATHS) {
    const answer = await fetch(`${cluster.nginx.url}${path}`, { headers });
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
  }
  const koraPids = cluster.webNames.map((name) => cluster.processes.get(name)!.child.pid!);
  const nginxPids = processTree(cluster.nginx.child.pid!);

  const measure = async (url: string): Promise<Measured> => {
    await runLoad(url, { connections: CONNECTIONS, durationS: 3, headers, paths: PATHS });
    const wall = performance.now();
    const machine = machineBusyMs();
    const koras = cpuMsOf(koraPids);
    const proxy = cpuMsOf(nginxPids);
    const generator = process.cpuUsage();
    const result = await runLoad(url, { connections: CONNECTIONS, durationS: DURATION_S, headers, paths: PATHS });
    const ms = performance.now() - wall;
    const used = process.cpuUsage(generator);
    return {
      ...result,
      cores: (machineBusyMs() - machine) / ms,
      korasCores: (cpuMsOf(koraPids) - koras) / ms,
      nginxCores: (cpuMsOf(nginxPids) - proxy) / ms,
      generatorCores: (used.user + used.system) / 1000 / ms,
    };
  };

  console.log(`${CONNECTIONS} connections, ${DURATION_S} s each after 3 s of warm-up, GETs in turn: ${PATHS.join(', ')}`);
  const single = await measure(cluster.processes.get('web-1')!.url);
  const whole = await measure(cluster.nginx.url);
  const line = (name: string, r: Measured) =>
    `${name.padEnd(30)} ${r.rps.toFixed(0).padStart(6)} req/s   p50 ${r.p50.toFixed(0)} ms, p95 ${r.p95.toFixed(0)} ms, p99 ${r.p99.toFixed(0)} ms   ` +
    `non-2xx ${r.non2xx}, errors ${r.errors}   cores used ${r.cores.toFixed(2)} of ${os.availableParallelism()}: ` +
    `Kora ${r.korasCores.toFixed(2)}, nginx ${r.nginxCores.toFixed(2)}, load generator ${r.generatorCores.toFixed(2)}, ` +
    `PostgreSQL and the rest ${Math.max(0, r.cores - r.korasCores - r.nginxCores - r.generatorCores).toFixed(2)}`;
  console.log(line('one Kora process (direct)', single));
  console.log(line(`${WEB_PROCESSES} Kora processes behind nginx`, whole));
  const ratio = whole.rps / single.rps;
  const limit =
    whole.cores >= os.availableParallelism() - 0.15
      ? `the machine's ${os.availableParallelism()} cores are all busy: the processes share them with PostgreSQL, nginx and the load generator`
      : 'the cores are not all busy: the limit is elsewhere (connections, the database)';
  console.log(`cluster/single: ${ratio.toFixed(2)}x (budget >= ${BUDGET_RATIO}x) ${ratio >= BUDGET_RATIO && whole.non2xx + whole.errors === 0 ? 'PASS' : 'FAIL'}; limit: ${limit}`);
} finally {
  await cluster.close();
}
