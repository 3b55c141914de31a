// npm run test:cluster (issue 19): Kora as a service runs it, proven under load and faults.
// PostgreSQL (TEST_DATABASE_URL's server, a scratch database), s3rver, Redis (TEST_REDIS_URL), the
// SMTP stand-in, Debian's nginx with deploy/nginx/kora.conf, three web processes and one job worker.
// Simulated listeners run the mixed load of listener-load.ts through nginx while one web process is
// killed with SIGKILL and started again, and the worker is restarted. It passes only if:
//   - no request failed but those in flight on the killed process when it died (counted);
//   - every write the server acknowledged is in the database at the end;
//   - a like made through one process shows through another within a second;
//   - every upload ends live with its renditions;
//   - no job ran twice.
// CLUSTER_SECONDS sets the load's length (default 120).
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../src/db/client.js';
import { likedSongs, playlistSongs, plays, releases, songRenditions, songs, users } from '../../src/db/schema.js';
import { buildTestAudio } from '../helpers/audio-fixtures.js';
import type { SmtpStandin } from '../helpers/smtp-standin.js';
import { type AcknowledgedWrites, createWriteLog, type Listener, type RequestRecord, runListenerLoad } from './listener-load.js';
import { CATALOGUE_WORDS, type Cluster, signUpListener, startCluster } from './start-cluster.js';

const LOAD_SECONDS = Number(process.env.CLUSTER_SECONDS ?? 120);
const LISTENERS = 24;
const UPLOADERS = 3;
const LIKE_VISIBLE_WITHIN_MS = 1_000;

const started = performance.now();
const stamp = () => `[${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s]`;
const say = (line: string) => void process.stdout.write(`${stamp()} ${line}\n`);
let cluster: Cluster | undefined;
const problems: string[] = [];
const check = (ok: boolean, line: string) => {
  say(`${ok ? 'PASS' : 'FAIL'} ${line}`);
  if (!ok) problems.push(line);
};

function seededRandom(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

async function main(): Promise<void> {
  cluster = await startCluster({ webProcesses: 3, workers: 1, catalogueSongs: 40, env: { SHUTDOWN_DRAIN_MS: '0' }, log: say });
  const { nginx, database, smtp, songIds, processes } = cluster;
  const webServers = cluster.webNames.map((name) => processes.get(name)!);
  const listeners: Listener[] = [];
  for (let i = 0; i < LISTENERS; i++) listeners.push(await signUpListener(nginx.url, `cluster-${i}@example.com`));
  // Likes only through the probe, so its count changes by the probe's likes alone.
  const probe = await signUpListener(nginx.url, 'cluster-probe@example.com');
  const uploaders = listeners.slice(0, UPLOADERS);
  for (const uploader of uploaders) await confirmAddress(nginx.url, smtp, uploader);
  say(`${listeners.length} listeners signed up through nginx; ${uploaders.length} confirmed their address to upload`);

  // The load, with the faults on a timeline.
  const log: RequestRecord[] = [];
  const writes = createWriteLog();
  const loadStarted = performance.now();
  /** Resolves when this share of the load's time has passed since it started. */
  const at = (share: number) => new Promise((resolve) => setTimeout(resolve, loadStarted + LOAD_SECONDS * 1000 * share - performance.now()));
  const loadOver = at(1).then(() => undefined);
  const load = runListenerLoad({ baseUrl: nginx.url, listeners, songIds, searchWords: CATALOGUE_WORDS, until: loadOver, random: seededRandom(19) }, log, writes);

  const uploads = (async () => {
    const ids: number[] = [];
    for (const [index, uploader] of uploaders.entries()) {
      await at(0.1 + 0.15 * index);
      const form = new FormData();
      form.append('audioFile', new Blob([new Uint8Array(await buildTestAudio('mp3', { seconds: 6, seed: 100 + index }))], { type: 'audio/mpeg' }), `upload-${index}.mp3`);
      form.append('title', `Cluster Upload ${index}`);
      form.append('artist', `Uploader ${index}`);
      const response = await fetch(`${nginx.url}/api/upload`, { method: 'POST', headers: { cookie: uploader.cookie }, body: form });
      if (response.status !== 201) throw new Error(`upload ${index} answered ${response.status}: ${await response.text()}`);
      ids.push(((await response.json()) as { release: { id: number } }).release.id);
      say(`upload ${index} accepted (release ${ids.at(-1)})`);
    }
    return ids;
  })();

  const likeDelays = (async () => {
    const delays: number[] = [];
    await at(0.05);
    const [first, , third] = webServers;
    for (let i = 0; i < 8; i++) {
      await at(0.05 + i * 0.11);
      delays.push(await likeSeenElsewhere(first!.url, third!.url, probe, songIds[i]!));
    }
    return delays;
  })();

  // From the signal until the harness sees the process gone: a request handed to it in between died with it.
  let killedAt = 0;
  let goneAt = 0;
  const faults = (async () => {
    await at(0.35);
    const victim = processes.get('web-2')!;
    killedAt = performance.now();
    victim.child.kill('SIGKILL');
    await victim.exited;
    goneAt = performance.now();
    say(`web-2 killed with SIGKILL (gone ${(goneAt - killedAt).toFixed(0)} ms after the signal)`);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await cluster!.restart('web-2');
    say('web-2 started again on its port');
    await at(0.6);
    const worker = processes.get('worker-1')!;
    worker.child.kill('SIGTERM');
    await worker.exited;
    await cluster!.restart('worker-1');
    say('worker restarted');
  })();

  await Promise.all([load, faults]);
  const releaseIds = await uploads;
  const delays = await likeDelays;
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  say(`load over: ${log.length} requests in ${loadSeconds.toFixed(0)} s (${(log.length / loadSeconds).toFixed(0)}/s)`);

  // 1. Failures: only requests in flight on the killed process may fail.
  const failed = log.filter((record) => record.status === 0 || record.status >= 500);
  const inFlightAtKill = failed.filter((record) => record.startedAt <= goneAt && record.endedAt >= killedAt);
  const otherFailures = failed.filter((record) => !inFlightAtKill.includes(record));
  const refusals = log.filter((record) => record.status >= 400 && record.status < 500);
  check(
    otherFailures.length === 0,
    `no request failed but those in flight at the kill: ${inFlightAtKill.length} failed in flight, ${otherFailures.length} other failures` +
      otherFailures
        .slice(0, 3)
        .map((r) => `; ${r.method} ${r.route} ${r.status} ${r.error ?? ''} sent ${(r.startedAt - killedAt).toFixed(0)} ms after the kill`)
        .join(''),
  );
  check(refusals.length === 0, `no request refused: ${refusals.length}${refusals.length > 0 ? ` (first: ${refusals[0]!.method} ${refusals[0]!.route} ${refusals[0]!.status})` : ''}`);

  // 2. Acknowledged writes.
  check(...(await writesHeld(database, writes)));

  // 3. A like seen through another process.
  check(
    delays.length > 0 && delays.every((ms) => ms <= LIKE_VISIBLE_WITHIN_MS),
    `a like made through web-1 showed through web-3 within ${LIKE_VISIBLE_WITHIN_MS} ms: ${delays.map((ms) => ms.toFixed(0)).join(', ')} ms`,
  );

  // 4. Uploads live with renditions (the worker may still be transcoding the last one).
  const deadline = performance.now() + 180_000;
  let pending = releaseIds;
  while (pending.length > 0 && performance.now() < deadline) {
    const rows = await database.db.select({ id: releases.id, status: releases.status }).from(releases).where(inArray(releases.id, releaseIds));
    pending = rows.filter((row) => row.status !== 'live').map((row) => row.id);
    if (pending.length > 0) await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  const renditionCounts = await database.db
    .select({ songId: songs.id, renditions: count(songRenditions.id) })
    .from(songs)
    .leftJoin(songRenditions, eq(songRenditions.songId, songs.id))
    .where(inArray(songs.releaseId, releaseIds))
    .groupBy(songs.id);
  check(
    releaseIds.length === UPLOADERS && pending.length === 0 && renditionCounts.length === UPLOADERS && renditionCounts.every((row) => row.renditions > 0),
    `every upload ended live with its renditions: ${releaseIds.length - pending.length} of ${releaseIds.length} live, renditions ${renditionCounts.map((row) => row.renditions).join(', ')}`,
  );

  // 5. No job ran twice: each "Job done" once, across every process that ever ran.
  for (const server of processes.values()) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  const done = cluster.outputs().flatMap((output) => [...output.matchAll(/"jobId":(\d+)[^\n]*"msg":"Job done"/g)].map((match) => Number(match[1])));
  const twice = done.filter((id, index) => done.indexOf(id) !== index);
  check(done.length > 0 && twice.length === 0, `no job ran twice: ${done.length} jobs done, ${twice.length} more than once`);
}

async function confirmAddress(baseUrl: string, smtp: SmtpStandin, listener: Listener): Promise<void> {
  const deadline = performance.now() + 60_000;
  while (performance.now() < deadline) {
    const mail = smtp.arrived.find((arrived) => arrived.envelope.to.includes(listener.email) && /^Confirm your e-mail address/.test(arrived.message.subject ?? ''));
    const token = mail ? /#token=([A-Za-z0-9_-]+)/.exec(mail.message.text ?? '')?.[1] : undefined;
    if (token) {
      const response = await fetch(`${baseUrl}/api/account/email/confirm`, {
        method: 'POST',
        headers: { cookie: listener.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ token }),
      });
      if (response.status !== 200) throw new Error(`confirming ${listener.email} answered ${response.status}`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no confirmation e-mail reached ${listener.email}`);
}

/** Likes a song through one process, then asks another for the listener's like count until it shows; the time it took. */
async function likeSeenElsewhere(likeUrl: string, readUrl: string, listener: Listener, songId: number): Promise<number> {
  const countAt = async () =>
    ((await (await fetch(`${readUrl}/api/liked-songs/count`, { headers: { cookie: listener.cookie } })).json()) as { count: number }).count;
  const before = await countAt();
  const liked = await fetch(`${likeUrl}/api/songs/${songId}/like`, { method: 'POST', headers: { cookie: listener.cookie } });
  if (!liked.ok) throw new Error(`like answered ${liked.status}`);
  const acknowledged = performance.now();
  while ((await countAt()) !== before + 1) {
    if (performance.now() - acknowledged > 10_000) return Number.POSITIVE_INFINITY;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return performance.now() - acknowledged;
}

async function writesHeld(database: Database, writes: AcknowledgedWrites): Promise<[boolean, string]> {
  const { db } = database;
  const wrong: string[] = [];
  const likeRows = await db.select({ userId: likedSongs.userId, songId: likedSongs.songId }).from(likedSongs);
  const stored = new Set(likeRows.map((row) => `${row.userId}:${row.songId}`));
  for (const [key, liked] of writes.likes) if (stored.has(key) !== liked) wrong.push(`like ${key} should be ${liked}`);

  for (const { playlistId, songId } of writes.playlistSongs) {
    const [row] = await db.select({ n: count() }).from(playlistSongs).where(and(eq(playlistSongs.playlistId, playlistId), eq(playlistSongs.songId, songId)));
    if (row!.n !== 1) wrong.push(`playlist ${playlistId} lacks song ${songId}`);
  }

  const playRows = await db.select({ userId: plays.userId, n: count() }).from(plays).groupBy(plays.userId);
  const storedPlays = new Map(playRows.map((row) => [row.userId, row.n]));
  for (const [userId, acknowledged] of writes.plays) {
    const n = storedPlays.get(userId) ?? 0;
    const uncertain = writes.uncertainPlays.get(userId) ?? 0;
    if (n < acknowledged || n > acknowledged + uncertain) wrong.push(`listener ${userId} has ${n} plays, ${acknowledged} acknowledged (+${uncertain} unknown)`);
  }
  const [userCount] = await db.select({ n: count() }).from(users);
  const acknowledgedPlays = [...writes.plays.values()].reduce((a, b) => a + b, 0);
  return [
    // A load that wrote nothing of a kind would prove nothing about it.
    wrong.length === 0 && writes.likes.size > 0 && writes.playlistSongs.length > 0 && acknowledgedPlays > 0,
    `every acknowledged write is in the database: ${writes.likes.size} likes, ${writes.playlistSongs.length} playlist songs, ${acknowledgedPlays} plays of ${userCount!.n} accounts` +
      (wrong.length > 0 ? `; ${wrong.length} wrong (first: ${wrong[0]})` : ''),
  ];
}

// Stopped from outside (Ctrl-C, CI's timeout): the servers, nginx and s3rver go too.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    say(`${signal}: stopping the cluster`);
    void (cluster?.close() ?? Promise.resolve()).then(() => process.exit(1));
  });
}

try {
  await main();
} catch (error) {
  problems.push(error instanceof Error ? (error.stack ?? error.message) : String(error));
  say(`FAIL the cluster test stopped: ${problems.at(-1)}`);
} finally {
  await cluster?.close();
}
say(problems.length === 0 ? 'cluster test: PASS' : `cluster test: FAIL (${problems.length})`);
process.exit(problems.length === 0 ? 0 : 1);
