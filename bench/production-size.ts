// Budget (issue 20): at production size — 1,000,000 songs, 100,000 listeners, 10,000,000 plays over
// 90 days, 1,000,000 likes, 100,000 playlists (bench/lib/production-data.ts) — every listener-facing
// read answers within 20 ms at the 95th percentile with 20 listeners at once, on PostgreSQL and on
// PGlite: search (every kind of bench/search.ts, typos and accent-folded ones included), trending,
// recently played, Home, an artist with 500 songs, an album, a 1,000-song playlist, liked songs with
// 5,000 likes, and stats.
//
// How it is measured, through the built server (`npm run build` first):
// - 20 listeners at once, each starting at a random moment of the first pause, then asking, reading the answer, and pausing 200 ms before the next
//   request, as a person browsing does (about 100 requests a second in all). A closed loop of 20
//   connections with no pause is the queue of a saturated two-core machine shared with the load
//   generator and the database; its figures are printed for information.
// - Each read is first asked for 10 rounds that are not counted, with inputs of their own (other
//   searches, other albums): the figures are a running service's, not a process's first requests
//   (its code not yet compiled, its database connections new, their statements not yet prepared):
//   under a search-only load, a fresh process's first 300 searches had p95 22 to 40 ms, the next
//   300 new searches 15 to 25 ms, and no later ones differed.
// - Every read follows a write by another listener (PUT /api/data-usage/limit), so no answer
//   comes from the server's memory (db/versioned-cache.ts): each figure is the database's work.
// - The listeners are listener 1 in 20 sessions: the busiest listener, with 5,000 likes, the
//   1,000-song playlist and the most plays, so the personal reads are the worst case.
//
// The data set is loaded once a day and kept (PostgreSQL: database kora_bench_production_<scale> on
// BENCH_POSTGRES_URL's server; PGlite: a folder under the temporary directory): later runs that day
// reuse it. BENCH_PRODUCTION_FRESH=1 loads it again; BENCH_PRODUCTION_DROP=1 removes it at the end.
// BENCH_PRODUCTION_SCALE (default 1) shrinks every count for a quick run; BENCH_PRODUCTION_DB picks
// the databases (default "postgres,pglite").
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ARTIST_POPULAR_LIMIT, ARTIST_SONGS_PAGE_SIZE } from '@kora/contracts';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openPglite, openPostgres } from '../server/src/db/client.js';
import { startKora, stop } from './lib/bench-utils.js';
import { percentile } from './lib/load.js';
import { MIB, sampleMemory } from './lib/process-memory.js';
import {
  LANDMARKS,
  LISTENER_PASSWORD,
  listenerEmail,
  loadProductionData,
  pgliteCopyTarget,
  postgresCopyTarget,
  PRODUCTION_SIZE,
  type DatasetSize,
} from './lib/production-data.js';
import { type BenchQuery, buildQueryMix, type QuerySource } from './lib/search-queries.js';
import { POSTGRES_URL, runAsAdmin } from './lib/bench-backends.js';

const SCALE = Number(process.env.BENCH_PRODUCTION_SCALE ?? 1);
const DATABASES = (process.env.BENCH_PRODUCTION_DB ?? 'postgres,pglite').split(',');
const FRESH = process.env.BENCH_PRODUCTION_FRESH === '1';
const DROP = process.env.BENCH_PRODUCTION_DROP === '1';
const LISTENERS = 20;
const PAUSE_MS = 200;
const ROUNDS = Number(process.env.BENCH_PRODUCTION_ROUNDS ?? 15);
const WARMUP_ROUNDS = 10;
const BUDGET_P95_MS = 20;
/** Changes whenever the generator or the schema does, so a kept data set is never measured stale. */
const DATASET_VERSION = 'v3';

const n = (value: number) => value.toLocaleString('en');
const size: DatasetSize = {
  ...PRODUCTION_SIZE,
  ...Object.fromEntries(
    (['artists', 'songs', 'listeners', 'plays', 'likes', 'playlists'] as const).map((key) => [key, Math.max(Math.round(PRODUCTION_SIZE[key] * SCALE), 2_000)]),
  ),
};
const tag = String(SCALE).replace('.', '_');
// A kept data set is migrated by the server at start, as a deployment's would be.
const fingerprint = JSON.stringify({ DATASET_VERSION, size, day: new Date().toISOString().slice(0, 10) });

type Prepared = { label: string; env: Record<string, string>; drop: () => Promise<void> };

function adminQuery(sqlText: string, url = POSTGRES_URL): Promise<pg.QueryResult> {
  return runAsAdmin((client) => client.query(sqlText), url);
}

async function preparePostgres(): Promise<Prepared> {
  const name = `kora_bench_production_${tag}`;
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const drop = async () => void (await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  const exists = (await adminQuery(`select 1 from pg_database where datname = '${name}'`)).rowCount === 1;
  const kept = exists && !FRESH && (await adminQuery('select fingerprint from bench_dataset', url.toString()).then((r) => r.rows[0]?.fingerprint as string, () => undefined)) === fingerprint;
  if (kept) {
    console.log(`PostgreSQL: reusing today's data set in ${name}`);
  } else {
    await drop();
    await adminQuery(`CREATE DATABASE ${name}`);
    const database = await openPostgres(url.toString(), { max: 2 });
    await database.close();
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      console.log(`PostgreSQL: loading with COPY into ${name}`);
      const report = await loadProductionData(postgresCopyTarget(client), size);
      await client.query('create table bench_dataset (fingerprint text not null)');
      await client.query('insert into bench_dataset values ($1)', [fingerprint]);
      console.log(`PostgreSQL: loaded in ${(report.totalSeconds / 60).toFixed(1)} minutes`);
    } finally {
      await client.end();
    }
  }
  const bytes = Number((await adminQuery(`select pg_database_size('${name}') as bytes`)).rows[0].bytes);
  console.log(`PostgreSQL: database size ${(bytes / 2 ** 30).toFixed(2)} GB`);
  return { label: 'PostgreSQL', env: { DATABASE_URL: url.toString(), DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'kora-bench-')) }, drop };
}

async function preparePglite(): Promise<Prepared> {
  const dataDir = path.join(os.tmpdir(), `kora-bench-production-${tag}`);
  const marker = path.join(dataDir, 'bench-dataset.json');
  const drop = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  const kept = !FRESH && fs.existsSync(marker) && fs.readFileSync(marker, 'utf8') === fingerprint;
  if (kept) {
    console.log(`PGlite: reusing today's data set in ${dataDir}`);
  } else {
    await drop();
    const database = await openPglite(dataDir);
    try {
      console.log(`PGlite: loading with COPY FROM blobs into ${dataDir}`);
      const client = (database.db as unknown as { $client: PGlite }).$client;
      const report = await loadProductionData(pgliteCopyTarget(client), size);
      console.log(`PGlite: loaded in ${(report.totalSeconds / 60).toFixed(1)} minutes`);
    } finally {
      await database.close();
    }
    fs.writeFileSync(marker, fingerprint);
  }
  const bytes = folderBytes(dataDir);
  console.log(`PGlite: data folder ${(bytes / 2 ** 30).toFixed(2)} GB`);
  return { label: 'PGlite', env: { DATA_DIR: dataDir }, drop };
}

function folderBytes(folder: string): number {
  if (!fs.existsSync(folder)) return 0;
  let total = 0;
  for (const entry of fs.readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return total;
}

type Case = { name: string; paths: (round: number, listener: number) => string[] };

async function signIn(baseUrl: string, listenerId: number): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: listenerEmail(listenerId), password: LISTENER_PASSWORD }),
  });
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (!response.ok || !cookie) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return cookie;
}

/** Song titles and artist names sampled from the loaded data, for searches people would type. */
async function sampleCatalogue(baseUrl: string, cookie: string, ids: number[]): Promise<QuerySource> {
  const artists: string[] = [];
  const titles: string[] = [];
  const artistIds: number[] = [];
  const names = new Map<number, string>();
  for (const id of ids) {
    const response = await fetch(`${baseUrl}/api/albums/${id}/songs`, { headers: { cookie } });
    if (!response.ok) continue;
    for (const song of (await response.json()) as { title: string; artist: { id: number; name: string } }[]) {
      if (!names.has(song.artist.id)) {
        names.set(song.artist.id, song.artist.name);
        artists.push(song.artist.name);
      }
      titles.push(song.title);
      artistIds.push(artists.indexOf(song.artist.name) + 1);
    }
  }
  return { artists: { name: artists }, songs: { id: titles.map((_, i) => i + 1), title: titles, artistId: artistIds } };
}

async function timed(baseUrl: string, cookie: string, urlPath: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}${urlPath}`, { headers: { cookie } });
  await response.arrayBuffer();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${urlPath} answered ${response.status}`);
  return ms;
}

/**
 * A write before each read, so the read cannot come from memory: by another listener (each of the 20
 * has their own writer), so the writes do not queue on one row.
 */
async function write(baseUrl: string, cookie: string, round: number): Promise<void> {
  const response = await fetch(`${baseUrl}/api/data-usage/limit`, {
    method: 'PUT',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ limitMb: 500 + (round % 2) }),
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`the write answered ${response.status}`);
}

type Session = { reader: string; writer: string };

/** Rounds `firstRound` to `firstRound + rounds - 1` of a case; the times, sorted. */
async function runCase(baseUrl: string, sessions: Session[], testCase: Case, pauseMs: number, rounds = ROUNDS, firstRound = 0): Promise<number[]> {
  const times: number[] = [];
  await Promise.all(
    sessions.map(async ({ reader: cookie, writer }, listener) => {
      // Listeners do not arrive in step: started together, all 20 asked at the same instant and the
      // first round's queue (a twentieth of the samples) set the p95 of every read.
      if (pauseMs) await new Promise((resolve) => setTimeout(resolve, pauseMs * Math.random()));
      for (let round = firstRound; round < firstRound + rounds; round++) {
        for (const urlPath of testCase.paths(round, listener)) {
          await write(baseUrl, writer, round);
          times.push(await timed(baseUrl, cookie, urlPath));
        }
        if (pauseMs) await new Promise((resolve) => setTimeout(resolve, pauseMs * (0.5 + Math.random())));
      }
    }),
  );
  return times.sort((a, b) => a - b);
}

async function measure(prepared: Prepared): Promise<boolean> {
  const kora = await startKora({ ...prepared.env, SEED: 'none', AUTH_RATE_LIMIT_MAX: '1000' });
  const memory = sampleMemory(kora.child.pid!, 200);
  try {
    const sessions: Session[] = [];
    for (let i = 0; i < LISTENERS; i++) sessions.push({ reader: await signIn(kora.url, LANDMARKS.likerId), writer: await signIn(kora.url, size.listeners - i) });
    const cookies = sessions.map((session) => session.reader);
    const albumsOfBigArtist = (await (await fetch(`${kora.url}/api/artists/${LANDMARKS.bigArtistId}/albums`, { headers: { cookie: cookies[0]! } })).json()) as { id: number }[];
    const albumCount = Math.round(size.songs * 0.7 / 10);
    const albumIds = Array.from({ length: LISTENERS * (ROUNDS + WARMUP_ROUNDS) }, (_, i) => 1 + ((i * 7919) % albumCount));
    const sample = await sampleCatalogue(kora.url, cookies[0]!, albumIds.slice(0, 120));
    const queries: BenchQuery[] = buildQueryMix(sample, LISTENERS * (ROUNDS + WARMUP_ROUNDS));
    const cases: Case[] = [
      { name: 'search', paths: (round, listener) => [`/api/search?q=${encodeURIComponent(queries[round * LISTENERS + listener]!.q)}`] },
      { name: 'trending', paths: () => ['/api/songs/trending'] },
      { name: 'recently played', paths: () => ['/api/songs/recently-played'] },
      { name: 'Home', paths: () => ['/api/home'] },
      {
        name: `artist with ${LANDMARKS.bigArtistSongs} songs`,
        // What the page asks for: the profile with its counts, the first page of songs, the albums,
        // Appears On alone (the artist's own songs fill the first page), then a later page as it scrolls.
        paths: (round) => [
          `/api/artists/${LANDMARKS.bigArtistId}`,
          `/api/artists/${LANDMARKS.bigArtistId}/songs?limit=${ARTIST_SONGS_PAGE_SIZE}&offset=0`,
          `/api/artists/${LANDMARKS.bigArtistId}/albums`,
          `/api/artists/${LANDMARKS.bigArtistId}/songs?role=featured&limit=${ARTIST_POPULAR_LIMIT}`,
          `/api/artists/${LANDMARKS.bigArtistId}/songs?limit=${ARTIST_SONGS_PAGE_SIZE}&offset=${ARTIST_SONGS_PAGE_SIZE * (1 + (round % 40))}`,
        ],
      },
      { name: 'album', paths: (round, listener) => [`/api/albums/${albumIds[round * LISTENERS + listener]}`, `/api/albums/${albumIds[round * LISTENERS + listener]}/songs`] },
      {
        name: `playlist of ${n(LANDMARKS.bigPlaylistSongs)} songs`,
        paths: (round) => [`/api/playlists/${LANDMARKS.bigPlaylistId}`, `/api/playlists/${LANDMARKS.bigPlaylistId}/songs?offset=${100 * (1 + (round % 9))}`],
      },
      { name: `liked songs (${n(LANDMARKS.likerLikes)})`, paths: (round) => ['/api/liked-songs', `/api/liked-songs?offset=${100 * (round % 50)}`, '/api/liked-songs/count'] },
      { name: 'stats', paths: () => ['/api/user/stats'] },
    ];
    console.log(`\n${prepared.label}: ${LISTENERS} listeners at once, ${PAUSE_MS} ms pauses, every read after a write; ${albumsOfBigArtist.length} albums of the big artist`);
    console.log('read                          requests   p50 ms   p95 ms   p99 ms  saturated p95  result');
    let passed = true;
    for (const testCase of cases) {
      // The warm-up's rounds come after the measured ones, so its inputs are not the measured ones.
      await runCase(kora.url, sessions, testCase, PAUSE_MS, WARMUP_ROUNDS, ROUNDS);
      const times = await runCase(kora.url, sessions, testCase, PAUSE_MS);
      const saturated = await runCase(kora.url, sessions, testCase, 0);
      const p95 = percentile(times, 95);
      const pass = p95 < BUDGET_P95_MS;
      passed &&= pass;
      console.log(
        `${prepared.label} ${testCase.name}`.padEnd(30) +
          `${String(times.length).padStart(8)} ${percentile(times, 50).toFixed(1).padStart(8)} ${p95.toFixed(1).padStart(8)} ${percentile(times, 99).toFixed(1).padStart(8)}` +
          `${percentile(saturated, 95).toFixed(1).padStart(15)}  p95 ${p95.toFixed(1)} ms (budget < ${BUDGET_P95_MS} ms) ${pass ? 'PASS' : 'FAIL'}`,
      );
    }
    memory.stop();
    console.log(`${prepared.label}: server RSS peak ${(memory.peakRss() / MIB).toFixed(0)} MB through the reads`);
    return passed;
  } finally {
    await stop(kora.child);
  }
}

console.log(
  `Data set: ${n(size.songs)} songs, ${n(size.artists)} artists, ${n(size.listeners)} listeners, ${n(size.plays)} plays over ${size.days} days, ` +
    `${n(size.likes)} likes, ${n(size.playlists)} playlists`,
);
let passed = true;
for (const database of DATABASES) {
  const started = performance.now();
  const prepared = database === 'pglite' ? await preparePglite() : await preparePostgres();
  console.log(`${prepared.label}: ready in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  try {
    passed = (await measure(prepared)) && passed;
  } finally {
    if (DROP) await prepared.drop();
  }
}
if (!passed) process.exitCode = 1;
