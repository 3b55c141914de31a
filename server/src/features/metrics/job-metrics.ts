import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Db } from '../../db/client.js';
import { jobs } from '../../db/schema.js';

type JobGroup = { type: string; status: string; count: number; oldestDueSeconds: number | null };

/** The jobs table by type and status, with how long the longest-waiting due job of each group has waited. */
function readJobGroups(db: Db): Promise<JobGroup[]> {
  return db
    .select({
      type: jobs.type,
      status: sql<string>`${jobs.status}`,
      count: sql<number>`count(*)::int`,
      // Waiting since it could first run (run_at), so a job delayed for a retry is not counted as late.
      oldestDueSeconds: sql<number | null>`extract(epoch from now() - min(${jobs.runAt}) filter (where ${jobs.runAt} <= now()))::float8`,
    })
    .from(jobs)
    .groupBy(jobs.type, jobs.status);
}

/**
 * The queue as the database holds it, read at scrape time, so every process sharing a database
 * reports the same figures (aggregate with max, not sum). Types and statuses are whatever the table
 * holds; one seen before and now absent reads 0, so a drained queue shows as 0, not as no data.
 */
export function registerJobMetrics(registry: Registry, db: Db, log: FastifyBaseLogger): void {
  const types = new Set<string>();
  const statuses = new Set<string>();
  // prom-client collects every metric of a scrape at once: the three below share one query.
  let reading: Promise<JobGroup[] | undefined> | undefined;
  const groups = () =>
    (reading ??= readJobGroups(db)
      .then((rows) => {
        for (const row of rows) {
          types.add(row.type);
          statuses.add(row.status);
        }
        return rows;
      })
      .catch((error: unknown) => {
        // The rest of the scrape still answers; these series are left out rather than shown as 0.
        log.warn({ err: error }, 'metrics: could not read the jobs table');
        return undefined;
      })
      .finally(() => {
        reading = undefined;
      }));
  const countOf = (rows: JobGroup[], type: string, status: string) => rows.find((row) => row.type === type && row.status === status)?.count ?? 0;

  new Gauge({
    name: 'kora_jobs',
    help: 'Jobs in the jobs table, by type and status.',
    labelNames: ['type', 'status'] as const,
    registers: [registry],
    async collect() {
      const rows = await groups();
      this.reset();
      if (!rows) return;
      for (const type of types) for (const status of statuses) this.set({ type, status }, countOf(rows, type, status));
    },
  });
  new Gauge({
    name: 'kora_job_oldest_queued_age_seconds',
    help: 'How long the longest-waiting queued job of each type has been due to run (0 when none waits).',
    labelNames: ['type'] as const,
    registers: [registry],
    async collect() {
      const rows = await groups();
      this.reset();
      if (!rows) return;
      for (const type of types) {
        const queued = rows.find((row) => row.type === type && row.status === 'queued');
        this.set({ type }, queued?.oldestDueSeconds ?? 0);
      }
    },
  });
  // A job that used all its attempts is 'dead' until an operator retries it (jobs/operator.ts).
  new Counter({
    name: 'kora_jobs_failed_total',
    help: 'Jobs whose every attempt failed (status dead in the jobs table), by type.',
    labelNames: ['type'] as const,
    registers: [registry],
    async collect() {
      const rows = await groups();
      this.reset();
      if (!rows) return;
      for (const type of types) this.inc({ type }, countOf(rows, type, 'dead'));
    },
  });
}
