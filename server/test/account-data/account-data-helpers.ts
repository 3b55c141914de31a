import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { jobs } from '../../src/db/schema.js';
import { createAccountPurge } from '../../src/features/account-data/account-purge.js';
import { createDeletionQueries } from '../../src/features/account-data/deletion-queries.js';
import { createExportQueries } from '../../src/features/account-data/export-queries.js';
import { createExportService } from '../../src/features/account-data/export-service.js';
import { createDataExportHandler, DATA_EXPORT_JOB } from '../../src/jobs/handlers/data-export.js';
import { createSendMailHandler, SEND_MAIL_JOB } from '../../src/jobs/handlers/send-mail.js';
import { createJobQueue } from '../../src/jobs/queue.js';
import { createWorker } from '../../src/jobs/worker.js';
import type { SignedInUser } from '../helpers/factories.js';
import type { SmtpStandin } from '../helpers/smtp-standin.js';
import type { TestApp } from '../helpers/test-app.js';
import { silentLog, waitFor } from '../jobs/job-helpers.js';

/** Runs the server's worker for data exports and e-mails until every such job is finished. */
export async function runExportAndMailJobs(t: TestApp): Promise<void> {
  const db = t.database.db;
  const exports = createExportService({ db, queries: createExportQueries(db), storage: t.storage, linkOrigin: t.config.linkOrigin });
  const worker = createWorker({
    queue: createJobQueue(db, { workerId: 'account-data-test', leaseMs: 30_000 }),
    handlers: { [DATA_EXPORT_JOB]: createDataExportHandler({ exports }), [SEND_MAIL_JOB]: createSendMailHandler({ db, mailer: t.app.mailer }) },
    concurrency: 1,
    pollIntervalMs: 20,
    log: silentLog,
  });
  worker.start();
  try {
    await waitFor(
      async () => {
        const open = await db
          .select({ id: jobs.id })
          .from(jobs)
          .where(and(inArray(jobs.type, [DATA_EXPORT_JOB, SEND_MAIL_JOB]), inArray(jobs.status, ['queued', 'running'])));
        return open.length === 0;
      },
      { what: 'the export and e-mail jobs' },
    );
  } finally {
    await worker.stop(1_000);
  }
}

/** The purge as the 'purge-account' job runs it, on a clock `aheadMs` ahead of now. */
export function purgeAt(t: TestApp, aheadMs: number) {
  const db = t.database.db;
  return createAccountPurge({ db, queries: createDeletionQueries(db), storage: t.storage, now: () => new Date(Date.now() + aheadMs) });
}

export async function latestJob(t: TestApp, type: string) {
  const [row] = await t.database.db.select().from(jobs).where(eq(jobs.type, type)).orderBy(desc(jobs.id)).limit(1);
  return row;
}

/** The token of the newest export link e-mailed to this address. */
export function exportTokenFor(standin: SmtpStandin, address: string): string {
  const mail = standin.arrived.filter((m) => m.envelope.to.includes(address) && (m.message.subject ?? '').includes('ready to download')).at(-1);
  const match = /\/account\/export#token=([A-Za-z0-9_-]+)/.exec(mail?.message.text ?? '');
  if (!match) throw new Error(`no export link e-mailed to ${address}`);
  return match[1]!;
}

export function requestExport(app: FastifyInstance, user: SignedInUser, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: '/api/account/data-export', headers: { cookie: user.cookie, ...headers } });
}

export function exportState(app: FastifyInstance, user: SignedInUser) {
  return app.inject({ method: 'GET', url: '/api/account/data-export', headers: { cookie: user.cookie } });
}

export function download(app: FastifyInstance, user: SignedInUser, token: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: '/api/account/data-export/download', headers: { cookie: user.cookie, ...headers }, payload: { token } });
}

export function deleteAccount(app: FastifyInstance, user: SignedInUser, body: { password?: string; code?: string } = {}, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/account/delete',
    headers: { cookie: user.cookie, ...headers },
    payload: { password: user.credentials.password, ...body },
  });
}

export function signIn(app: FastifyInstance, user: SignedInUser) {
  return app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.credentials.email, password: user.credentials.password } });
}
