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
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, count, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openPostgres } from '../../src/db/client.js';
import { likedSongs, playlistSongs, plays, releases, songRenditions, songs, users } from '../../src/db/schema.js';
import { synthesizeTrack } from '../../src/media/audio-synth.js';
import { encodePcmToMp3 } from '../../src/media/ffmpeg.js';
import { createS3Storage } from '../../src/media/s3-storage.js';
import { buildArtist, buildSong, storeTestBytes } from '../helpers/catalogue-factories.js';
import { startNginx } from '../helpers/nginx.js';
import { startS3Server } from '../helpers/s3-server.js';
import { type ServerProcess, spawnServer, waitUntilHealthy } from '../helpers/server-process.js';
import { startSmtpStandin } from '../helpers/smtp-standin.js';
import { type AcknowledgedWrites, createWriteLog, type Listener, type RequestRecord, runListenerLoad } from './listener-load.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const LOAD_SECONDS = Number(process.env.CLUSTER_SECONDS ?? 120);
const LISTENERS = 24;
const UPLOADERS = 3;
const CATALOGUE_SONGS = 40;
const WORDS = ['Lagos', 'Ayo', 'Ife', 'Oluwa', 'Jollof', 'Danfo', 'Harmattan', 'Owambe', 'Shayo', 'Ginger'];
const LIKE_VISIBLE_WITHIN_MS = 1_000;

const started = performance.now();
const stamp = () => `[${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s]`;
const say = (line: string) => void process.stdout.write(`${stamp()} ${line}\n`);
const cleanups: (() => Promise<unknown>)[] = [];
const problems: string[] = [];
const check = (ok: boolean, line: string) => {
  say(`${ok ? 'PASS' : 'FAIL'} ${line}`);
  if (!ok) problems.push(line);
};

function seededRandom(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

async function scratchDatabase(serverUrl: string): Promise<string> {
  const name = `kora_cluster_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  cleanups.push(() => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The catalogue the listeners play: songs whose originals are random bytes in S3, small enough for Free. */
async function seedCatalogue(database: Database, storage: ReturnType<typeof createS3Storage>): Promise<number[]> {
  const ids: number[] = [];
  const artistId = (await buildArtist(database.db, { name: 'Cluster Band' })).id;
  for (let i = 0; i < CATALOGUE_SONGS; i++) {
    const stored = await storeTestBytes(storage, 160_000);
    const title = `${WORDS[i % WORDS.length]} ${WORDS[(i * 3 + 1) % WORDS.length]} ${i}`;
    ids.push((await buildSong(database.db, { artistId, title, duration: 30, fileKey: stored.key, fileMime: 'audio/mpeg', fileSize: stored.size })).id);
  }
  return ids;
}

async function testMp3(seed: number): Promise<Buffer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kora-cluster-mp3-'));
  try {
    const file = path.join(dir, 'song.mp3');
    await encodePcmToMp3(synthesizeTrack({ seed, genre: 'Afrobeats', durationSeconds: 6, sampleRate: 22050 }), { sampleRate: 22050, channels: 1, bitrateKbps: 96 }, file);
    return await fs.readFile(file);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

async function signUp(baseUrl: string, email: string): Promise<Listener> {
  const response = await fetch(`${baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'cluster-password', firstName: 'Cluster', lastName: 'Listener' }),
  });
  if (response.status !== 201) throw new Error(`sign-up of ${email} answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const { id } = (await response.json()) as { id: number };
  return { userId: id, email, cookie };
}

async function main(): Promise<void> {
  const postgresUrl = process.env.TEST_DATABASE_URL;
  const redisUrl = process.env.TEST_REDIS_URL;
  if (!postgresUrl || !redisUrl) throw new Error('The cluster test needs TEST_DATABASE_URL (PostgreSQL) and TEST_REDIS_URL (Redis), as .ci/run sets them.');

  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kora-cluster-'));
  cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
  const databaseUrl = await scratchDatabase(postgresUrl);
  const database = await openPostgres(databaseUrl, { max: 4 });
  cleanups.push(() => database.close());
  const s3 = await startS3Server();
  cleanups.push(() => s3.close());
  const smtp = await startSmtpStandin();
  cleanups.push(() => smtp.close());
  const storage = createS3Storage({ ...s3.settings, stagingDir: path.join(dir, 'staging') });
  const songIds = await seedCatalogue(database, storage);
  say(`PostgreSQL, s3rver, SMTP stand-in up; ${songIds.length} songs in the catalogue`);

  const env = (name: string, extra: Record<string, string>) => ({
    DATA_DIR: path.join(dir, name),
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    S3_BUCKET: s3.settings.bucket,
    S3_ENDPOINT: s3.settings.endpoint!,
    S3_REGION: s3.settings.region,
    S3_ACCESS_KEY_ID: s3.settings.credentials!.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.settings.credentials!.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Kora <no-reply@kora.example>',
    MEDIA_OFFLOAD: 'nginx',
    TRUST_PROXY: 'true',
    SHUTDOWN_DRAIN_MS: '0',
    ...extra,
  });
  const processes = new Map<string, ServerProcess>();
  const outputs: string[] = [];
  const start = async (name: string, extra: Record<string, string>) => {
    const server = await spawnServer(env(name, extra));
    processes.set(name, server);
    await waitUntilHealthy(server, 120_000);
    return server;
  };
  const retire = (name: string) => outputs.push(processes.get(name)!.output());
  cleanups.push(async () => {
    for (const server of processes.values()) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  });

  const web = ['web-1', 'web-2', 'web-3'];
  const webServers = await Promise.all(web.map((name) => start(name, { JOBS_ENABLED: 'false' })));
  await start('worker', { JOBS_ENABLED: 'true', LOG_LEVEL: 'info' });
  const webPorts = webServers.map((server) => Number(new URL(server.url).port));
  const shipped = await fs.readFile(path.join(repoRoot, 'deploy/nginx/kora.conf'), 'utf8');
  const nginx = await startNginx(
    (port) =>
      `include /etc/nginx/mime.types;\naccess_log off;\n${shipped
        .replace(/(\n\s*server 127\.0\.0\.1:300\d [^\n]+)+/, webPorts.map((p) => `\n    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join(''))
        .replace('listen 80;', `listen 127.0.0.1:${port};`)
        .replace('root /srv/kora/web/dist;', `root ${path.join(dir, 'web')};`)
        .replace('alias /srv/kora/data/media/;', `alias ${path.join(dir, 'media')}/;`)}`,
    { probePath: '/api/health/live' },
  );
  cleanups.push(() => nginx.close());
  say(`nginx on ${nginx.url} in front of ${webPorts.join(', ')}; worker up`);

  const listeners: Listener[] = [];
  for (let i = 0; i < LISTENERS; i++) listeners.push(await signUp(nginx.url, `cluster-${i}@example.com`));
  // Likes only through the probe, so its count changes by the probe's likes alone.
  const probe = await signUp(nginx.url, 'cluster-probe@example.com');
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
  const load = runListenerLoad({ baseUrl: nginx.url, listeners, songIds, searchWords: WORDS, until: loadOver, random: seededRandom(19) }, log, writes);

  const uploads = (async () => {
    const ids: number[] = [];
    for (const [index, uploader] of uploaders.entries()) {
      await at(0.1 + 0.15 * index);
      const form = new FormData();
      form.append('audioFile', new Blob([new Uint8Array(await testMp3(100 + index))], { type: 'audio/mpeg' }), `upload-${index}.mp3`);
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

  let killedAt = 0;
  const faults = (async () => {
    await at(0.35);
    const victim = processes.get('web-2')!;
    killedAt = performance.now();
    victim.child.kill('SIGKILL');
    await victim.exited;
    retire('web-2');
    say('web-2 killed with SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const port = webPorts[1]!;
    const again = await spawnServer({ ...env('web-2', { JOBS_ENABLED: 'false' }), PORT: String(port) });
    processes.set('web-2', again);
    await waitUntilHealthy(again, 120_000);
    say('web-2 started again on its port');
    await at(0.6);
    const worker = processes.get('worker')!;
    worker.child.kill('SIGTERM');
    await worker.exited;
    retire('worker');
    await start('worker', { JOBS_ENABLED: 'true', LOG_LEVEL: 'info' });
    say('worker restarted');
  })();

  await Promise.all([load, faults]);
  const releaseIds = await uploads;
  const delays = await likeDelays;
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  say(`load over: ${log.length} requests in ${loadSeconds.toFixed(0)} s (${(log.length / loadSeconds).toFixed(0)}/s)`);

  // 1. Failures: only requests in flight on the killed process may fail.
  const failed = log.filter((record) => record.status === 0 || record.status >= 500);
  const inFlightAtKill = failed.filter((record) => record.startedAt <= killedAt && record.endedAt >= killedAt);
  const otherFailures = failed.filter((record) => !inFlightAtKill.includes(record));
  const refusals = log.filter((record) => record.status >= 400 && record.status < 500);
  check(
    otherFailures.length === 0,
    `no request failed but those in flight at the kill: ${inFlightAtKill.length} failed in flight, ${otherFailures.length} other failures` +
      (otherFailures.length > 0 ? ` (first: ${otherFailures[0]!.method} ${otherFailures[0]!.route} ${otherFailures[0]!.status} ${otherFailures[0]!.error ?? ''})` : ''),
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
    outputs.push(server.output());
  }
  const done = outputs.flatMap((output) => [...output.matchAll(/"jobId":(\d+)[^\n]*"msg":"Job done"/g)].map((match) => Number(match[1])));
  const twice = done.filter((id, index) => done.indexOf(id) !== index);
  check(done.length > 0 && twice.length === 0, `no job ran twice: ${done.length} jobs done, ${twice.length} more than once`);
}

async function confirmAddress(baseUrl: string, smtp: Awaited<ReturnType<typeof startSmtpStandin>>, listener: Listener): Promise<void> {
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
    void Promise.allSettled(cleanups.reverse().map((cleanup) => cleanup())).then(() => process.exit(1));
  });
}

try {
  await main();
} catch (error) {
  problems.push(error instanceof Error ? (error.stack ?? error.message) : String(error));
  say(`FAIL the cluster test stopped: ${problems.at(-1)}`);
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => say(`cleanup failed: ${String(error)}`));
}
say(problems.length === 0 ? 'cluster test: PASS' : `cluster test: FAIL (${problems.length})`);
process.exit(problems.length === 0 ? 0 : 1);
