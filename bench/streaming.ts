// Budget: Kora streams random 256 KiB ranges of the demo songs (GET /api/songs/{id}/stream,
// signed in) at 200 concurrent clients with at least 70% of the throughput of Debian's nginx
// (one worker) serving the same files from the same media folder (issue 20; issue 3 asked 50%). p99 time to first byte is printed for both.
// Then issue 19's: the same requests through nginx with deploy/nginx/kora.conf in front of Kora
// started again with MEDIA_OFFLOAD=nginx (Kora decides, nginx sends the bytes) reach at least 90%
// of nginx serving the files directly; all three side by side in one run.
// Kora's RSS is printed beside its lines (after the load, and its peak during it): issue 20's memory
// budget (bench/memory.ts) is held through this load.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { signUpBenchUser } from './lib/load.js';
import { filledInKoraConf, startNginx as startNginxWith } from '../server/test/helpers/nginx.js';
import { hasNginx, NGINX_BINARY, startNginx } from './lib/nginx.js';
import { cpuMsOf, processTree } from './lib/process-cpu.js';
import { runRangeLoad, type RangeLoadResult, type RangeTarget } from './lib/range-load.js';
import { startKora, stop, tempDataDir } from './lib/bench-utils.js';
import { mb, rssOf, trackPeak } from './lib/memory-loads.js';

const CLIENTS = 200;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const RANGE_BYTES = 256 * 1024;
// One nginx worker against one Node process; NGINX_WORKERS=2 compares with nginx on both cores.
const NGINX_WORKERS = Number(process.env.NGINX_WORKERS ?? 1);
const BUDGET_RATIO = 0.7;
const OFFLOAD_BUDGET_RATIO = 0.9;

if (!hasNginx()) {
  console.error(`This benchmark compares Kora with nginx, and ${NGINX_BINARY} is missing: install Debian's nginx (apt-get install -y nginx).`);
  process.exit(1);
}

const dataDir = tempDataDir();
console.log('Starting Kora with the demo catalogue, answering once its renditions are made (about two minutes)...');
// Measured at steady state: ffmpeg making the catalogue's renditions would take the CPU from both servers.
const koraEnv = { DATA_DIR: dataDir, SEED: 'demo', AUTH_RATE_LIMIT_MAX: '1000', LISTEN_AFTER_BACKFILL: 'true' };
let kora = await startKora(koraEnv);
let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
let proxy: Awaited<ReturnType<typeof startNginxWith>> | undefined;
try {
  const cookie = await signUpBenchUser(kora.url, 'stream-bench@example.com');
  const songs = (await (await fetch(`${kora.url}/api/songs?limit=200`, { headers: { cookie } })).json()) as { id: number }[];

  // A stored file's media key is its content hash (the ETag does not tell it): the same file for nginx.
  const koraTargets: RangeTarget[] = [];
  const nginxTargets: RangeTarget[] = [];
  for (const song of songs) {
    const whole = await fetch(`${kora.url}/api/songs/${song.id}/stream`, { headers: { cookie } });
    const bytes = Buffer.from(await whole.arrayBuffer());
    if (whole.status !== 200 || bytes.length === 0) throw new Error(`unexpected stream answer for song ${song.id}: ${whole.status}`);
    const hash = createHash('sha256').update(bytes).digest('hex');
    koraTargets.push({ path: `/api/songs/${song.id}/stream`, size: bytes.length });
    nginxTargets.push({ path: `/${hash.slice(0, 2)}/${hash}.mp3`, size: bytes.length });
  }
  const totalMb = koraTargets.reduce((sum, target) => sum + target.size, 0) / 1e6;
  console.log(`${koraTargets.length} songs, ${totalMb.toFixed(1)} MB of MP3`);

  nginx = await startNginx(path.join(dataDir, 'media'), { workers: NGINX_WORKERS, probePath: nginxTargets[0]!.path.slice(1) });
  const sample = { range: 'bytes=1000-5000' };
  const fromKora = Buffer.from(await (await fetch(`${kora.url}${koraTargets[0]!.path}`, { headers: { cookie, ...sample } })).arrayBuffer());
  const fromNginx = Buffer.from(await (await fetch(`${nginx.url}${nginxTargets[0]!.path}`, { headers: sample })).arrayBuffer());
  if (!fromKora.equals(fromNginx)) throw new Error('Kora and nginx disagree about the same range of the same file');

  const options = { clients: CLIENTS, rangeBytes: RANGE_BYTES };
  console.log(`${CLIENTS} clients, random ${RANGE_BYTES / 1024} KiB ranges, ${DURATION_S} s each after 2 s of warm-up; nginx with ${NGINX_WORKERS} worker(s)`);
  // Server CPU per request is printed too: on a shared 2-core machine it varies far less than throughput.
  // With koraPid, Kora's RSS after the load and its peak during it (warm-up included).
  const measure = async (url: string, targets: RangeTarget[], pids: number[], headers?: Record<string, string>, koraPid?: number) => {
    const peak = koraPid === undefined ? undefined : trackPeak(koraPid);
    await runRangeLoad(url, targets, { ...options, durationS: 2, headers });
    const cpuBefore = cpuMsOf(pids);
    const result = await runRangeLoad(url, targets, { ...options, durationS: DURATION_S, headers });
    const memory = koraPid === undefined ? undefined : { rssAfter: rssOf(koraPid), peakRss: peak!.stop() };
    return { ...result, cpuMsPerRequest: (cpuMsOf(pids) - cpuBefore) / result.requests, memory };
  };
  const nginxResult = await measure(nginx.url, nginxTargets, processTree(nginx.child.pid!));
  const koraResult = await measure(kora.url, koraTargets, [kora.child.pid!], { cookie }, kora.child.pid!);

  const line = (name: string, r: RangeLoadResult & { cpuMsPerRequest: number; memory?: { rssAfter: number; peakRss: number } }) =>
    `${name.padEnd(18)} ${r.rps.toFixed(0).padStart(7)} req/s ${r.mbPerS.toFixed(1).padStart(8)} MB/s   ` +
    `TTFB p50 ${r.ttfbP50.toFixed(1).padStart(6)} ms, p99 ${r.ttfbP99.toFixed(1).padStart(6)} ms   ` +
    `server CPU ${r.cpuMsPerRequest.toFixed(3)} ms/request   failures ${r.failures}` +
    (r.memory ? `   Kora RSS after ${mb(r.memory.rssAfter)}, peak ${mb(r.memory.peakRss)}` : '');
  console.log(line('nginx', nginxResult));
  console.log(line('Kora', koraResult));

  // The same Kora, its data and its catalogue, started again with the offload behind the shipped nginx file.
  await stop(kora.child);
  kora = await startKora({ ...koraEnv, MEDIA_OFFLOAD: 'nginx', TRUST_PROXY: 'true' });
  const koraPort = Number(new URL(kora.url).port);
  proxy = await startNginxWith((port) => filledInKoraConf(port, { upstreamPorts: [koraPort], webRoot: path.join(dataDir, 'no-web'), mediaRoot: path.join(dataDir, 'media') }), {
    workers: NGINX_WORKERS,
    probePath: '/api/health/live',
  });
  const fromProxy = Buffer.from(await (await fetch(`${proxy.url}${koraTargets[0]!.path}`, { headers: { cookie, ...sample } })).arrayBuffer());
  if (!fromProxy.equals(fromNginx)) throw new Error('Kora behind nginx with the offload and nginx disagree about the same range of the same file');
  const offloadResult = await measure(proxy.url, koraTargets, [kora.child.pid!, ...processTree(proxy.child.pid!)], { cookie }, kora.child.pid!);
  console.log(line('Kora+nginx offload', offloadResult));

  const ratio = koraResult.rps / nginxResult.rps;
  const pass = ratio >= BUDGET_RATIO && koraResult.failures === 0;
  console.log(`Kora/nginx throughput: ${(ratio * 100).toFixed(1)}% (budget >= ${BUDGET_RATIO * 100}%) ${pass ? 'PASS' : 'FAIL'}`);
  const offloadRatio = offloadResult.rps / nginxResult.rps;
  const offloadPass = offloadRatio >= OFFLOAD_BUDGET_RATIO && offloadResult.failures === 0;
  console.log(
    `Kora with MEDIA_OFFLOAD=nginx behind nginx / nginx alone: ${(offloadRatio * 100).toFixed(1)}% (budget >= ${OFFLOAD_BUDGET_RATIO * 100}%) ${offloadPass ? 'PASS' : 'FAIL'}`,
  );
} finally {
  if (nginx) await nginx.close();
  if (proxy) await proxy.close();
  await stop(kora.child);
}
