// Budget: 100 concurrent listeners fetching whole 30 s previews from the local Deezer stand-in
// through Kora's audio proxy (GET /api/audio-proxy, signed in) get at least 60% of the throughput
// they get fetching the stand-in directly in the same run, and the proxy adds under 10 ms to the
// 95th percentile of time to first byte. The stand-in runs as its own process, as a CDN would;
// Kora is the built server (`npm run build` first).
//
// Throughput is measured flat out (each listener asks for the next preview as soon as one ends).
// Time to first byte is measured with the same 100 listeners each starting a preview every second:
// flat out, every request waits behind the others (time to first byte is then about listeners /
// throughput, Little's law) and would measure throughput again instead of the time the proxy adds.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import readline from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import tls from 'node:tls';
import { repoRoot, startKora, stop, tempDataDir } from './lib/bench-utils.js';
import { percentile, signUpBenchUser } from './lib/load.js';
import { cpuMsOf } from './lib/process-cpu.js';

const LISTENERS = 100;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 6);
const WARMUP_S = 1;
const BUDGET_RATIO = 0.6;
const BUDGET_ADDED_TTFB_P95_MS = 10;
const PACE_MS = 1000;
const ROUNDS = 3;

type Target = { url: string; size: number };
type Fetch = (target: Target, onResponse: (response: http.IncomingMessage) => void) => http.ClientRequest;
type LoadResult = { requests: number; failures: number; mbPerS: number; rps: number; ttfbP50: number; ttfbP95: number };

/**
 * `LISTENERS` keep-alive clients, each fetching whole previews one after another until the time
 * is up: flat out, or starting one every `paceMs` (from a random offset, so they spread). Time to
 * first byte runs from sending the request to the first body bytes.
 */
async function runListeners(targets: readonly Target[], durationS: number, request: Fetch, paceMs = 0): Promise<LoadResult> {
  const ttfbs: number[] = [];
  let bytes = 0;
  let failures = 0;
  const started = performance.now();
  const deadline = started + durationS * 1000;
  const fetchOne = (target: Target) =>
    new Promise<void>((resolve) => {
      const sent = performance.now();
      let firstByte = 0;
      let received = 0;
      const fail = () => {
        failures += 1;
        resolve();
      };
      request(target, (response) => {
        response.on('data', (chunk: Buffer) => {
          if (received === 0) firstByte = performance.now();
          received += chunk.length;
        });
        response.on('end', () => {
          if (response.statusCode !== 200 || received !== target.size) return fail();
          bytes += received;
          ttfbs.push(firstByte - sent);
          resolve();
        });
        response.on('error', fail);
      }).on('error', fail);
    });
  const listener = async () => {
    let next = started + Math.random() * paceMs;
    while (next < deadline) {
      if (paceMs > 0) await sleep(next - performance.now());
      await fetchOne(targets[Math.floor(Math.random() * targets.length)]!);
      next = paceMs > 0 ? next + paceMs : performance.now();
    }
  };
  await Promise.all(Array.from({ length: LISTENERS }, listener));
  const seconds = (performance.now() - started) / 1000;
  ttfbs.sort((a, b) => a - b);
  return { requests: ttfbs.length, failures, mbPerS: bytes / seconds / 1e6, rps: ttfbs.length / seconds, ttfbP50: percentile(ttfbs, 50), ttfbP95: percentile(ttfbs, 95) };
}

function median(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

type Standin = { apiUrl: string; mediaHost: string; caFile: string; pid: number; stop: () => Promise<void> };

/** The stand-in as its own process (server/test/helpers/deezer-standin-main.ts), which prints its addresses as one JSON line. */
async function startStandin(): Promise<Standin> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'server/test/helpers/deezer-standin-main.ts')], {
    cwd: path.join(repoRoot, 'server'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`the stand-in exited with ${code}`))));
  const firstLine = readline.createInterface({ input: child.stdout! })[Symbol.asyncIterator]().next();
  const line = await Promise.race([firstLine, exited]);
  const info = JSON.parse(String(line.value)) as Omit<Standin, 'pid' | 'stop'>;
  return { ...info, pid: child.pid!, stop: () => stop(child) };
}

console.log('Starting the Deezer stand-in and Kora...');
const standin = await startStandin();
const dataDir = tempDataDir();
let kora: Awaited<ReturnType<typeof startKora>> | undefined;
try {
  kora = await startKora({
    DATA_DIR: dataDir,
    SEED: 'none',
    AUTH_RATE_LIMIT_MAX: '1000',
    AUDIO_PROXY_ALLOWED_HOSTS: standin.mediaHost,
    // The stand-in listens on loopback, which only a setting can make acceptable.
    AUDIO_PROXY_TRUSTED_ADDRESSES: '127.0.0.1',
    AUDIO_PROXY_CA_FILE: standin.caFile,
  });
  const cookie = await signUpBenchUser(kora.url, 'audio-proxy-bench@example.com');
  const chart = (await (await fetch(`${standin.apiUrl}/chart/0/tracks?limit=100`)).json()) as { data: { id: number; preview: string }[] };
  // One TLS context, as the proxy has: given `ca`, Node would parse it for every connection and request.
  const secureContext = tls.createSecureContext({ ca: fs.readFileSync(standin.caFile) });
  const directAgent = new https.Agent({ keepAlive: true, maxSockets: LISTENERS, secureContext });
  const proxyAgent = new http.Agent({ keepAlive: true, maxSockets: LISTENERS });
  const koraUrl = new URL(kora.url);

  const direct: Target[] = [];
  const proxied: Target[] = [];
  for (const track of chart.data) {
    const proxyPath = `/api/audio-proxy?${new URLSearchParams({ url: track.preview, trackId: `deezer-${track.id}` })}`;
    const response = await fetch(`${kora.url}${proxyPath}`, { headers: { cookie } });
    const size = (await response.arrayBuffer()).byteLength;
    if (response.status !== 200 || size === 0) throw new Error(`the proxy answered ${response.status} for track ${track.id}`);
    direct.push({ url: track.preview, size });
    proxied.push({ url: proxyPath, size });
  }
  console.log(
    `${direct.length} previews of ${(direct.reduce((sum, target) => sum + target.size, 0) / direct.length / 1024).toFixed(0)} KiB on average; ` +
      `${LISTENERS} listeners; ${ROUNDS} rounds of ${DURATION_S} s each way after ${WARMUP_S} s of warm-up`,
  );

  const fetchDirect: Fetch = (target, onResponse) => https.get(target.url, { agent: directAgent }, onResponse);
  const fetchProxied: Fetch = (target, onResponse) =>
    http.get({ host: koraUrl.hostname, port: koraUrl.port, path: target.url, agent: proxyAgent, headers: { cookie } }, onResponse);

  // Server CPU per preview is printed too: on a shared machine it varies far less than throughput.
  const measure = async (targets: Target[], fetchTarget: Fetch, pids: number[], paceMs = 0) => {
    await runListeners(targets, WARMUP_S, fetchTarget, paceMs);
    const cpuBefore = cpuMsOf(pids);
    const result = await runListeners(targets, DURATION_S, fetchTarget, paceMs);
    return { ...result, cpuMsPerPreview: (cpuMsOf(pids) - cpuBefore) / result.requests };
  };
  const line = (name: string, r: LoadResult & { cpuMsPerPreview: number }) =>
    `${name.padEnd(9)} ${r.rps.toFixed(0).padStart(6)} previews/s ${r.mbPerS.toFixed(1).padStart(7)} MB/s   ` +
    `TTFB p50 ${r.ttfbP50.toFixed(1).padStart(6)} ms, p95 ${r.ttfbP95.toFixed(1).padStart(6)} ms   ` +
    `server CPU ${r.cpuMsPerPreview.toFixed(2)} ms/preview   failures ${r.failures}`;
  const pids = { direct: [standin.pid], proxy: [standin.pid, kora.child.pid!] };

  // Direct and proxied runs alternate, and each figure is the median over the rounds: a burst of
  // other work on the machine then spoils one round instead of one side of the comparison.
  const compare = async (label: string, paceMs: number) => {
    console.log(label);
    const rounds: { direct: LoadResult; proxy: LoadResult }[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      const directRound = await measure(direct, fetchDirect, pids.direct, paceMs);
      console.log(line(`direct ${round}`, directRound));
      const proxyRound = await measure(proxied, fetchProxied, pids.proxy, paceMs);
      console.log(line(`proxy ${round}`, proxyRound));
      rounds.push({ direct: directRound, proxy: proxyRound });
    }
    return rounds;
  };
  const flat = await compare('Flat out:', 0);
  const paced = await compare(`Each listener starting a preview every ${PACE_MS} ms:`, PACE_MS);
  directAgent.destroy();
  proxyAgent.destroy();

  const ratio = median(flat.map((round) => round.proxy.mbPerS / round.direct.mbPerS));
  const addedTtfb = median(paced.map((round) => round.proxy.ttfbP95 - round.direct.ttfbP95));
  const failures = [...flat, ...paced].reduce((sum, round) => sum + round.proxy.failures, 0);
  console.log(`direct (the baseline: no proxy existed): median ${median(flat.map((round) => round.direct.mbPerS)).toFixed(1)} MB/s flat out, TTFB p95 ${median(paced.map((round) => round.direct.ttfbP95)).toFixed(1)} ms paced`);
  const throughputPass = ratio >= BUDGET_RATIO && failures === 0;
  const ttfbPass = addedTtfb < BUDGET_ADDED_TTFB_P95_MS && failures === 0;
  console.log(`proxy/direct throughput: ${(ratio * 100).toFixed(1)}% (budget >= ${BUDGET_RATIO * 100}%) ${throughputPass ? 'PASS' : 'FAIL'}`);
  console.log(`added TTFB p95: ${addedTtfb.toFixed(1)} ms (budget < ${BUDGET_ADDED_TTFB_P95_MS} ms) ${ttfbPass ? 'PASS' : 'FAIL'}`);
  if (!throughputPass || !ttfbPass) process.exitCode = 1;
} finally {
  if (kora) await stop(kora.child);
  await standin.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
