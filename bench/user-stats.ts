// Budget: GET /api/user/stats answers within 20 ms at the 95th percentile for a listener with
// 100,000 plays (issue 6), on PGlite and on PostgreSQL, through the built server (`npm run build`
// first). The budget is measured at 4 concurrent connections: it is about what one heavy listener's
// answer costs, and at 20 connections on two cores shared with PostgreSQL the figure is the queue of a
// saturated machine (the session check alone then takes about as long); that figure is printed too. The stats read the listener's running totals
// (listening_totals, kept with every recorded play) instead of counting plays, so the answer costs
// one statement whatever the history: counted in-process, the heavy listener against a new one.
// The server answers repeated reads from memory until the next write (versioned cache), so the
// cost of the query itself, when no cached answer is valid, is printed too.
// PostgreSQL: a temporary database on BENCH_POSTGRES_URL's server, dropped afterwards.
import type { UserStats } from '@kora/contracts';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../server/src/db/client.js';
import { plays } from '../server/src/db/schema.js';
import { createStatsQueries } from '../server/src/features/stats/queries.js';
import { type Backend, buildInProcessApp, type Listener, openPgliteBackend, openPostgresBackend, signUpInProcess } from './lib/bench-backends.js';
import { startKora, stop } from './lib/bench-utils.js';
import { insertLikes, insertPlaylist, spreadSongIds } from './lib/collections-data.js';
import { type LoadResult, percentile, runLoad } from './lib/load.js';
import { generateCatalogue, insertCatalogue } from './lib/search-catalogue.js';

const SONGS = Number(process.env.BENCH_STATS_SONGS ?? 10_000);
const PLAYS = 100_000;
const LIKES = 2_000;
const PLAYLISTS = 25;
const FOLLOWS = 200;
const OWN_ARTISTS = 20;
const CONNECTIONS = 4;
/** For information: the same calls with the machine saturated. */
const SATURATING_CONNECTIONS = 20;
const COLD_RUNS = 200;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const BUDGET_P95_MS = 20;

const n = (value: number) => value.toLocaleString('en');

type Fixture = { heavy: Listener; fresh: Listener; expected: UserStats };

/**
 * A year and a half of listening in one INSERT … SELECT, then the totals the play recording would
 * have kept, computed from those plays (so the check below compares against the plays themselves).
 */
async function insertPlays(db: Database['db'], userId: number): Promise<void> {
  await db.execute(sql`insert into plays (user_id, song_id, seconds_played, played_at)
    select ${userId}, 1 + (g * 7919) % ${SONGS}::int, 30 + (g * 37) % 240, now() - g * interval '7 minutes'
    from generate_series(1, ${PLAYS}::int) as g`);
  await db.execute(sql`insert into listening_totals (user_id, play_count, seconds_played)
    select user_id, count(*), sum(seconds_played) from plays where user_id = ${userId} group by user_id
    on conflict (user_id) do update set play_count = excluded.play_count, seconds_played = excluded.seconds_played`);
}

/** Plays, likes, playlists, follows and followers for the heavy listener, and what its stats must say. */
async function createFixture(backend: Backend, app: FastifyInstance): Promise<Fixture> {
  const { db } = backend.database;
  const heavy = await signUpInProcess(app, 'stats-heavy@example.com');
  const fresh = await signUpInProcess(app, 'stats-fresh@example.com');
  const fan = await signUpInProcess(app, 'stats-fan@example.com');
  await insertPlays(db, heavy.id);
  await insertLikes(db, heavy.id, spreadSongIds(SONGS, LIKES));
  for (let i = 0; i < PLAYLISTS; i++) await insertPlaylist(db, heavy.id, `Bench stats ${i + 1}`, spreadSongIds(SONGS, 20));
  // Follows of the first artists; the artists this listener "uploaded" are the last ones, which the fan follows.
  const artistCount = Math.round(SONGS / 10);
  await db.execute(sql`insert into artist_follows (user_id, artist_id) select ${heavy.id}, g from generate_series(1, ${FOLLOWS}::int) as g`);
  await db.execute(sql`update artists set created_by = ${heavy.id} where id > ${artistCount - OWN_ARTISTS}`);
  await db.execute(sql`insert into artist_follows (user_id, artist_id)
    select ${fan.id}, g from generate_series(${artistCount - OWN_ARTISTS + 1}::int, ${artistCount}::int) as g`);
  if (backend.database.kind === 'postgres') await db.execute(sql`analyze`);

  const [counted] = await db
    .select({ plays: count(), seconds: sql<number>`sum(${plays.secondsPlayed})`.mapWith(Number) })
    .from(plays)
    .where(eq(plays.userId, heavy.id));
  return {
    heavy,
    fresh,
    expected: {
      totalPlayCount: counted!.plays,
      minutesStreamed: Math.floor(counted!.seconds / 60),
      songsLiked: LIKES,
      playlistsCreated: PLAYLISTS,
      followingCount: FOLLOWS,
      followersCount: OWN_ARTISTS,
    },
  };
}

async function statementsFor(app: FastifyInstance, database: Database, cookie: string): Promise<number> {
  // Answers are served from memory until the next write: a write that changes nothing first,
  // so this answer is computed from the database.
  await database.db.execute(sql`update users set bio = bio where false`);
  const before = database.statementCount();
  const response = await app.inject({ method: 'GET', url: '/api/user/stats', headers: { cookie } });
  const statements = database.statementCount() - before;
  if (response.statusCode !== 200) throw new Error(`GET /api/user/stats answered ${response.statusCode}: ${response.body}`);
  if (statements === 0) throw new Error('GET /api/user/stats sent no statement: it was answered from a cache, so nothing was counted');
  return statements;
}

async function countStatements(backend: Backend, app: FastifyInstance, { heavy, fresh }: Fixture): Promise<boolean> {
  // A first request per listener, so the embedded mode's session cache holds both sessions.
  for (const { cookie } of [heavy, fresh]) await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
  const heavyCount = await statementsFor(app, backend.database, heavy.cookie);
  const freshCount = await statementsFor(app, backend.database, fresh.cookie);
  const pass = heavyCount <= freshCount;
  const how = backend.database.kind === 'pglite' ? 'sessions cached' : 'each count includes the session lookup';
  console.log(
    `\n${backend.label}: SQL statements per cold GET /api/user/stats (${how}): ${heavyCount} with ${n(PLAYS)} plays, ` +
      `${freshCount} for a new listener  ${pass ? 'PASS' : 'FAIL: grows with the history'}`,
  );
  return pass;
}

/**
 * The stats query alone, one at a time, for the heavy listener: what an answer costs when no
 * cached one is valid (after any write). Printed for information; the budget is the HTTP figure.
 */
async function timeColdQuery(backend: Backend, userId: number): Promise<void> {
  const stats = createStatsQueries(backend.database.db);
  const times: number[] = [];
  for (let i = 0; i < COLD_RUNS; i++) {
    const started = performance.now();
    await stats.findUserStats(userId);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${backend.label}: the stats query alone, ${COLD_RUNS} runs one at a time: ` +
      `p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms`,
  );
}

/** One request through the real server: the figures must be the ones the data holds. */
async function checkAnswer(baseUrl: string, { heavy, expected }: Fixture): Promise<string | undefined> {
  const response = await fetch(`${baseUrl}/api/user/stats`, { headers: { cookie: heavy.cookie } });
  if (!response.ok) return `answered ${response.status}: ${(await response.text()).slice(0, 200)}`;
  const stats = (await response.json()) as UserStats;
  const wrong = (Object.keys(expected) as (keyof UserStats)[]).filter((key) => stats[key] !== expected[key]);
  return wrong.length === 0 ? undefined : `wrong ${wrong.map((key) => `${key} ${stats[key]} (expected ${expected[key]})`).join(', ')}`;
}

function printRow(call: string, result: LoadResult, verdict: string): void {
  console.log(
    `${call.padEnd(22)} ${result.rps.toFixed(0).padStart(8)} ${result.p50.toFixed(1).padStart(9)} ` +
      `${result.p95.toFixed(1).padStart(8)} ${result.p99.toFixed(1).padStart(8)} ${String(result.non2xx + result.errors).padStart(9)}  ${verdict}`,
  );
}

async function measureLoad(backend: Backend, fixture: Fixture): Promise<boolean> {
  const kora = await startKora({ ...backend.env, SEED: 'none' });
  try {
    const problem = await checkAnswer(kora.url, fixture);
    const load = (path: string, connections: number) =>
      runLoad(`${kora.url}${path}`, { connections, durationS: DURATION_S, warmupS: 1, headers: { cookie: fixture.heavy.cookie } });
    const result = await load('/api/user/stats', CONNECTIONS);
    // The floor every signed-in request pays here (the session check), for comparison: not budgeted.
    const floor = await load('/api/auth/user', CONNECTIONS);
    const saturated = await load('/api/user/stats', SATURATING_CONNECTIONS);
    const saturatedFloor = await load('/api/auth/user', SATURATING_CONNECTIONS);
    const pass = problem === undefined && result.p95 < BUDGET_P95_MS && result.non2xx === 0 && result.errors === 0;
    console.log(`${backend.label}: ${DURATION_S} s per call (after 1 s of warm-up); budget p95 < ${BUDGET_P95_MS} ms at ${CONNECTIONS} connections`);
    console.log('call                      req/s     p50 ms   p95 ms   p99 ms   non-2xx  result');
    printRow(`stats, ${CONNECTIONS} conn.`, result, `${pass ? 'PASS' : 'FAIL'}${problem ? ` (${problem})` : ''}`);
    printRow(`auth/user, ${CONNECTIONS} conn.`, floor, '(the session check alone, for comparison)');
    printRow(`stats, ${SATURATING_CONNECTIONS} conn.`, saturated, '(information: machine saturated)');
    printRow(`auth/user, ${SATURATING_CONNECTIONS} conn.`, saturatedFloor, '(information: machine saturated)');
    return pass;
  } finally {
    // autocannon drops its last requests unanswered; let the server finish them before SIGTERM.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await stop(kora.child);
  }
}

async function runOn(open: () => Promise<Backend>, catalogue: ReturnType<typeof generateCatalogue>): Promise<boolean> {
  const backend = await open();
  try {
    let fixture: Fixture;
    let countsPassed: boolean;
    const started = performance.now();
    try {
      await insertCatalogue(backend.database.db, catalogue);
      const app = await buildInProcessApp(backend);
      try {
        fixture = await createFixture(backend, app);
        console.log(
          `\n${backend.label}: ${n(SONGS)} songs; a listener with ${n(PLAYS)} plays, ${n(LIKES)} likes, ${PLAYLISTS} playlists, ` +
            `${FOLLOWS} follows and ${OWN_ARTISTS} followers, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
        );
        countsPassed = await countStatements(backend, app, fixture);
        await timeColdQuery(backend, fixture.heavy.id);
      } finally {
        await app.close();
      }
    } finally {
      // The server started next needs the data directory's lock (PGlite) or fewer connections.
      await backend.database.close();
    }
    return (await measureLoad(backend, fixture)) && countsPassed;
  } finally {
    await backend.cleanup();
  }
}

const catalogue = generateCatalogue({ artists: Math.round(SONGS / 10), songs: SONGS });
let passed = true;
for (const open of [openPgliteBackend, () => openPostgresBackend('kora_bench_stats')]) passed = (await runOn(open, catalogue)) && passed;
console.log(`\nuser-stats: ${passed ? 'PASS' : 'FAIL'} (p95 < ${BUDGET_P95_MS} ms with ${n(PLAYS)} plays; one statement whatever the history)`);
if (!passed) process.exitCode = 1;
