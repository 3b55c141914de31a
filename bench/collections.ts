// Budget: GET /api/playlists/{id} for a playlist of 1,000 songs and GET /api/liked-songs for a
// listener with 5,000 likes answer within 25 ms at the 95th percentile with 20 concurrent
// connections, on PGlite and on PostgreSQL, through the built server (`npm run build` first) —
// and the number of SQL statements per request does not grow with the number of songs (no N+1):
// counted in-process with the app on the same database, a large collection against a small one.
// PostgreSQL: a temporary database on BENCH_POSTGRES_URL's server, dropped afterwards.
import { COLLECTION_PAGE_SIZE } from '@kora/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../server/src/db/client.js';
import { type Backend, buildInProcessApp, type Listener, openPgliteBackend, openPostgresBackend, signUpInProcess } from './lib/bench-backends.js';
import { startKora, stop } from './lib/bench-utils.js';
import { insertLikes, insertPlaylist, spreadSongIds } from './lib/collections-data.js';
import { runLoad } from './lib/load.js';
import { generateCatalogue, insertCatalogue } from './lib/search-catalogue.js';

const SONGS = Number(process.env.BENCH_COLLECTION_SONGS ?? 10_000);
const PLAYLIST_SONGS = 1_000;
const SMALL_PLAYLIST_SONGS = 10;
const LIKES = 5_000;
const FEW_LIKES = 10;
const CONNECTIONS = 20;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const BUDGET_P95_MS = 25;

const n = (value: number) => value.toLocaleString('en');

type Fixture = { heavy: Listener; light: Listener; bigPlaylistId: number; smallPlaylistId: number };
/** One endpoint measured for a large collection against a small one. */
type Pair = { call: string; large: { url: string; cookie: string; what: string }; small: { url: string; cookie: string; what: string } };

async function createFixture(backend: Backend, app: FastifyInstance): Promise<Fixture> {
  const { db } = backend.database;
  const heavy = await signUpInProcess(app, 'collections-heavy@example.com');
  const light = await signUpInProcess(app, 'collections-light@example.com');
  // Consecutive slices of one spread, so the playlists and the likes share no song.
  const ids = spreadSongIds(SONGS, PLAYLIST_SONGS + SMALL_PLAYLIST_SONGS + LIKES + FEW_LIKES);
  const take = (count: number) => ids.splice(0, count);
  const bigPlaylistId = await insertPlaylist(db, heavy.id, `Bench: ${n(PLAYLIST_SONGS)} songs`, take(PLAYLIST_SONGS));
  const smallPlaylistId = await insertPlaylist(db, heavy.id, `Bench: ${n(SMALL_PLAYLIST_SONGS)} songs`, take(SMALL_PLAYLIST_SONGS));
  await insertLikes(db, heavy.id, take(LIKES));
  await insertLikes(db, light.id, take(FEW_LIKES));
  // What autovacuum does shortly after a bulk load on a real server; embedded PGlite never
  // runs it, so there the server plans without statistics.
  if (backend.database.kind === 'postgres') await db.execute(sql`analyze`);
  return { heavy, light, bigPlaylistId, smallPlaylistId };
}

function pairsOf(fixture: Fixture): Pair[] {
  const { heavy, light } = fixture;
  return [
    {
      call: 'GET /api/playlists/{id}',
      large: { url: `/api/playlists/${fixture.bigPlaylistId}`, cookie: heavy.cookie, what: `${n(PLAYLIST_SONGS)} songs` },
      small: { url: `/api/playlists/${fixture.smallPlaylistId}`, cookie: heavy.cookie, what: `${n(SMALL_PLAYLIST_SONGS)} songs` },
    },
    {
      call: 'GET /api/liked-songs',
      large: { url: '/api/liked-songs', cookie: heavy.cookie, what: `${n(LIKES)} likes` },
      small: { url: '/api/liked-songs', cookie: light.cookie, what: `${n(FEW_LIKES)} likes` },
    },
  ];
}

async function statementsFor(app: FastifyInstance, database: Database, url: string, cookie: string): Promise<number> {
  // Answers may be served from memory until the next write: a write that changes nothing
  // first, so this answer is computed from the database.
  await database.db.execute(sql`update users set bio = bio where false`);
  const before = database.statementCount();
  const response = await app.inject({ method: 'GET', url, headers: { cookie } });
  const statements = database.statementCount() - before;
  if (response.statusCode !== 200) throw new Error(`GET ${url} answered ${response.statusCode}: ${response.body}`);
  if (statements === 0) throw new Error(`GET ${url} sent no statement: it was answered from a cache, so nothing was counted`);
  return statements;
}

async function countStatements(backend: Backend, app: FastifyInstance, pairs: Pair[]): Promise<boolean> {
  // A first request per listener, so the embedded mode's session cache holds both sessions.
  for (const cookie of new Set(pairs.flatMap((pair) => [pair.large.cookie, pair.small.cookie]))) {
    await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
  }
  const how =
    backend.database.kind === 'pglite'
      ? 'cold: a write before each request empties the read cache; sessions cached'
      : 'cold: a write before each request empties the read cache; each count includes the session lookup';
  console.log(`\n${backend.label}: SQL statements per request (${how})`);
  console.log('call                          large                  small                  result');
  let passed = true;
  for (const { call, large, small } of pairs) {
    const largeCount = await statementsFor(app, backend.database, large.url, large.cookie);
    const smallCount = await statementsFor(app, backend.database, small.url, small.cookie);
    const pass = largeCount <= smallCount;
    passed &&= pass;
    console.log(
      `${call.padEnd(28)}  ${`${largeCount} (${large.what})`.padEnd(21)}  ${`${smallCount} (${small.what})`.padEnd(21)}  ` +
        `${pass ? 'PASS' : 'FAIL: grows with the songs'}`,
    );
  }
  return passed;
}

/** One request through the real server: its size, and whether it holds what the budget is about. */
async function checkAnswer(baseUrl: string, { url, cookie }: Pair['large']): Promise<{ bytes: number; problem?: string }> {
  const response = await fetch(`${baseUrl}${url}`, { headers: { cookie } });
  const body = await response.text();
  const bytes = Buffer.byteLength(body);
  if (!response.ok) return { bytes, problem: `answered ${response.status}: ${body.slice(0, 200)}` };
  const parsed = JSON.parse(body) as { songCount?: number; songs?: unknown[] } | unknown[];
  const songs = Array.isArray(parsed) ? parsed : (parsed.songs ?? []);
  if (songs.length !== COLLECTION_PAGE_SIZE) return { bytes, problem: `${songs.length} songs instead of a page of ${COLLECTION_PAGE_SIZE}` };
  if (!Array.isArray(parsed) && parsed.songCount !== PLAYLIST_SONGS) {
    return { bytes, problem: `songCount ${parsed.songCount} instead of ${PLAYLIST_SONGS}` };
  }
  return { bytes };
}

async function measureLoad(backend: Backend, pairs: Pair[]): Promise<boolean> {
  const kora = await startKora({ ...backend.env, SEED: 'none' });
  try {
    console.log(`\n${backend.label}: ${CONNECTIONS} connections, ${DURATION_S} s per call (after 1 s of warm-up); budget p95 < ${BUDGET_P95_MS} ms`);
    console.log('call                          bytes     req/s     p50 ms   p95 ms   p99 ms   non-2xx  result');
    let passed = true;
    for (const { call, large } of pairs) {
      const answer = await checkAnswer(kora.url, large);
      const result = await runLoad(`${kora.url}${large.url}`, {
        connections: CONNECTIONS,
        durationS: DURATION_S,
        warmupS: 1,
        headers: { cookie: large.cookie },
      });
      const pass = answer.problem === undefined && result.p95 < BUDGET_P95_MS && result.non2xx === 0 && result.errors === 0;
      passed &&= pass;
      console.log(
        `${call.padEnd(28)} ${String(answer.bytes).padStart(6)} ${result.rps.toFixed(0).padStart(9)} ${result.p50.toFixed(1).padStart(9)} ` +
          `${result.p95.toFixed(1).padStart(8)} ${result.p99.toFixed(1).padStart(8)} ${String(result.non2xx + result.errors).padStart(9)}  ` +
          `${pass ? 'PASS' : 'FAIL'}${answer.problem ? ` (${answer.problem})` : ''}`,
      );
    }
    return passed;
  } finally {
    // autocannon drops its last requests unanswered; the server finishes them after SIGTERM has
    // closed the database and logs each failure, which would bury the results.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await stop(kora.child);
  }
}

async function runOn(open: () => Promise<Backend>, catalogue: ReturnType<typeof generateCatalogue>): Promise<boolean> {
  const backend = await open();
  try {
    let pairs: Pair[];
    let countsPassed: boolean;
    const started = performance.now();
    try {
      await insertCatalogue(backend.database.db, catalogue);
      const app = await buildInProcessApp(backend);
      try {
        pairs = pairsOf(await createFixture(backend, app));
        console.log(
          `\n${backend.label}: ${n(SONGS)} songs, a playlist of ${n(PLAYLIST_SONGS)} and one of ${n(SMALL_PLAYLIST_SONGS)}, ` +
            `listeners with ${n(LIKES)} and ${n(FEW_LIKES)} likes, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
        );
        countsPassed = await countStatements(backend, app, pairs);
      } finally {
        await app.close();
      }
    } finally {
      // The server started next needs the data directory's lock (PGlite) or fewer connections.
      await backend.database.close();
    }
    return (await measureLoad(backend, pairs)) && countsPassed;
  } finally {
    await backend.cleanup();
  }
}

const catalogue = generateCatalogue({ artists: Math.round(SONGS / 10), songs: SONGS });
let passed = true;
for (const open of [openPgliteBackend, () => openPostgresBackend('kora_bench_collections')]) passed = (await runOn(open, catalogue)) && passed;
console.log(`\ncollections: ${passed ? 'PASS' : 'FAIL'} (p95 < ${BUDGET_P95_MS} ms each; statements per request do not grow with the songs)`);
if (!passed) process.exitCode = 1;
