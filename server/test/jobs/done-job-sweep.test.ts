import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../src/db/schema.js';
import { DONE_JOB_RETENTION_DAYS, pruneDoneJobs } from '../../src/jobs/done-job-sweep.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const DAY_MS = 24 * 60 * 60_000;
const TYPE = 'prune-test';

/** `count` jobs of the test's type, in this state, last changed `daysAgo` days ago. */
async function insertJobs(count: number, status: 'queued' | 'running' | 'done' | 'dead', daysAgo: number): Promise<number[]> {
  const updatedAt = new Date(Date.now() - daysAgo * DAY_MS);
  const rows = await t.database.db
    .insert(jobs)
    .values(Array.from({ length: count }, () => ({ type: TYPE, status, updatedAt, runAt: updatedAt })))
    .returning({ id: jobs.id });
  return rows.map((row) => row.id);
}

async function remaining(ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await t.database.db.select({ id: jobs.id }).from(jobs).where(inArray(jobs.id, ids));
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

describe('pruneDoneJobs', () => {
  it(`removes the jobs done more than ${DONE_JOB_RETENTION_DAYS} days ago, and only those`, async () => {
    const oldDone = await insertJobs(3, 'done', DONE_JOB_RETENTION_DAYS + 1);
    const recentDone = await insertJobs(2, 'done', DONE_JOB_RETENTION_DAYS - 1);
    const oldDead = await insertJobs(2, 'dead', 60);
    const oldQueued = await insertJobs(1, 'queued', 60);
    const oldRunning = await insertJobs(1, 'running', 60);

    expect(await pruneDoneJobs(t.database.db)).toEqual({ deleted: 3 });
    expect(await remaining(oldDone)).toEqual([]);
    // Recent results stay readable; failures stay for the operator; work in flight is never touched.
    for (const kept of [recentDone, oldDead, oldQueued, oldRunning]) expect(await remaining(kept)).toEqual(kept);
    expect(await pruneDoneJobs(t.database.db)).toEqual({ deleted: 0 });
  });

  it('removes a long backlog in batches, in one sweep', async () => {
    await insertJobs(2_345, 'done', 30);
    expect(await pruneDoneJobs(t.database.db)).toEqual({ deleted: 2_345 });
    const [row] = await t.database.db
      .select({ left: sql<number>`count(*)::int` })
      .from(jobs)
      .where(sql`${jobs.type} = ${TYPE} and ${jobs.status} = 'done' and ${jobs.updatedAt} < now() - interval '7 days'`);
    expect(row?.left).toBe(0);
  });

  it('measures the retention from the time given', async () => {
    const done = await insertJobs(1, 'done', 1);
    const queued = await insertJobs(1, 'queued', 1);
    await pruneDoneJobs(t.database.db, { now: new Date(Date.now() + (DONE_JOB_RETENTION_DAYS - 2) * DAY_MS) });
    expect(await remaining(done)).toEqual(done);
    await pruneDoneJobs(t.database.db, { now: new Date(Date.now() + DONE_JOB_RETENTION_DAYS * DAY_MS) });
    expect(await remaining(done)).toEqual([]);
    expect(await remaining(queued)).toEqual(queued);
  });

  it('stops when aborted', async () => {
    const done = await insertJobs(1, 'done', 30);
    const abort = new AbortController();
    abort.abort();
    await expect(pruneDoneJobs(t.database.db, { signal: abort.signal })).rejects.toThrow();
    expect(await remaining(done)).toEqual(done);
    await pruneDoneJobs(t.database.db);
  });
});
