import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../src/db/client.js';
import { jobs } from '../../src/db/schema.js';
import { EXIT, type JobsCommand, parseJobsCommand, runJobsCommand } from '../../src/jobs/operator.js';
import { createJobQueue, enqueueJob, JOBS_CHANNEL } from '../../src/jobs/queue.js';
import { createWorker, type JobHandler, type Worker } from '../../src/jobs/worker.js';
import { openTestDatabase } from '../helpers/test-database.js';
import { findJob, silentLog, sleep, waitFor } from './job-helpers.js';

let database: Database;
let db: Db;
const workers: Worker[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterAll(() => database.close());
beforeEach(() => db.delete(jobs));
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop(0)));
});

function startWorker(handlers: Record<string, JobHandler>, { pollIntervalMs = 20, listen = false } = {}) {
  const worker = createWorker({
    queue: createJobQueue(db, { workerId: 'test-worker', leaseMs: 30_000, retryDelayMs: () => 0 }),
    handlers,
    concurrency: 2,
    pollIntervalMs,
    ...(listen ? { listen: (onQueued: (type: string | undefined) => void) => database.listen(JOBS_CHANNEL, onQueued) } : {}),
    log: silentLog,
  });
  workers.push(worker);
  worker.start();
  return worker;
}

/** Runs an operator command as `npm run jobs -- …` would, keeping what it printed. */
async function operator(...args: string[]) {
  const command = parseJobsCommand(args);
  if (typeof command === 'string') throw new Error(command);
  const out: string[] = [];
  const err: string[] = [];
  const code = await runJobsCommand(db, command as JobsCommand, { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const allJobs = () => db.select().from(jobs).orderBy(asc(jobs.id));

describe('dead jobs', () => {
  it('end dead after their last attempt, with onGiveUp run once; the operator lists them, retries them, and then they can succeed', async () => {
    const job = await enqueueJob(db, 'flaky', { songId: 7 }, { maxAttempts: 3 });
    let attempts = 0;
    let healthy = false;
    const gaveUp: number[] = [];
    startWorker({
      flaky: {
        async run() {
          attempts++;
          if (!healthy) throw new Error(`attempt ${attempts} failed`);
          return { ok: true };
        },
        async onGiveUp(row) {
          gaveUp.push(row.id);
        },
      },
    });
    await waitFor(async () => (await findJob(db, job.id)).status === 'dead', { what: 'the job to be dead' });
    await sleep(100);
    expect(attempts).toBe(3);
    expect(gaveUp).toEqual([job.id]);
    expect(await findJob(db, job.id)).toMatchObject({ status: 'dead', attempts: 3, lastError: 'attempt 3 failed', lockedBy: null });

    const listed = await operator('list-dead');
    expect(listed.code).toBe(EXIT.ok);
    expect(listed.out).toContain(`#${job.id} flaky, 3 of 3 attempts, dead since`);
    expect(listed.out).toContain('last error: attempt 3 failed');
    expect((await operator('list-dead', '--type', 'other')).out).toBe('No dead other jobs.');

    healthy = true;
    const retried = await operator('retry', String(job.id));
    expect(retried).toMatchObject({ code: EXIT.ok, err: '' });
    expect(retried.out).toContain(`Job ${job.id} (flaky) queued again`);
    await waitFor(async () => (await findJob(db, job.id)).status === 'done', { what: 'the retried job to be done' });
    expect(await findJob(db, job.id)).toMatchObject({ status: 'done', attempts: 1, result: { ok: true }, lastError: null });
    expect(attempts).toBe(4);
    expect(gaveUp).toEqual([job.id]);
  });

  it('are queued again with attempts reset and due now', async () => {
    const job = await enqueueJob(db, 'a', {}, { maxAttempts: 2 });
    await db
      .update(jobs)
      .set({ status: 'dead', attempts: 2, progress: 60, runAt: sql`now() - interval '1 day'`, lastError: 'boom' })
      .where(eq(jobs.id, job.id));
    expect((await operator('retry', String(job.id))).code).toBe(EXIT.ok);
    const row = await findJob(db, job.id);
    expect(row).toMatchObject({ status: 'queued', attempts: 0, progress: 0, lockedBy: null, lastError: 'boom' });
    expect(Math.abs(row.runAt.getTime() - Date.now())).toBeLessThan(10_000);
  });

  it('refuses an unknown id, or one that is not dead, with exit code 2 and changes nothing', async () => {
    const dead = await enqueueJob(db, 'a', {});
    const queued = await enqueueJob(db, 'a', {});
    await db.update(jobs).set({ status: 'dead', attempts: 3 }).where(eq(jobs.id, dead.id));
    const before = await allJobs();

    const unknown = await operator('retry', String(dead.id), '999999');
    expect(unknown).toMatchObject({ code: EXIT.refused, out: '' });
    expect(unknown.err).toContain('No job 999999.');
    expect(unknown.err).toContain('Nothing was changed.');
    const live = await operator('retry', String(queued.id));
    expect(live).toMatchObject({ code: EXIT.refused });
    expect(live.err).toContain(`Job ${queued.id} (a) is queued, not dead`);
    expect(await allJobs()).toEqual(before);
  });

  it('are all retried with --all-dead, of one type with --type', async () => {
    const ids: number[] = [];
    for (const type of ['a', 'a', 'b']) {
      const job = await enqueueJob(db, type, {});
      await db.update(jobs).set({ status: 'dead', attempts: 3 }).where(eq(jobs.id, job.id));
      ids.push(job.id);
    }
    const onlyB = await operator('retry', '--all-dead', '--type', 'b');
    expect(onlyB.out).toContain('1 of 1 queued again.');
    expect((await allJobs()).map((job) => job.status)).toEqual(['dead', 'dead', 'queued']);
    const rest = await operator('retry', '--all-dead');
    expect(rest.out).toContain('2 of 2 queued again.');
    expect((await allJobs()).map((job) => job.status)).toEqual(['queued', 'queued', 'queued']);
    expect((await operator('retry', '--all-dead')).out).toBe('No dead jobs.');
  });

  it('stays dead when another job holds its singleton key, and says so', async () => {
    const dead = await enqueueJob(db, 'transcode-song', { songId: 3 }, { singletonKey: 'transcode:song:3' });
    await db.update(jobs).set({ status: 'dead', attempts: 3 }).where(eq(jobs.id, dead.id));
    const fresh = await enqueueJob(db, 'transcode-song', { songId: 3 }, { singletonKey: 'transcode:song:3' });
    expect(fresh.id).not.toBe(dead.id);

    const result = await operator('retry', String(dead.id));
    expect(result.code).toBe(EXIT.partly);
    expect(result.err).toContain('holds its key transcode:song:3');
    expect((await findJob(db, dead.id)).status).toBe('dead');
  });

  it('rejects malformed commands before touching the database', () => {
    expect(parseJobsCommand([])).toBe('No command given');
    expect(parseJobsCommand(['retry'])).toBe('retry needs job ids, or --all-dead');
    expect(parseJobsCommand(['retry', '12x'])).toBe('Not a job id: 12x');
    expect(parseJobsCommand(['list-dead', '--type'])).toBe('--type needs a value');
    expect(parseJobsCommand(['retry', '4', '4', '5'])).toEqual({ name: 'retry', ids: [4, 5] });
  });
});

describe('singleton keys', () => {
  it('return the queued or running job holding the key instead of adding another; once it has ended, a new one is queued', async () => {
    const key = 'transcode:song:42';
    const first = await enqueueJob(db, 'transcode-song', { songId: 42 }, { singletonKey: key });
    const again = await enqueueJob(db, 'transcode-song', { songId: 42 }, { singletonKey: key, priority: 10 });
    expect(again).toMatchObject({ id: first.id, status: 'queued', priority: 0 });
    // Inside a transaction too (a conflict must not abort it).
    await db.transaction(async (tx) => {
      expect((await enqueueJob(tx, 'transcode-song', { songId: 42 }, { singletonKey: key })).id).toBe(first.id);
    });

    const queue = createJobQueue(db, { workerId: 'w', leaseMs: 30_000 });
    const claimed = (await queue.claim(['transcode-song']))!;
    expect((await enqueueJob(db, 'transcode-song', { songId: 42 }, { singletonKey: key })).id).toBe(first.id);
    await queue.complete(claimed, null);

    const next = await enqueueJob(db, 'transcode-song', { songId: 42 }, { singletonKey: key });
    expect(next.id).not.toBe(first.id);
    expect(next).toMatchObject({ status: 'queued', singletonKey: key });
    // Other keys, and jobs without one, are never held back.
    expect((await enqueueJob(db, 'transcode-song', { songId: 43 }, { singletonKey: 'transcode:song:43' })).id).not.toBe(next.id);
    const plain = await enqueueJob(db, 'transcode-song', { songId: 42 });
    expect((await enqueueJob(db, 'transcode-song', { songId: 42 })).id).not.toBe(plain.id);
    expect(await allJobs()).toHaveLength(5);
  });

  it('hold against concurrent enqueues: one job whatever the race', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, () => enqueueJob(db, 'transcode-song', { songId: 9 }, { singletonKey: 'transcode:song:9' })),
    );
    expect(new Set(results.map((job) => job.id)).size).toBe(1);
    expect(await allJobs()).toHaveLength(1);
  });
});

describe('wake-up on enqueue', () => {
  it('starts a job enqueued while the worker idles within a second, though it polls only every minute', async () => {
    const started: number[] = [];
    startWorker({ ping: { run: async () => void started.push(Date.now()) } }, { pollIntervalMs: 60_000, listen: true });
    // Let the worker's first poll find nothing and settle into its minute-long pause.
    await sleep(300);
    const enqueuedAt = Date.now();
    await enqueueJob(db, 'ping', {});
    await waitFor(async () => started.length > 0, { timeoutMs: 1_000, what: 'the job to start' });
    expect(started[0]! - enqueuedAt).toBeLessThan(1_000);
  });

  it('announces a job enqueued in a transaction only once it commits', async () => {
    const started: number[] = [];
    startWorker({ ping: { run: async () => void started.push(Date.now()) } }, { pollIntervalMs: 60_000, listen: true });
    await sleep(300);
    let committedAt = 0;
    await db.transaction(async (tx) => {
      await enqueueJob(tx, 'ping', {});
      await sleep(200);
      committedAt = Date.now();
    });
    await waitFor(async () => started.length > 0, { timeoutMs: 1_000, what: 'the job to start' });
    expect(started[0]!).toBeGreaterThanOrEqual(committedAt);
  });

  it.runIf(process.env.KORA_TEST_DB === 'postgres')('keeps running the queue when the LISTEN connection is lost, and listens again', async () => {
    const started: number[] = [];
    startWorker({ ping: { run: async () => void started.push(Date.now()) } }, { pollIntervalMs: 60_000, listen: true });
    await sleep(300);
    await db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query ilike 'listen%' and pid <> pg_backend_pid()`,
    );
    // Enqueued while nobody listens: the reconnection wakes the worker, since it may have missed it.
    await enqueueJob(db, 'ping', {});
    await waitFor(async () => started.length === 1, { timeoutMs: 5_000, what: 'the job enqueued while not listening' });
    // And announcements arrive again.
    await sleep(300);
    const enqueuedAt = Date.now();
    await enqueueJob(db, 'ping', {});
    await waitFor(async () => started.length === 2, { timeoutMs: 1_000, what: 'the job enqueued after reconnecting' });
    expect(started[1]! - enqueuedAt).toBeLessThan(1_000);
  });
});
