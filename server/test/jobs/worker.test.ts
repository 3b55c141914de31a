import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../src/db/client.js';
import { jobs } from '../../src/db/schema.js';
import { createJobQueue, enqueueJob } from '../../src/jobs/queue.js';
import { createWorker, type JobHandler, type Worker } from '../../src/jobs/worker.js';
import { openTestDatabase } from '../helpers/test-database.js';
import { findJob, openSecondPool, silentLog, sleep, waitFor } from './job-helpers.js';

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

function startWorker(handlers: Record<string, JobHandler>, options: { concurrency?: number; leaseMs?: number; on?: Db; workerId?: string } = {}) {
  const worker = createWorker({
    queue: createJobQueue(options.on ?? db, { workerId: options.workerId ?? 'test-worker', leaseMs: options.leaseMs ?? 30_000, retryDelayMs: () => 0 }),
    handlers,
    concurrency: options.concurrency ?? 2,
    pollIntervalMs: 20,
    log: silentLog,
  });
  workers.push(worker);
  worker.start();
  return worker;
}

const allSettled = () =>
  waitFor(async () => (await db.select({ status: jobs.status }).from(jobs)).every((row) => row.status === 'done' || row.status === 'dead'), {
    what: 'every job to finish',
  });

describe('the worker', () => {
  it('runs every job once, never more than `concurrency` at a time', async () => {
    for (let i = 0; i < 12; i++) await enqueueJob(db, 'count', { i });
    let active = 0;
    let peak = 0;
    const runs: number[] = [];
    startWorker(
      {
        count: {
          async run(payload) {
            active++;
            peak = Math.max(peak, active);
            await sleep(30);
            runs.push((payload as { i: number }).i);
            active--;
            return { ran: (payload as { i: number }).i };
          },
        },
      },
      { concurrency: 3 },
    );
    await allSettled();
    expect(peak).toBe(3);
    expect(runs.sort((a, b) => a - b)).toEqual([...Array(12).keys()]);
    const rows = await db.select().from(jobs);
    expect(rows.every((row) => row.status === 'done' && row.attempts === 1 && row.progress === 100)).toBe(true);
    expect(rows.map((row) => row.result)).toContainEqual({ ran: 7 });
  });

  it('records progress while a job runs', async () => {
    const job = await enqueueJob(db, 'steps', {});
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    startWorker({
      steps: {
        async run(_payload, { progress }) {
          await progress(40);
          await gate;
        },
      },
    });
    await waitFor(async () => (await findJob(db, job.id)).progress === 40, { what: 'progress 40' });
    release();
    await allSettled();
  });

  it('retries a failing job and, after its last attempt, marks it dead and lets the handler finish it off once', async () => {
    const job = await enqueueJob(db, 'flaky', {}, { maxAttempts: 3 });
    let attempts = 0;
    const gaveUp: number[] = [];
    startWorker({
      flaky: {
        async run() {
          attempts++;
          throw new Error(`attempt ${attempts} failed`);
        },
        async onGiveUp(row, lastError) {
          gaveUp.push(row.id);
          expect(lastError).toBe('attempt 3 failed');
        },
      },
    });
    await allSettled();
    expect(attempts).toBe(3);
    expect(gaveUp).toEqual([job.id]);
    expect(await findJob(db, job.id)).toMatchObject({ status: 'dead', attempts: 3, lastError: 'attempt 3 failed' });
  });

  it('lets the handler finish off a job abandoned on its last attempt', async () => {
    const job = await enqueueJob(db, 'crashy', {}, { maxAttempts: 1 });
    const dead = createJobQueue(db, { workerId: 'dead', leaseMs: 1 });
    await dead.claim(['crashy']);
    const gaveUp: number[] = [];
    let ran = false;
    startWorker({
      crashy: {
        async run() {
          ran = true;
        },
        async onGiveUp(row) {
          gaveUp.push(row.id);
        },
      },
    });
    await waitFor(async () => gaveUp.length > 0, { what: 'onGiveUp' });
    expect(ran).toBe(false);
    expect((await findJob(db, job.id)).status).toBe('dead');
  });

  it('takes over a job whose worker died, once its lease has expired', async () => {
    const job = await enqueueJob(db, 'resume', {});
    const dead = createJobQueue(db, { workerId: 'dead', leaseMs: 300 });
    await dead.claim(['resume']);
    startWorker({ resume: { run: async () => 'resumed' } }, { workerId: 'alive' });
    await allSettled();
    expect(await findJob(db, job.id)).toMatchObject({ status: 'done', attempts: 2, result: 'resumed' });
  });

  it('aborts a job whose lease another worker took, and drops its result', async () => {
    const job = await enqueueJob(db, 'long', {});
    let aborted: unknown;
    startWorker(
      {
        long: {
          async run(_payload, { signal }) {
            await new Promise((resolve) => signal.addEventListener('abort', resolve));
            aborted = signal.reason;
            return 'too late';
          },
        },
      },
      { leaseMs: 300 },
    );
    await waitFor(async () => (await findJob(db, job.id)).status === 'running', { what: 'the job to start' });
    // Another worker's claim, as if this one had stalled past its lease.
    await db.update(jobs).set({ lockedBy: 'thief' }).where(eq(jobs.id, job.id));
    await waitFor(async () => aborted, { what: 'the abort' });
    expect(String(aborted)).toMatch(/Another worker holds this job/);
    await sleep(100);
    expect(await findJob(db, job.id)).toMatchObject({ status: 'running', lockedBy: 'thief', result: null });
  });
});

describe('stopping', () => {
  it('takes no new job and waits for the running ones to finish', async () => {
    const first = await enqueueJob(db, 'slow', {});
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => (finish = resolve));
    const worker = startWorker({ slow: { run: () => gate.then(() => 'finished') } }, { concurrency: 1 });
    await waitFor(async () => worker.activeCount === 1, { what: 'the job to start' });
    const second = await enqueueJob(db, 'slow', {});

    const stopped = worker.stop(5_000);
    await sleep(100);
    finish();
    await stopped;
    expect(await findJob(db, first.id)).toMatchObject({ status: 'done', result: 'finished' });
    expect(await findJob(db, second.id)).toMatchObject({ status: 'queued', attempts: 0 });
  });

  it('aborts what outlasts the timeout and gives the job back at once, its attempt not counted', async () => {
    const job = await enqueueJob(db, 'endless', {});
    let sawAbort = false;
    const worker = startWorker({
      endless: {
        async run(_payload, { signal }) {
          await new Promise((resolve) => signal.addEventListener('abort', resolve));
          sawAbort = true;
          throw signal.reason;
        },
      },
    });
    await waitFor(async () => worker.activeCount === 1, { what: 'the job to start' });
    await worker.stop(50);
    expect(sawAbort).toBe(true);
    expect(await findJob(db, job.id)).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null, leaseExpiresAt: null, lastError: null });
  });
});

describe('two workers on one database', () => {
  it('never run one job twice at once, and run each exactly once', async () => {
    // On PostgreSQL the second worker has its own connection pool, as another server process would.
    const second = await openSecondPool(database);
    try {
      const count = 60;
      for (let i = 0; i < count; i++) await enqueueJob(db, 'shared', { i });
      const running = new Set<number>();
      const runs = new Map<number, string[]>();
      let overlaps = 0;
      const handler = (name: string): JobHandler => ({
        async run(payload) {
          const { i } = payload as { i: number };
          if (running.has(i)) overlaps++;
          running.add(i);
          runs.set(i, [...(runs.get(i) ?? []), name]);
          await sleep(5 + (i % 4) * 5);
          running.delete(i);
        },
      });
      startWorker({ shared: handler('one') }, { workerId: 'one', concurrency: 4 });
      startWorker({ shared: handler('two') }, { workerId: 'two', concurrency: 4, ...(second ? { on: second.db } : {}) });
      await allSettled();
      await Promise.all(workers.splice(0).map((worker) => worker.stop(1_000)));

      expect(overlaps).toBe(0);
      expect([...runs.values()].every((by) => by.length === 1)).toBe(true);
      expect(runs.size).toBe(count);
      const by = new Set([...runs.values()].flat());
      expect(by).toEqual(new Set(['one', 'two']));
    } finally {
      await second?.close();
    }
  });
});
