import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { jobs } from '../../src/db/schema.js';
import { enqueueJob } from '../../src/jobs/queue.js';
import { buildArtist, buildSong, storeTestBytes } from '../helpers/catalogue-factories.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const TOKEN = 'metrics-token-0123456789abcdef';

type Sample = { name: string; labels: Record<string, string>; value: number };

/** The samples of a Prometheus text exposition. */
function parseSamples(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, value]) => [key!, value!]));
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

/** The value of the sample with exactly these labels, or undefined when there is none. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = JSON.stringify(Object.entries(labels).sort());
  return samples.find((sample) => sample.name === name && JSON.stringify(Object.entries(sample.labels).sort()) === wanted)?.value;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('without METRICS_TOKEN or METRICS_PORT', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('has no /metrics at all', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(answer.statusCode).toBe(404);
    expect(t.app.registeredRoutes.some((route) => route.url === '/metrics')).toBe(false);
  });
});

describe('GET /metrics behind METRICS_TOKEN', () => {
  let t: TestApp;
  let listener: SignedInUser;
  let artistId: number;

  beforeAll(async () => {
    t = await createTestApp({ metrics: { token: TOKEN, port: undefined } });
    listener = await signUp(t.app);
    artistId = (await buildArtist(t.database.db)).id;
  });
  afterAll(() => t.close());

  async function scrape(): Promise<Sample[]> {
    const answer = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(answer.statusCode).toBe(200);
    return parseSamples(answer.body);
  }

  it('refuses a scrape without the token, with another token or another scheme', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, 'Bearer short', `Basic ${TOKEN}`, TOKEN]) {
      const answer = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(answer.statusCode, authorization).toBe(401);
      expect(answer.headers['www-authenticate']).toBe('Bearer');
      expect(answer.json()).toEqual({ message: 'A valid metrics token is needed.' });
    }
  });

  it('answers the token in the Prometheus text format, with the process metrics', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `bearer ${TOKEN}` } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.body).toContain('# TYPE http_request_duration_seconds histogram');
    const samples = parseSamples(answer.body);
    expect(valueOf(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(valueOf(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(valueOf(samples, 'kora_db_statements_total')).toBeGreaterThan(0);
  });

  it('counts requests and their durations by the matched route pattern, never the URL', async () => {
    const stored = await storeTestBytes(t.storage, 50_000);
    const song = await buildSong(t.database.db, { artistId, duration: 4, fileKey: stored.key, fileMime: 'audio/mpeg', fileSize: stored.size });
    const stream = await t.app.inject({ method: 'GET', url: `/api/songs/${song.id}/stream`, headers: { cookie: listener.cookies } });
    expect(stream.statusCode).toBe(200);
    const missing = await t.app.inject({ method: 'GET', url: `/api/songs/${song.id + 1000}/stream`, headers: { cookie: listener.cookies } });
    expect(missing.statusCode).toBe(404);
    // GET of any other path matches the web app's fallback route; other methods match nothing.
    await t.app.inject({ method: 'GET', url: `/api/no-such-route-${song.id}`, headers: { cookie: listener.cookies } });
    await t.app.inject({ method: 'POST', url: `/api/no-such-route-${song.id}`, headers: { cookie: listener.cookies } });

    const samples = await scrape();
    const route = '/api/songs/:id/stream';
    expect(valueOf(samples, 'http_requests_total', { method: 'GET', route, status: '200' })).toBe(1);
    expect(valueOf(samples, 'http_requests_total', { method: 'GET', route, status: '404' })).toBe(1);
    expect(valueOf(samples, 'http_request_duration_seconds_count', { method: 'GET', route })).toBe(2);
    expect(valueOf(samples, 'http_request_duration_seconds_bucket', { method: 'GET', route, le: '+Inf' })).toBe(2);
    expect(valueOf(samples, 'http_requests_total', { method: 'GET', route: '/*', status: '404' })).toBe(1);
    expect(samples.filter((sample) => sample.name === 'http_requests_total' && sample.labels.route === 'unmatched' && sample.labels.method === 'POST')).toHaveLength(1);
    // Earlier scrapes count under their own route, apart from the API's.
    expect(valueOf(samples, 'http_requests_total', { method: 'GET', route: '/metrics', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(samples.some((sample) => sample.labels.route?.includes(String(song.id)))).toBe(false);

    expect(valueOf(samples, 'kora_media_bytes_sent_total', { kind: 'stream' })).toBe(50_000);
    expect(valueOf(samples, 'kora_media_bytes_sent_total', { kind: 'download' })).toBe(0);
  });

  it('reports the job queue by type and status, the oldest due job and failures, from the jobs table', async () => {
    const db = t.database.db;
    const waiting = await enqueueJob(db, 'metrics-test', {});
    await enqueueJob(db, 'metrics-test', {});
    // Not due for a minute: queued, but not waiting yet.
    await enqueueJob(db, 'metrics-test', {}, { delayMs: 60_000 });
    await db.update(jobs).set({ runAt: sql`now() - interval '90 seconds'` }).where(sql`${jobs.id} = ${waiting.id}`);
    const dead = await enqueueJob(db, 'metrics-test', {});
    await db.update(jobs).set({ status: 'dead' }).where(sql`${jobs.id} = ${dead.id}`);
    // A status the code may add later is reported as it is found.
    const other = await enqueueJob(db, 'metrics-other', {});
    await db.execute(sql`update jobs set status = 'paused' where id = ${other.id}`);

    const samples = await scrape();
    expect(valueOf(samples, 'kora_jobs', { type: 'metrics-test', status: 'queued' })).toBe(3);
    expect(valueOf(samples, 'kora_jobs', { type: 'metrics-test', status: 'dead' })).toBe(1);
    expect(valueOf(samples, 'kora_jobs', { type: 'metrics-test', status: 'paused' })).toBe(0);
    expect(valueOf(samples, 'kora_jobs', { type: 'metrics-other', status: 'paused' })).toBe(1);
    const age = valueOf(samples, 'kora_job_oldest_queued_age_seconds', { type: 'metrics-test' })!;
    expect(age).toBeGreaterThanOrEqual(90);
    expect(age).toBeLessThan(120);
    expect(valueOf(samples, 'kora_job_oldest_queued_age_seconds', { type: 'metrics-other' })).toBe(0);
    expect(valueOf(samples, 'kora_jobs_failed_total', { type: 'metrics-test' })).toBe(1);
    expect(valueOf(samples, 'kora_jobs_failed_total', { type: 'metrics-other' })).toBe(0);

    // Drained: the series stay, at 0.
    await db.delete(jobs).where(sql`${jobs.type} = 'metrics-test'`);
    const after = await scrape();
    expect(valueOf(after, 'kora_jobs', { type: 'metrics-test', status: 'queued' })).toBe(0);
    expect(valueOf(after, 'kora_job_oldest_queued_age_seconds', { type: 'metrics-test' })).toBe(0);
  });

  it('counts the read caches’ hits and misses, by cache', async () => {
    const hitsOf = (samples: Sample[]) => valueOf(samples, 'kora_cache_hits_total', { cache: 'song-lists' }) ?? 0;
    const missesOf = (samples: Sample[]) => valueOf(samples, 'kora_cache_misses_total', { cache: 'song-lists' }) ?? 0;
    const before = await scrape();
    const ask = () => t.app.inject({ method: 'GET', url: '/api/songs?limit=7', headers: { cookie: listener.cookies } });
    expect((await ask()).statusCode).toBe(200);
    const first = await scrape();
    expect(missesOf(first)).toBeGreaterThan(missesOf(before));
    expect((await ask()).statusCode).toBe(200);
    const second = await scrape();
    expect(hitsOf(second)).toBeGreaterThan(hitsOf(first));
    expect(missesOf(second)).toBe(missesOf(first));
  });

  it('reports the PostgreSQL pool, which PGlite does not have', async () => {
    const samples = await scrape();
    if (t.database.kind === 'postgres') {
      // The test pool's 5 and search's 4 that plan generically (db/client.ts).
      expect(valueOf(samples, 'kora_db_pool_max_connections')).toBe(9);
      // The tests above sent the same reads more than once: some are named statements now.
      expect(valueOf(samples, 'kora_db_named_statements')).toBeGreaterThan(0);
      expect(valueOf(samples, 'kora_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
      expect(valueOf(samples, 'kora_db_pool_connections', { state: 'in_use' })).toBeGreaterThanOrEqual(0);
      // The scrape's own job query may be waiting for a connection the pool is opening.
      expect(valueOf(samples, 'kora_db_pool_waiting_queries')).toBeGreaterThanOrEqual(0);
    } else {
      expect(samples.some((sample) => sample.name.startsWith('kora_db_pool_'))).toBe(false);
    }
  });
});

describe('METRICS_PORT', () => {
  it('serves /metrics without a token on its own listener, which closes with the app', async () => {
    const port = await freePort();
    const t = await createTestApp({ host: '127.0.0.1', metrics: { token: undefined, port } });
    try {
      // Not on the main port: no token was set for it.
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
      const answer = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(valueOf(parseSamples(await answer.text()), 'kora_db_statements_total')).toBeGreaterThan(0);
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${port}/metrics`, { method: 'POST' })).status).toBe(404);
    } finally {
      await t.close();
    }
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});

describe('metrics settings', () => {
  it('reads METRICS_TOKEN and METRICS_PORT, and refuses a short token or the main port', () => {
    expect(loadConfig({}).metrics).toEqual({ token: undefined, port: undefined });
    expect(loadConfig({ METRICS_TOKEN: TOKEN, METRICS_PORT: '9464' }).metrics).toEqual({ token: TOKEN, port: 9464 });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
    expect(() => loadConfig({ METRICS_PORT: '3000' })).toThrow(/METRICS_PORT: must differ from PORT/);
  });
});
