import { inArray } from 'drizzle-orm';
import { jobs } from '../../src/db/schema.js';
import { createSendMailHandler, SEND_MAIL_JOB } from '../../src/jobs/handlers/send-mail.js';
import { createJobQueue } from '../../src/jobs/queue.js';
import { createWorker } from '../../src/jobs/worker.js';
import type { TestApp } from '../helpers/test-app.js';
import { silentLog, waitFor } from '../jobs/job-helpers.js';

export const MAIL_FROM = { address: 'no-reply@kora.example', name: 'Kora' };

export async function mailJobs(t: TestApp, ids: number[]) {
  return t.database.db.select().from(jobs).where(inArray(jobs.id, ids));
}

/**
 * Runs the server's worker for e-mail jobs, sending through the app's mailer as a running server
 * does, until `done` holds for the given jobs.
 */
export async function runMailJobs(
  t: TestApp,
  ids: number[],
  {
    until = (rows) => rows.every((row) => row.status === 'done' || row.status === 'dead'),
    retryDelayMs,
  }: { until?: (rows: Awaited<ReturnType<typeof mailJobs>>) => boolean; retryDelayMs?: (attempts: number) => number } = {},
) {
  const db = t.database.db;
  const worker = createWorker({
    queue: createJobQueue(db, { workerId: 'mail-test', leaseMs: 30_000, ...(retryDelayMs ? { retryDelayMs } : {}) }),
    handlers: { [SEND_MAIL_JOB]: createSendMailHandler({ db, mailer: t.app.mailer }) },
    concurrency: 1,
    pollIntervalMs: 20,
    log: silentLog,
  });
  worker.start();
  try {
    return await waitFor(
      async () => {
        const rows = await mailJobs(t, ids);
        return rows.length === ids.length && until(rows) ? rows : undefined;
      },
      { what: 'the e-mail jobs' },
    );
  } finally {
    await worker.stop(1_000);
  }
}
