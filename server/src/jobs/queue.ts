import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { jobs } from '../db/schema.js';

export type JobRow = typeof jobs.$inferSelect;
export type JobPayload = Record<string, unknown>;

/** One claim of a job: who holds it, and the attempt it is (a later claim of the same job is another attempt). */
export type ClaimedJob = JobRow & { lockedBy: string };

/** Higher is claimed first; a job of lower priority waits while any higher one is ready. */
export const JOB_PRIORITY = {
  /** Work nobody is waiting on: the catalogue's renditions. */
  background: 0,
  /** Someone is watching: an uploaded release waiting for review. */
  listenerWaiting: 10,
  /** Someone waits in their inbox (a reset link), and it takes a moment: e-mail goes before long work. */
  mail: 20,
} as const;

export type EnqueueOptions = { maxAttempts?: number; delayMs?: number; priority?: number };

const LAST_ERROR_MAX_CHARS = 2000;

/** `now() + ms` computed by the database, so every process measures leases and delays on one clock. */
const nowPlus = (ms: number) => sql`now() + ${Math.max(0, Math.round(ms))}::integer * interval '1 millisecond'`;

/**
 * Adds a job. Takes the caller's transaction (or database), so a job is enqueued together with the
 * rows it will work on, or not at all.
 */
export async function enqueueJob(db: Db, type: string, payload: JobPayload, options: EnqueueOptions = {}): Promise<JobRow> {
  const [row] = await db
    .insert(jobs)
    .values({
      type,
      payload,
      ...(options.maxAttempts !== undefined ? { maxAttempts: options.maxAttempts } : {}),
      ...(options.delayMs ? { runAt: nowPlus(options.delayMs) } : {}),
      ...(options.priority !== undefined ? { priority: options.priority } : {}),
    })
    .returning();
  return row!;
}

export type JobQueueOptions = {
  /** Names this process in lockedBy; several processes must use different ones. */
  workerId: string;
  /** How long a claim lasts without a heartbeat: after that, another worker may take the job. */
  leaseMs: number;
  /** Delay before attempt n + 1 after attempt n failed. */
  retryDelayMs?: (attempts: number) => number;
};

/** 10 s, 40 s, 160 s…, at most 10 minutes. */
export function defaultRetryDelayMs(attempts: number): number {
  return Math.min(10_000 * 4 ** Math.max(0, attempts - 1), 10 * 60_000);
}

export type FailOutcome = 'retry' | 'failed' | 'lost';

/**
 * The durable queue on the jobs table. A job is claimed by one atomic UPDATE of the first ready row
 * that no other transaction holds (FOR UPDATE SKIP LOCKED), which sets a lease; the holder extends it
 * while it works. A job whose lease ran out (its process died or hung) is ready again. Every change
 * after the claim is guarded by the claim (lockedBy and attempts), so a holder that lost its lease
 * changes nothing.
 */
export function createJobQueue(db: Db, { workerId, leaseMs, retryDelayMs = defaultRetryDelayMs }: JobQueueOptions) {
  const due = sql`(${jobs.status} = 'queued' and ${jobs.runAt} <= now())`;
  const expired = sql`(${jobs.status} = 'running' and ${jobs.leaseExpiresAt} < now())`;
  const held = (job: ClaimedJob) =>
    and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.lockedBy, job.lockedBy), eq(jobs.attempts, job.attempts));

  return {
    workerId,
    leaseMs,

    /**
     * What a claim would find, with a read: an idle worker polls with this, because every write would
     * invalidate the read caches of db/versioned-cache.ts (and announce itself to every process).
     */
    async peek(types: readonly string[]): Promise<'none' | 'ready' | 'abandoned'> {
      if (types.length === 0) return 'none';
      const [row] = await db
        .select({ abandoned: sql<boolean>`(${jobs.status} = 'running' and ${jobs.attempts} >= ${jobs.maxAttempts})` })
        .from(jobs)
        .where(and(inArray(jobs.type, [...types]), sql`(${due} or ${expired})`))
        .orderBy(sql`1 desc`)
        .limit(1);
      if (!row) return 'none';
      return row.abandoned ? 'abandoned' : 'ready';
    },

    /**
     * Takes the next ready job of these types (queued and due, or running with an expired lease), if
     * any: the highest priority first, then the one due longest.
     */
    async claim(types: readonly string[]): Promise<ClaimedJob | undefined> {
      if (types.length === 0) return undefined;
      const next = sql`(
        select ${jobs.id} from ${jobs}
        where ${inArray(jobs.type, [...types])}
          and (${due} or (${expired} and ${jobs.attempts} < ${jobs.maxAttempts}))
        order by ${jobs.priority} desc, ${jobs.runAt}, ${jobs.id}
        for update skip locked
        limit 1)`;
      const [row] = await db
        .update(jobs)
        .set({
          status: 'running',
          lockedBy: workerId,
          leaseExpiresAt: nowPlus(leaseMs),
          attempts: sql`${jobs.attempts} + 1`,
          updatedAt: sql`now()`,
        })
        .where(eq(jobs.id, next))
        .returning();
      return row as ClaimedJob | undefined;
    },

    /**
     * Fails the jobs of these types whose last attempt's lease ran out: their process died on the
     * last attempt, and taking them again could crash the next one the same way.
     */
    async failAbandoned(types: readonly string[]): Promise<JobRow[]> {
      if (types.length === 0) return [];
      return db
        .update(jobs)
        .set({
          status: 'failed',
          lockedBy: null,
          leaseExpiresAt: null,
          lastError: 'The worker stopped during the last attempt.',
          updatedAt: sql`now()`,
        })
        .where(
and(inArray(jobs.type, [...types]), expired, sql`${jobs.attempts} >= ${jobs.maxAttempts}`),
        )
        .returning();
    },

    /** Extends the lease (and records progress, 0 to 100); false when the claim was lost. */
    async heartbeat(job: ClaimedJob, progress?: number): Promise<boolean> {
      const rows = await db
        .update(jobs)
        .set({
          leaseExpiresAt: nowPlus(leaseMs),
          updatedAt: sql`now()`,
          ...(progress !== undefined ? { progress: Math.max(0, Math.min(100, Math.floor(progress))) } : {}),
        })
        .where(held(job))
        .returning({ id: jobs.id });
      return rows.length > 0;
    },

    async complete(job: ClaimedJob, result: unknown): Promise<boolean> {
      const rows = await db
        .update(jobs)
        .set({
          status: 'done',
          progress: 100,
          result: result ?? null,
          lockedBy: null,
          leaseExpiresAt: null,
          lastError: null,
          updatedAt: sql`now()`,
        })
        .where(held(job))
        .returning({ id: jobs.id });
      return rows.length > 0;
    },

    /** Queues the job again after a delay, or fails it for good once it has had all its attempts. */
    async fail(job: ClaimedJob, error: unknown): Promise<FailOutcome> {
      const lastError = describeError(error);
      const final = job.attempts >= job.maxAttempts;
      const rows = await db
        .update(jobs)
        .set({
          status: final ? 'failed' : 'queued',
          lastError,
          lockedBy: null,
          leaseExpiresAt: null,
          updatedAt: sql`now()`,
          ...(final ? {} : { runAt: nowPlus(retryDelayMs(job.attempts)) }),
        })
        .where(held(job))
        .returning({ id: jobs.id });
      if (rows.length === 0) return 'lost';
      return final ? 'failed' : 'retry';
    },

    /**
     * Gives the job back at once, as if this attempt never started (it keeps its place in the
     * queue): the process is stopping, which is not the job's fault, and another may take it now.
     */
    async release(job: ClaimedJob): Promise<boolean> {
      const rows = await db
        .update(jobs)
        .set({
          status: 'queued',
          attempts: sql`${jobs.attempts} - 1`,
          lockedBy: null,
          leaseExpiresAt: null,
          updatedAt: sql`now()`,
        })
        .where(held(job))
        .returning({ id: jobs.id });
      return rows.length > 0;
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;

function describeError(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return text.slice(0, LAST_ERROR_MAX_CHARS);
}
