// One worker process for the shared-queue test (test/process/shared-queue.test.ts): the real queue
// and worker on PostgreSQL, with a handler that only records each run it makes in test_job_runs.
import { sql } from 'drizzle-orm';
import { openPostgres } from '../../src/db/client.js';
import { createJobQueue, JOBS_CHANNEL } from '../../src/jobs/queue.js';
import { createWorker, type JobLog } from '../../src/jobs/worker.js';

const { DATABASE_URL, WORKER_ID } = process.env;
if (!DATABASE_URL || !WORKER_ID) throw new Error('queue-worker-main needs DATABASE_URL and WORKER_ID');

const database = await openPostgres(DATABASE_URL, { max: 6 });
const report = (details: object, message: string) => console.error(message, JSON.stringify(details));
const log: JobLog = { info: () => {}, warn: report, error: report };
const worker = createWorker({
  queue: createJobQueue(database.db, { workerId: WORKER_ID, leaseMs: 30_000 }),
  handlers: {
    count: {
      async run(_payload, { job }) {
        await database.db.execute(sql`insert into test_job_runs (job_id, worker) values (${job.id}, ${WORKER_ID})`);
      },
    },
  },
  concurrency: 4,
  listen: (onQueued) => database.listen(JOBS_CHANNEL, onQueued),
  log,
});
worker.start();
process.stdout.write('ready\n');

process.once('SIGTERM', () => {
  void worker
    .stop(5_000)
    .then(() => database.close())
    .then(() => process.exit(0));
});
