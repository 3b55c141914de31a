import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../src/db/client.js';
import { jobs } from '../../src/db/schema.js';
import { createJobQueue, enqueueJob, JOB_PRIORITY, type JobQueue } from '../../src/jobs/queue.js';
import { openTestDatabase } from '../helpers/test-database.js';
import { expireLease, findJob, openSecondPool } from './job-helpers.js';

let database: Database;
let db: Db;
let queue: JobQueue;
let other: JobQueue;
const TYPES = ['test-a', 'test-b'];

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

beforeEach(async () => {
  await db.delete(jobs);
  queue = createJobQueue(db, { workerId: 'worker-1', leaseMs: 60_000, retryDelayMs: (attempts) => attempts * 5_000 });
  other = createJobQueue(db, { workerId: 'worker-2', leaseMs: 60_000 });
});

/** Seconds from the database's now to a timestamp column of the job. */
async function secondsFromNow(id: number, column: 'run_at' | 'lease_expires_at'): Promise<number> {
  const [row] = await db
    .select({ seconds: sql<number>`extract(epoch from (${sql.identifier(column)} - now()))::float8` })
    .from(jobs)
    .where(eq(jobs.id, id));
  return Number(row!.seconds);
}

describe('enqueue and claim', () => {
  it('claims ready jobs oldest first, one claim each, marking them running under a lease', async () => {
    const first = await enqueueJob(db, 'test-a', { n: 1 });
    const second = await enqueueJob(db, 'test-b', { n: 2 });
    const delayed = await enqueueJob(db, 'test-a', { n: 3 }, { delayMs: 60_000 });
    expect(first).toMatchObject({ status: 'queued', attempts: 0, maxAttempts: 3, progress: 0 });

    const claimed = await queue.claim(TYPES);
    expect(claimed).toMatchObject({ id: first.id, status: 'running', lockedBy: 'worker-1', attempts: 1, payload: { n: 1 } });
    expect(await secondsFromNow(first.id, 'lease_expires_at')).toBeGreaterThan(55);
    expect((await other.claim(TYPES))?.id).toBe(second.id);
    // The delayed one is not due yet.
    expect(await queue.claim(TYPES)).toBeUndefined();
    expect((await findJob(db, delayed.id)).status).toBe('queued');
  });

  it('orders by run_at before id', async () => {
    const later = await enqueueJob(db, 'test-a', {});
    const earlier = await enqueueJob(db, 'test-a', {});
    await db.update(jobs).set({ runAt: sql`now() - interval '1 minute'` }).where(eq(jobs.id, earlier.id));
    expect((await queue.claim(TYPES))?.id).toBe(earlier.id);
    expect((await queue.claim(TYPES))?.id).toBe(later.id);
  });

  it('claims a higher priority first, whatever its age: an upload goes before the catalogue backfill', async () => {
    const backfill = await enqueueJob(db, 'test-a', {}, { priority: JOB_PRIORITY.background });
    await db.update(jobs).set({ runAt: sql`now() - interval '1 hour'` }).where(eq(jobs.id, backfill.id));
    const upload = await enqueueJob(db, 'test-b', {}, { priority: JOB_PRIORITY.listenerWaiting });
    const delayedUpload = await enqueueJob(db, 'test-b', {}, { priority: JOB_PRIORITY.listenerWaiting, delayMs: 60_000 });
    expect((await queue.claim(TYPES))?.id).toBe(upload.id);
    // A higher priority that is not due yet does not hold the others back.
    expect((await queue.claim(TYPES))?.id).toBe(backfill.id);
    expect((await findJob(db, delayedUpload.id)).status).toBe('queued');
  });

  it('claims only the types it is given', async () => {
    const job = await enqueueJob(db, 'test-other', {});
    expect(await queue.peek(TYPES)).toBe('none');
    expect(await queue.claim(TYPES)).toBeUndefined();
    expect((await queue.claim(['test-other']))?.id).toBe(job.id);
  });

  it('enqueues within the caller’s transaction: a rolled back one leaves no job', async () => {
    await expect(
      db.transaction(async (tx) => {
        await enqueueJob(tx, 'test-a', {});
        throw new Error('the upload failed');
      }),
    ).rejects.toThrow('the upload failed');
    expect(await db.select().from(jobs)).toEqual([]);
  });

  it('peeks with a read: none, ready, or abandoned on its last attempt', async () => {
    expect(await queue.peek(TYPES)).toBe('none');
    const job = await enqueueJob(db, 'test-a', {}, { maxAttempts: 1 });
    expect(await queue.peek(TYPES)).toBe('ready');
    await queue.claim(TYPES);
    expect(await queue.peek(TYPES)).toBe('none');
    await expireLease(db, job.id);
    expect(await queue.peek(TYPES)).toBe('abandoned');
  });
});

describe('leases', () => {
  it('gives a job whose lease expired to the next claimer as another attempt; the old holder can change nothing', async () => {
    const job = await enqueueJob(db, 'test-a', {});
    const stale = (await queue.claim(TYPES))!;
    expect(await other.claim(TYPES)).toBeUndefined();

    await expireLease(db, job.id);
    const fresh = (await other.claim(TYPES))!;
    expect(fresh).toMatchObject({ id: job.id, lockedBy: 'worker-2', attempts: 2 });

    expect(await queue.heartbeat(stale, 50)).toBe(false);
    expect(await queue.complete(stale, { by: 'stale' })).toBe(false);
    expect(await queue.fail(stale, new Error('stale'))).toBe('lost');
    expect(await queue.release(stale)).toBe(false);
    expect(await findJob(db, job.id)).toMatchObject({ status: 'running', lockedBy: 'worker-2', attempts: 2, progress: 0, result: null });

    expect(await other.complete(fresh, { by: 'fresh' })).toBe(true);
    expect(await findJob(db, job.id)).toMatchObject({ status: 'done', result: { by: 'fresh' } });
  });

  it('a claim by the same worker of its own expired job is a different claim', async () => {
    const job = await enqueueJob(db, 'test-a', {});
    const first = (await queue.claim(TYPES))!;
    await expireLease(db, job.id);
    const second = (await queue.claim(TYPES))!;
    expect(await queue.complete(first, 'first')).toBe(false);
    expect(await queue.complete(second, 'second')).toBe(true);
  });

  it('extends the lease and records progress with a heartbeat', async () => {
    const job = await enqueueJob(db, 'test-a', {});
    const shortQueue = createJobQueue(db, { workerId: 'short', leaseMs: 2_000 });
    const claimed = (await shortQueue.claim(TYPES))!;
    expect(await secondsFromNow(job.id, 'lease_expires_at')).toBeLessThan(3);
    const longQueue = createJobQueue(db, { workerId: 'short', leaseMs: 120_000 });
    expect(await longQueue.heartbeat(claimed, 42.7)).toBe(true);
    expect(await secondsFromNow(job.id, 'lease_expires_at')).toBeGreaterThan(100);
    expect((await findJob(db, job.id)).progress).toBe(42);
  });

  it('releases a job at once for another worker, without counting the attempt', async () => {
    const job = await enqueueJob(db, 'test-a', {});
    const claimed = (await queue.claim(TYPES))!;
    expect(await queue.release(claimed)).toBe(true);
    expect(await findJob(db, job.id)).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null, leaseExpiresAt: null });
    expect(await other.claim(TYPES)).toMatchObject({ id: job.id, attempts: 1 });
  });

  it('fails a job abandoned on its last attempt instead of running it again', async () => {
    const job = await enqueueJob(db, 'test-a', {}, { maxAttempts: 2 });
    await queue.claim(TYPES);
    await expireLease(db, job.id);
    await queue.claim(TYPES);
    await expireLease(db, job.id);
    expect(await other.claim(TYPES)).toBeUndefined();
    const failed = await other.failAbandoned(TYPES);
    expect(failed.map((row) => row.id)).toEqual([job.id]);
    expect(await findJob(db, job.id)).toMatchObject({ status: 'dead', attempts: 2, lockedBy: null, lastError: 'The worker stopped during the last attempt.' });
    expect(await other.failAbandoned(TYPES)).toEqual([]);
  });
});

describe('completion and failure', () => {
  it('completes with progress 100 and the result', async () => {
    const job = await enqueueJob(db, 'test-a', {});
    const claimed = (await queue.claim(TYPES))!;
    await queue.heartbeat(claimed, 30);
    expect(await queue.complete(claimed, { renditions: 3 })).toBe(true);
    expect(await findJob(db, job.id)).toMatchObject({ status: 'done', progress: 100, result: { renditions: 3 }, lockedBy: null, leaseExpiresAt: null });
    expect(await queue.claim(TYPES)).toBeUndefined();
  });

  it('queues a failed attempt again after a growing delay, and marks the job dead after maxAttempts', async () => {
    const job = await enqueueJob(db, 'test-a', {}, { maxAttempts: 2 });

    const first = (await queue.claim(TYPES))!;
    expect(await queue.fail(first, new Error('ffmpeg crashed'))).toBe('retry');
    expect(await findJob(db, job.id)).toMatchObject({ status: 'queued', attempts: 1, lastError: 'ffmpeg crashed', lockedBy: null });
    const delay = await secondsFromNow(job.id, 'run_at');
    expect(delay).toBeGreaterThan(4);
    expect(delay).toBeLessThanOrEqual(5);
    expect(await queue.claim(TYPES)).toBeUndefined();

    await db.update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.id, job.id));
    const second = (await queue.claim(TYPES))!;
    expect(second.attempts).toBe(2);
    expect(await queue.fail(second, new Error('ffmpeg crashed again'))).toBe('dead');
    expect(await findJob(db, job.id)).toMatchObject({ status: 'dead', attempts: 2, lastError: 'ffmpeg crashed again' });
    expect(await queue.claim(TYPES)).toBeUndefined();
  });
});

describe('concurrent claimers', () => {
  it('never give one job to two claimers, whichever connection they use', async () => {
    const second = await openSecondPool(database);
    try {
      const count = 40;
      for (let i = 0; i < count; i++) await enqueueJob(db, 'test-a', { i });
      // Two processes' worth of claimers on PostgreSQL (two pools, ten connections), all at once.
      const queues = Array.from({ length: 10 }, (_, i) =>
        createJobQueue(i % 2 === 0 || !second ? db : second.db, { workerId: `claimer-${i}`, leaseMs: 60_000 }),
      );
      const claims = await Promise.all(Array.from({ length: count + 10 }, (_, i) => queues[i % queues.length]!.claim(TYPES)));
      const ids = claims.filter((claim) => claim !== undefined).map((claim) => claim.id);
      expect(ids).toHaveLength(count);
      expect(new Set(ids).size).toBe(count);
      const rows = await db.select().from(jobs);
      expect(rows.every((row) => row.status === 'running' && row.attempts === 1)).toBe(true);
    } finally {
      await second?.close();
    }
  });
});
