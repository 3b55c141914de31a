import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
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

export type EnqueueOptions = {
  maxAttempts?: number;
  delayMs?: number;
  priority?: number;
  /**
   * At most one queued or running job has this key: enqueueing while one does returns that job
   * instead of adding another (a done or dead one does not count).
   */
  singletonKey?: string;
};

/**
 * Where enqueueJob announces a job (NOTIFY, payload: its type), at the commit of the transaction
 * that adds it: idle workers wake at once instead of at their next poll.
 */
export const JOBS_CHANNEL = 'kora_jobs';

const jobColumns = getTableColumns(jobs);
/** A returning column that sends the NOTIFY with the row it returns, so an insert that adds nothing announces nothing. */
const announce = (type: string | typeof jobs.type) => sql`pg_notify(${JOBS_CHANNEL}, ${type})`;

const LAST_ERROR_MAX_CHARS = 2000;

/** `now() + ms` computed by the database, so every process measures leases and delays on one clock. */
const nowPlus = (ms: number) => sql`now() + ${Math.max(0, Math.round(ms))}::integer * interval '1 millisecond'`;

/**
 * Adds a job. Takes the caller's transaction (or database), so a job is enqueued together with the
 * rows it will work on, or not at all. With a singletonKey that a queued or running job holds,
 * returns that job and adds nothing.
 */
export async function enqueueJob(db: Db, type: string, payload: JobPayload, options: EnqueueOptions = {}): Promise<JobRow> {
  const values = {
    type,
    payload,
    ...(options.maxAttempts !== undefined ? { maxAttempts: options.maxAttempts } : {}),
    ...(options.delayMs ? { runAt: nowPlus(options.delayMs) } : {}),
    ...(options.priority !== undefined ? { priority: options.priority } : {}),
    ...(options.singletonKey !== undefined ? { singletonKey: options.singletonKey } : {}),
  };
  const key = options.singletonKey;
  if (key === undefined) {
    const [row] = await db.insert(jobs).values(values).returning({ ...jobColumns, announced: announce(type) });
    return withoutAnnounced(row!);
  }
  // The holder of the key may end between a conflict and the read: then the insert goes through.
  for (let attempt = 1; ; attempt++) {
    const [inserted] = await db.insert(jobs).values(values).onConflictDoNothing().returning({ ...jobColumns, announced: announce(type) });
    if (inserted) return withoutAnnounced(inserted);
    const [holder] = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.singletonKey, key), inArray(jobs.status, ['queued', 'running'])));
    if (holder) return holder;
    if (attempt >= 3) throw new Error(`Could not enqueue the job with singleton key ${key}`);
  }
}

function withoutAnnounced({ announced: _announced, ...row }: JobRow & { announced: unknown }): JobRow {
  return row;
}

/** The jobs that used all their attempts, oldest first, for the operator (jobs-cli.ts). */
export function listDeadJobs(db: Db, { type }: { type?: string } = {}): Promise<JobRow[]> {
  return db
    .select()
    .from(jobs)
    .where(and(eq(jobs.status, 'dead'), type === undefined ? undefined : eq(jobs.type, type)))
    .orderBy(asc(jobs.updatedAt), asc(jobs.id));
}

export type RetryOutcome = { retried: true; job: JobRow } | { retried: false; reason: 'not-dead' | 'key-taken'; job: JobRow };

/**
 * Queues a dead job again as if new: attempts back to 0, due now, progress and result cleared (its
 * last error is kept until an attempt succeeds). A dead job whose singleton key another queued or
 * running job holds stays dead: that one does the work. Undefined for an unknown id.
 */
export async function retryDeadJob(db: Db, id: number): Promise<RetryOutcome | undefined> {
  let retried: JobRow[];
  try {
    retried = (
      await db
        .update(jobs)
        .set({ status: 'queued', attempts: 0, runAt: sql`now()`, progress: 0, result: null, lockedBy: null, leaseExpiresAt: null, updatedAt: sql`now()` })
        .where(and(eq(jobs.id, id), eq(jobs.status, 'dead')))
        .returning({ ...jobColumns, announced: announce(jobs.type) })
    ).map(withoutAnnounced);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    retried = [];
  }
  if (retried[0]) return { retried: true, job: retried[0] };
  const [job] = await db.select().from(jobs).where(eq(jobs.id, id));
  if (!job) return undefined;
  return { retried: false, reason: job.status === 'dead' ? 'key-taken' : 'not-dead', job };
}

function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
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

export type FailOutcome = 'retry' | 'dead' | 'lost';

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
     * Marks dead the jobs of these types whose last attempt's lease ran out: their process died on
     * the last attempt, and taking them again could crash the next one the same way.
     */
    async failAbandoned(types: readonly string[]): Promise<JobRow[]> {
      if (types.length === 0) return [];
      return db
        .update(jobs)
        .set({
          status: 'dead',
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

    /** Queues the job again after a delay, or marks it dead once it has had all its attempts. */
    async fail(job: ClaimedJob, error: unknown): Promise<FailOutcome> {
      const lastError = describeError(error);
      const final = job.attempts >= job.maxAttempts;
      const rows = await db
        .update(jobs)
        .set({
          status: final ? 'dead' : 'queued',
          lastError,
          lockedBy: null,
          leaseExpiresAt: null,
          updatedAt: sql`now()`,
          ...(final ? {} : { runAt: nowPlus(retryDelayMs(job.attempts)) }),
        })
        .where(held(job))
        .returning({ id: jobs.id });
      if (rows.length === 0) return 'lost';
      return final ? 'dead' : 'retry';
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
