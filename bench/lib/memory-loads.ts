// The read loads of bench/home-data.ts and bench/streaming.ts, with the server's resident memory
// beside each: what bench/memory.ts holds to its budgets, and what a smaller database cache costs.
import { runLoad } from './load.js';
import { MIB, memoryOf, resetPeak } from './process-memory.js';
import { runRangeLoad, type RangeTarget } from './range-load.js';

/** The calls the home page makes: bench/home-data.ts's list. */
export const HOME_CALLS = [
  '/api/auth/user',
  '/api/songs',
  '/api/songs/recently-played',
  '/api/songs/trending',
  '/api/playlists',
  '/api/playlists/editorial',
] as const;

export function mb(bytes: number): string {
  return `${(bytes / MIB).toFixed(0)} MB`;
}

/** The process's RSS now, in bytes (NaN once it has exited). */
export function rssOf(pid: number): number {
  return memoryOf(pid)?.rss ?? Number.NaN;
}

/**
 * Tracks a process's peak RSS over one phase (a new tracker starts the kernel's peak again, so
 * phases are tracked one after the other, not nested): the kernel's own peak (VmHWM, started again from the
 * current RSS), or where that cannot be reset, the highest of samples every 100 ms (reading one
 * /proc file, so the load generator in this process is not slowed).
 */
export function trackPeak(pid: number): { stop(): number } {
  if (resetPeak(pid)) return { stop: () => memoryOf(pid)?.hwm ?? Number.NaN };
  let peak = rssOf(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 100);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, rssOf(pid));
    },
  };
}

/**
 * RSS once the started server has had `settleMs` without requests after it began to answer: the
 * last of one sample a second, and the lowest seen.
 */
export async function idleRss(pid: number, settleMs = 15_000): Promise<{ last: number; lowest: number }> {
  let lowest = Number.POSITIVE_INFINITY;
  let last = Number.NaN;
  for (let waited = 0; waited < settleMs; waited += 1000) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    last = rssOf(pid);
    lowest = Math.min(lowest, last);
  }
  return { last, lowest };
}

export type MeasuredLoad = {
  name: string;
  rps: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  failures: number;
  rssAfter: number;
  peakRss: number;
};

type HomeLoadOptions = { connections: number; durationS: number };

/** One home call at `connections` for `durationS` (after 1 s of warm-up), the server's RSS after it and its peak during it. */
export async function homeLoad(url: string, pid: number, cookie: string, path: string, options: HomeLoadOptions): Promise<MeasuredLoad> {
  const peak = trackPeak(pid);
  const result = await runLoad(`${url}${path}`, { connections: options.connections, durationS: options.durationS, warmupS: 1, headers: { cookie } });
  return {
    name: path,
    rps: result.rps,
    p50Ms: result.p50,
    p95Ms: result.p95,
    p99Ms: result.p99,
    failures: result.non2xx + result.errors,
    rssAfter: rssOf(pid),
    peakRss: peak.stop(),
  };
}

/** Every home call, one after the other (homeLoad). */
export async function homeLoads(url: string, pid: number, cookie: string, options: HomeLoadOptions): Promise<MeasuredLoad[]> {
  const results: MeasuredLoad[] = [];
  for (const path of HOME_CALLS) results.push(await homeLoad(url, pid, cookie, path, options));
  return results;
}

/** Every local song's stream path and size, from a one-byte range of each (Content-Range names the whole). */
export async function streamTargets(url: string, cookie: string): Promise<RangeTarget[]> {
  const songs = (await (await fetch(`${url}/api/songs?limit=200`, { headers: { cookie } })).json()) as { id: number }[];
  const targets: RangeTarget[] = [];
  for (const song of songs) {
    const path = `/api/songs/${song.id}/stream`;
    const response = await fetch(`${url}${path}`, { headers: { cookie, range: 'bytes=0-0' } });
    await response.arrayBuffer();
    const size = Number(/\/(\d+)$/.exec(response.headers.get('content-range') ?? '')?.[1]);
    if (response.status !== 206 || !(size > 0)) throw new Error(`unexpected stream answer for song ${song.id}: ${response.status}`);
    targets.push({ path, size });
  }
  return targets;
}

/** bench/streaming.ts's load: `clients` clients asking for random 256 KiB ranges for `durationS` (after 2 s of warm-up). */
export async function streamingLoad(
  url: string,
  pid: number,
  cookie: string,
  targets: RangeTarget[],
  options: { clients: number; durationS: number },
): Promise<MeasuredLoad> {
  const peak = trackPeak(pid);
  const load = { clients: options.clients, rangeBytes: 256 * 1024, headers: { cookie } };
  await runRangeLoad(url, targets, { ...load, durationS: 2 });
  const result = await runRangeLoad(url, targets, { ...load, durationS: options.durationS });
  return {
    name: `stream ${options.clients} clients`,
    rps: result.rps,
    p50Ms: Number.NaN,
    p95Ms: Number.NaN,
    p99Ms: Number.NaN,
    failures: result.failures,
    rssAfter: rssOf(pid),
    peakRss: peak.stop(),
  };
}

export function loadLine(load: MeasuredLoad): string {
  const p95 = Number.isNaN(load.p95Ms) ? '' : `p95 ${load.p95Ms.toFixed(1).padStart(6)} ms`;
  return (
    `${load.name.padEnd(28)} ${load.rps.toFixed(0).padStart(7)} req/s ${p95.padEnd(16)} failures ${String(load.failures).padStart(3)}   ` +
    `RSS after ${mb(load.rssAfter).padStart(7)}, peak ${mb(load.peakRss).padStart(7)}`
  );
}
