import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPglite, openPostgres } from '../../src/db/client.js';
import { jobs, notifications, releases, songRenditions, users } from '../../src/db/schema.js';
import { PROCESS_RELEASE_JOB } from '../../src/jobs/handlers/process-release.js';
import { enqueueJob } from '../../src/jobs/queue.js';
import { createLocalStorage } from '../../src/media/local-storage.js';
import { buildArtist, buildSong } from '../helpers/catalogue-factories.js';
import { killAll, type ServerProcess, spawnServer, waitUntilHealthy } from '../helpers/server-process.js';
import { buildRelease, encodeLongMp3 } from '../jobs/release-fixtures.js';
import { createScratchPostgres } from '../helpers/test-database.js';

const running: ServerProcess[] = [];
const dirs: string[] = [];
let longMp3: Buffer;

// Three minutes at 320 kbps: five renditions take seconds, long enough to be interrupted.
beforeAll(async () => {
  longMp3 = await encodeLongMp3({ seconds: 180 });
}, 60_000);

afterEach(async () => {
  await killAll(running);
  for (const dir of dirs.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});

async function dataDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kora-jobs-process-'));
  dirs.push(dir);
  return dir;
}

async function start(env: Record<string, string>): Promise<ServerProcess> {
  const server = await spawnServer({ JOB_LEASE_SECONDS: '2', JOB_CONCURRENCY: '1', LOG_LEVEL: 'info', ...env });
  running.push(server);
  await waitUntilHealthy(server);
  return server;
}

/** What an upload leaves: a release with one long track, processing, and its job queued. */
async function prepareRelease(database: Database, DATA_DIR: string) {
  const db = database.db;
  const storage = createLocalStorage(path.join(DATA_DIR, 'media'));
  const [user] = await db
    .insert(users)
    .values({ email: `uploader-${randomBytes(4).toString('hex')}@example.com`, passwordHash: 'x', firstName: 'Ada', lastName: 'Obi' })
    .returning();
  const artist = await buildArtist(db);
  const release = await buildRelease(db, { userId: user!.id, artistId: artist.id, releaseType: 'single', title: 'Long Road' });
  const stored = await storage.put(longMp3, { extension: 'mp3', contentType: 'audio/mpeg' });
  const song = await buildSong(db, {
    artistId: artist.id,
    releaseId: release.id,
    trackNumber: 1,
    status: 'processing',
    fileKey: stored.key,
    fileMime: 'audio/mpeg',
    fileSize: stored.size,
  });
  const job = await enqueueJob(db, PROCESS_RELEASE_JOB, { releaseId: release.id });
  return { userId: user!.id, releaseId: release.id, songId: song.id, jobId: job.id };
}

/** Stored objects in the data folder's media store: the source, then each rendition as it is stored. */
async function storedObjects(DATA_DIR: string): Promise<number> {
  let count = 0;
  for await (const _object of createLocalStorage(path.join(DATA_DIR, 'media')).list()) count++;
  return count;
}

async function until(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const jobsDone = (server: ServerProcess) => server.output().split('"msg":"Job done"').length - 1;

async function finalState(database: Database, ids: Awaited<ReturnType<typeof prepareRelease>>) {
  const db = database.db;
  const [job] = await db.select().from(jobs).where(eq(jobs.id, ids.jobId));
  const [release] = await db.select().from(releases).where(eq(releases.id, ids.releaseId));
  const renditions = await db.select().from(songRenditions).where(eq(songRenditions.songId, ids.songId)).orderBy(asc(songRenditions.bitrateKbps));
  const notes = await db.select().from(notifications).where(eq(notifications.userId, ids.userId));
  return { job: job!, release: release!, bitrates: renditions.map((rendition) => rendition.bitrateKbps), notifications: notes };
}

describe('a job interrupted with the server (embedded database)', () => {
  it('runs again after kill -9 and a restart, once its lease expires, and completes exactly once', async () => {
    const DATA_DIR = await dataDir();
    const setup = await openPglite(DATA_DIR);
    const ids = await prepareRelease(setup, DATA_DIR);
    await setup.close();

    const first = await start({ DATA_DIR });
    // Killed in the middle: after its first rendition is stored, before the last.
    await until(async () => (await storedObjects(DATA_DIR)) >= 2, 'the first rendition');
    first.child.kill('SIGKILL');
    await first.exited;
    expect(jobsDone(first)).toBe(0);

    const interrupted = await openPglite(DATA_DIR);
    const midway = await finalState(interrupted, ids);
    await interrupted.close();
    expect(midway.job).toMatchObject({ status: 'running', attempts: 1 });
    expect(midway.release.status).toBe('processing');
    expect(midway.bitrates.length).toBeLessThan(5);

    const leftovers = await fs.readdir(path.join(DATA_DIR, 'work'));
    expect(leftovers).toHaveLength(1);

    // No grace period: the scratch copy the killed attempt left is swept at once.
    const second = await start({ DATA_DIR, ORPHAN_GRACE_MINUTES: '0' });
    await until(() => jobsDone(second) === 1, 'the job to be done', 90_000);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(await fs.readdir(path.join(DATA_DIR, 'work'))).toEqual([]);

    const after = await openPglite(DATA_DIR);
    try {
      const state = await finalState(after, ids);
      expect(state.job).toMatchObject({ status: 'done', attempts: 2, progress: 100, result: { outcome: 'live' } });
      // The second attempt kept what the first had made.
      expect((state.job.result as { renditions: number }).renditions).toBe(5 - midway.bitrates.length);
      expect(state.bitrates).toEqual([24, 48, 64, 128, 320]);
      expect(state.release.status).toBe('live');
      expect(state.notifications.map((note) => note.kind)).toEqual(['release-live']);
    } finally {
      await after.close();
    }
  });

  it('gives a running job back on SIGTERM, so the next start runs it without counting the stopped attempt', async () => {
    const DATA_DIR = await dataDir();
    const setup = await openPglite(DATA_DIR);
    const ids = await prepareRelease(setup, DATA_DIR);
    await setup.close();

    const first = await start({ DATA_DIR, SHUTDOWN_TIMEOUT_MS: '4000' });
    await until(async () => (await fs.readdir(path.join(DATA_DIR, 'work')).catch(() => [])).length > 0, 'the job to start');
    const stopAsked = Date.now();
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(Date.now() - stopAsked).toBeLessThan(4000);
    expect(jobsDone(first)).toBe(0);

    const stopped = await openPglite(DATA_DIR);
    const midway = await finalState(stopped, ids);
    await stopped.close();
    expect(midway.job).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null, leaseExpiresAt: null });

    const second = await start({ DATA_DIR });
    await until(() => jobsDone(second) === 1, 'the job to be done', 90_000);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    const after = await openPglite(DATA_DIR);
    try {
      const state = await finalState(after, ids);
      expect(state.job).toMatchObject({ status: 'done', attempts: 1 });
      expect(state.bitrates).toEqual([24, 48, 64, 128, 320]);
      expect(state.notifications).toHaveLength(1);
    } finally {
      await after.close();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('a job interrupted with the server (PostgreSQL)', () => {
  it('runs again, exactly once, when two servers start after a kill -9', async () => {
    const scratch = await createScratchPostgres('kora_jobs');
    const DATABASE_URL = scratch.url;
    const database = await openPostgres(DATABASE_URL, { max: 2 });
    try {
      const DATA_DIR = await dataDir();
      const ids = await prepareRelease(database, DATA_DIR);
      const jobRow = async () => (await database.db.select().from(jobs).where(eq(jobs.id, ids.jobId)))[0]!;

      const first = await start({ DATA_DIR, DATABASE_URL });
      await until(async () => (await jobRow()).progress > 0, 'progress');
      first.child.kill('SIGKILL');
      await first.exited;
      expect(await jobRow()).toMatchObject({ status: 'running', attempts: 1 });

      // Two processes share the database and the media folder; the expired lease goes to one of them.
      const [second, third] = await Promise.all([start({ DATA_DIR, DATABASE_URL }), start({ DATA_DIR, DATABASE_URL })]);
      await until(async () => (await jobRow()).status === 'done', 'the job to be done', 90_000);
      // The server logs "Job done" after the row says so: on a busy machine the line can come a little later.
      await until(() => jobsDone(second!) + jobsDone(third!) > 0, 'the log line of the job done');
      expect(jobsDone(second!) + jobsDone(third!)).toBe(1);

      const state = await finalState(database, ids);
      expect(state.job).toMatchObject({ status: 'done', attempts: 2 });
      expect(state.bitrates).toEqual([24, 48, 64, 128, 320]);
      expect(state.release.status).toBe('live');
      expect(state.notifications).toHaveLength(1);
      for (const server of [second!, third!]) server.child.kill('SIGTERM');
      expect(await Promise.all([second!.exited, third!.exited])).toEqual([0, 0]);
    } finally {
      await database.close();
      await scratch.drop();
    }
  });
});
