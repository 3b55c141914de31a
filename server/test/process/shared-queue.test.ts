import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/db/client.js';
import { jobs } from '../../src/db/schema.js';
import { enqueueJob } from '../../src/jobs/queue.js';
import { createScratchPostgres } from '../helpers/test-database.js';
import { queryRows } from '../helpers/query-rows.js';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const JOB_COUNT = 1_000;
const WORKERS = ['worker-a', 'worker-b', 'worker-c'];

type WorkerProcess = { child: ChildProcess; output: () => string; exited: Promise<number | null>; ready: Promise<void> };

/** test/helpers/queue-worker-main.ts as its own process: its own pool, its own LISTEN connection. */
function spawnWorker(DATABASE_URL: string, WORKER_ID: string): WorkerProcess {
  const child = spawn(process.execPath, ['--conditions=kora-source', '--import', 'tsx', 'test/helpers/queue-worker-main.ts'], {
    cwd: serverRoot,
    env: { ...process.env, DATABASE_URL, WORKER_ID },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      if (output.includes('ready')) resolve();
    });
    child.once('exit', () => reject(new Error(`${WORKER_ID} exited before it was ready:\n${output}`)));
  });
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited, ready };
}

describe.runIf(process.env.TEST_DATABASE_URL)('several worker processes on one PostgreSQL queue', () => {
  it(`run each of ${JOB_COUNT} jobs exactly once between three processes`, async () => {
    const scratch = await createScratchPostgres('kora_queue');
    const DATABASE_URL = scratch.url;
    const database = await openPostgres(DATABASE_URL, { max: 10 });
    const workers: WorkerProcess[] = [];
    try {
      const { db } = database;
      // No unique key: a job run twice shows as two rows.
      await db.execute(sql`create table test_job_runs (job_id bigint not null, worker text not null)`);
      workers.push(...WORKERS.map((id) => spawnWorker(DATABASE_URL, id)));
      await Promise.all(workers.map((worker) => worker.ready));

      // Ten enqueuers at once, as ten requests would: each job announced as it commits.
      await Promise.all(
        Array.from({ length: 10 }, async (_, chunk) => {
          for (let i = 0; i < JOB_COUNT / 10; i++) await enqueueJob(db, 'count', { n: chunk * 100 + i });
        }),
      );
      const deadline = Date.now() + 30_000;
      for (;;) {
        const [row] = await queryRows<{ done: number }>(db, sql`select count(*)::integer as done from ${jobs} where status = 'done'`);
        if (row?.done === JOB_COUNT) break;
        if (Date.now() > deadline) throw new Error(`not every job done in time:\n${workers.map((worker) => worker.output()).join('\n')}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }

      expect(await queryRows(db, sql`select count(*)::integer as runs, count(distinct job_id)::integer as jobs from test_job_runs`)).toEqual([
        { runs: JOB_COUNT, jobs: JOB_COUNT },
      ]);
      const perWorker = await queryRows<{ worker: string; runs: number }>(
        db,
        sql`select worker, count(*)::integer as runs from test_job_runs group by worker order by worker`,
      );
      // Each process took a share: they really shared the queue.
      expect(perWorker.map((row) => row.worker)).toEqual(WORKERS);
      expect(perWorker.every((row) => row.runs > 0)).toBe(true);
      expect(await queryRows(db, sql`select status, attempts, count(*)::integer as jobs from ${jobs} group by status, attempts`)).toEqual([
        { status: 'done', attempts: 1, jobs: JOB_COUNT },
      ]);

      for (const worker of workers) worker.child.kill('SIGTERM');
      expect(await Promise.all(workers.map((worker) => worker.exited))).toEqual([0, 0, 0]);
    } finally {
      for (const worker of workers) if (worker.child.exitCode === null) worker.child.kill('SIGKILL');
      await database.close();
      await scratch.drop();
    }
  });
});
