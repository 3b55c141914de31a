import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { jobs } from '../db/schema.js';
import { stripDeadMailBodies } from './handlers/send-mail.js';
import { type PeriodicSweep, startPeriodicSweep } from './periodic-sweep.js';
import type { JobLog } from './worker.js';

/**
 * How long a finished job stays: as long as the rendition backfill looks back at ended transcodes
 * (rendition-backfill.ts), so removing one never makes a song's transcoding run again sooner.
 */
export const DONE_JOB_RETENTION_DAYS = 7;
/** Rows deleted by one statement: short locks, and a sweep of a long-neglected table still ends. */
const BATCH_SIZE = 1_000;
const SWEEP_INTERVAL_MS = 60 * 60_000;

/**
 * Deletes the jobs that ended done longer ago than the retention, a batch at a time, so the queue's
 * table (and what its readers scan: the metrics, a release's progress) holds what is in flight and
 * what is recent. Dead jobs stay until an operator retries them (jobs-cli.ts); queued and running
 * ones are never touched.
 */
export async function pruneDoneJobs(db: Db, { now = new Date(), signal }: { now?: Date; signal?: AbortSignal } = {}): Promise<{ deleted: number }> {
  const before = new Date(now.getTime() - DONE_JOB_RETENTION_DAYS * 24 * 60 * 60_000);
  let deleted = 0;
  for (;;) {
    signal?.throwIfAborted();
    const batch = await db
      .delete(jobs)
      .where(
        sql`${jobs.id} in (select ${jobs.id} from ${jobs}
          where ${jobs.status} = 'done' and ${jobs.updatedAt} < ${before.toISOString()}
          order by ${jobs.id} limit ${BATCH_SIZE})`,
      )
      .returning({ id: jobs.id });
    deleted += batch.length;
    if (batch.length < BATCH_SIZE) return { deleted };
  }
}

/**
 * The jobs table's upkeep, at start and every hour: old finished jobs go, and so do the bodies of
 * e-mails a dead job still holds (their links are not kept, see send-mail.ts).
 */
export function startDoneJobSweeps({ db, log }: { db: Db; log: JobLog }): PeriodicSweep {
  return startPeriodicSweep({
    sweep: async (signal) => ({ ...(await pruneDoneJobs(db, { signal })), ...(await stripDeadMailBodies(db)) }),
    intervalMs: SWEEP_INTERVAL_MS,
    log,
    onResult: (result) => {
      if (result.deleted > 0 || result.mailBodiesRemoved > 0) log.info(result, 'Finished jobs removed');
    },
    failureMessage: 'Finished job sweep failed',
  });
}
