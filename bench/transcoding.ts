// Budget: while the demo catalogue is transcoded in the background (the 'transcode-song' jobs the
// backfill enqueues at start), the home page's API calls keep a p95 no more than 2x the p95 without
// jobs, at 20 connections, and no more ffmpeg processes run at once than the machine has cores
// (os.availableParallelism()). Built server (`npm run build` first), demo catalogue on PGlite.
// Both measurements are taken on a restart of the same data folder, so they differ only by the jobs.
// ffmpeg processes (children of the server) are counted from /proc every 100 ms; after the server
// stops, its database tells whether every song got its renditions and how long that took.
import fs from 'node:fs';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { openPglite } from '../server/src/db/client.js';
import { startKora, stop, tempDataDir } from './lib/bench-utils.js';
import { giveListenerHistory, type LoadResult, runLoad, signUpBenchUser } from './lib/load.js';
import { HOME_CALLS } from './lib/memory-loads.js';

const CONNECTIONS = 20;
const WARMUP_S = 1;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const BUDGET_RATIO = 2;
const CORES = os.availableParallelism();
const SAMPLE_MS = 100;
/** Transcoding is over once no ffmpeg has run for this long. */
const IDLE_MS = 5_000;
const TRANSCODE_TIMEOUT_MS = 15 * 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every home call in turn on each connection; the p95 is over all their response times. */
function homeLoad(baseUrl: string, cookie: string): Promise<LoadResult> {
  return runLoad(baseUrl, { connections: CONNECTIONS, durationS: DURATION_S, warmupS: WARMUP_S, headers: { cookie }, paths: HOME_CALLS });
}

/** The ffmpeg processes the server has spawned now, from /proc (Linux). */
function ffmpegChildren(serverPid: number): number {
  let count = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // "pid (comm) state ppid …": comm may contain spaces, so split at its closing parenthesis.
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid === serverPid && comm.startsWith('ffmpeg')) count++;
  }
  return count;
}

/** Counts ffmpeg processes every SAMPLE_MS until stopped. */
function sampleFfmpeg(serverPid: number) {
  const samples: { at: number; count: number }[] = [];
  const timer = setInterval(() => samples.push({ at: performance.now(), count: ffmpegChildren(serverPid) }), SAMPLE_MS);
  return {
    samples,
    max: () => Math.max(0, ...samples.map((sample) => sample.count)),
    /** Share of the samples in [from, to] that saw ffmpeg running. */
    busyShare(from: number, to: number) {
      const within = samples.filter((sample) => sample.at >= from && sample.at <= to);
      return within.length === 0 ? 0 : within.filter((sample) => sample.count > 0).length / within.length;
    },
    lastBusyAt: () => samples.findLast((sample) => sample.count > 0)?.at,
    stop: () => clearInterval(timer),
  };
}

function row(label: string, result: LoadResult): string {
  return (
    `${label.padEnd(22)} ${result.rps.toFixed(0).padStart(6)} ${result.p50.toFixed(1).padStart(8)} ${result.p95.toFixed(1).padStart(8)} ` +
    `${result.p99.toFixed(1).padStart(8)} ${String(result.non2xx + result.errors).padStart(8)}`
  );
}

const dataDir = tempDataDir();
console.log('Starting Kora with the demo catalogue, jobs off (the first start generates it, about half a minute)...');
let kora = await startKora({ DATA_DIR: dataDir, SEED: 'demo', JOBS_ENABLED: 'false', AUTH_RATE_LIMIT_MAX: '1000' });
let cookie: string;
try {
  cookie = await signUpBenchUser(kora.url, 'transcoding-bench@example.com');
  await giveListenerHistory(kora.url, cookie);
} finally {
  await stop(kora.child);
}

console.log(`${CONNECTIONS} connections over ${HOME_CALLS.length} home calls, ${DURATION_S} s (after ${WARMUP_S} s of warm-up); ${CORES} cores`);
console.log('                        req/s   p50 ms   p95 ms   p99 ms  non-2xx');
kora = await startKora({ DATA_DIR: dataDir, JOBS_ENABLED: 'false' });
let baseline: LoadResult;
try {
  baseline = await homeLoad(kora.url, cookie);
  console.log(row('jobs off (baseline)', baseline));
} finally {
  await stop(kora.child);
}

const started = performance.now();
kora = await startKora({ DATA_DIR: dataDir });
const sampler = sampleFfmpeg(kora.child.pid!);
let during: LoadResult;
let busyShare: number;
try {
  const loadFrom = performance.now();
  during = await homeLoad(kora.url, cookie);
  busyShare = sampler.busyShare(loadFrom, performance.now());
  console.log(row('while transcoding', during));
  // The rest of the catalogue: done once no ffmpeg has run for IDLE_MS.
  while (performance.now() - started < TRANSCODE_TIMEOUT_MS) {
    if (performance.now() - (sampler.lastBusyAt() ?? started) >= IDLE_MS) break;
    await sleep(SAMPLE_MS);
  }
} finally {
  sampler.stop();
  await stop(kora.child);
}

const database = await openPglite(dataDir);
let jobCounts: Record<string, number>;
let songsWithout: number;
let transcodeSeconds: number | null;
try {
  const jobs = await database.db.execute(sql`select status, count(*)::int as count from jobs where type = 'transcode-song' group by status`);
  // From the backfill's enqueue to the last job's end.
  const span = await database.db.execute(sql`
    select extract(epoch from max(updated_at) - min(created_at))::float8 as seconds from jobs where type = 'transcode-song'`);
  const without = await database.db.execute(sql`
    select count(*)::int as count from songs s
    where s.status = 'live' and s.source = 'local' and s.file_key is not null
      and not exists (select 1 from song_renditions r where r.song_id = s.id)`);
  // PGlite answers with { rows }.
  const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
  jobCounts = Object.fromEntries(rows<{ status: string; count: number }>(jobs).map((job) => [job.status, job.count]));
  songsWithout = rows<{ count: number }>(without)[0]!.count;
  transcodeSeconds = rows<{ seconds: number | null }>(span)[0]!.seconds;
} finally {
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const ratio = during.p95 / baseline.p95;
const maxFfmpeg = sampler.max();
const jobsTotal = Object.values(jobCounts).reduce((sum, count) => sum + count, 0);
const checks = [
  { name: `p95 while transcoding / baseline p95 = ${ratio.toFixed(2)}x (budget <= ${BUDGET_RATIO}x)`, pass: ratio <= BUDGET_RATIO },
  { name: `most ffmpeg processes at once: ${maxFfmpeg} (budget <= ${CORES} cores)`, pass: maxFfmpeg > 0 && maxFfmpeg <= CORES },
  {
    name: `ffmpeg was running during ${(busyShare * 100).toFixed(0)}% of the measurement (>= 90%, or it measured no transcoding)`,
    pass: busyShare >= 0.9,
  },
  { name: `requests without errors: ${baseline.non2xx + baseline.errors + during.non2xx + during.errors} failed`, pass: baseline.non2xx + baseline.errors + during.non2xx + during.errors === 0 },
  {
    name: `catalogue transcoded: ${jobCounts.done ?? 0} of ${jobsTotal} 'transcode-song' jobs done, ${songsWithout} songs left without renditions`,
    pass: jobsTotal > 0 && jobCounts.done === jobsTotal && songsWithout === 0,
  },
];
for (const check of checks) console.log(`${check.pass ? 'PASS' : 'FAIL'}  ${check.name}`);
if (transcodeSeconds !== null) console.log(`the catalogue took ${transcodeSeconds.toFixed(1)} s to transcode (first job enqueued to last job done)`);
const failed = checks.some((check) => !check.pass);
console.log(`background transcoding: ${failed ? 'FAIL' : 'PASS'}`);
if (failed) process.exitCode = 1;
