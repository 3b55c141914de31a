import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { accountTokens, jobs } from '../../src/db/schema.js';
import { createPasswordResetRequestHandler, PASSWORD_RESET_REQUEST_JOB } from '../../src/jobs/handlers/password-reset-request.js';
import { createSendMailHandler, SEND_MAIL_JOB } from '../../src/jobs/handlers/send-mail.js';
import { createJobQueue } from '../../src/jobs/queue.js';
import { createWorker } from '../../src/jobs/worker.js';
import type { Config } from '../../src/config.js';
import type { ArrivedMail, SmtpStandin } from '../helpers/smtp-standin.js';
import { startSmtpStandin } from '../helpers/smtp-standin.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { silentLog, waitFor } from '../jobs/job-helpers.js';
import { MAIL_FROM } from '../mail/mail-helpers.js';

/** The public origin the tests' apps build their links on. */
export const ORIGIN = 'https://kora.example';

export type MailApp = TestApp & { standin: SmtpStandin };

/** An app that sends e-mail (so it confirms addresses) through a fresh SMTP stand-in, with links on ORIGIN. */
export async function createMailApp(overrides: Partial<Config> = {}): Promise<MailApp> {
  const standin = await startSmtpStandin();
  const t = await createTestApp({
    mail: { smtpUrl: standin.url, from: MAIL_FROM, devMailPage: false },
    publicOrigin: ORIGIN,
    linkOrigin: ORIGIN,
    ...overrides,
  });
  return {
    ...t,
    standin,
    async close() {
      await t.close();
      await standin.close();
    },
  };
}

const ACCOUNT_JOBS = [PASSWORD_RESET_REQUEST_JOB, SEND_MAIL_JOB];

/**
 * Runs what a server's worker would (reset requests and e-mails) until none is left waiting, so
 * every e-mail queued so far has reached the stand-in.
 */
export async function runAccountJobs(t: MailApp): Promise<void> {
  const db = t.database.db;
  const worker = createWorker({
    queue: createJobQueue(db, { workerId: 'account-email-test', leaseMs: 30_000 }),
    handlers: {
      [PASSWORD_RESET_REQUEST_JOB]: createPasswordResetRequestHandler({ db, linkOrigin: t.config.linkOrigin }),
      [SEND_MAIL_JOB]: createSendMailHandler({ db, mailer: t.app.mailer }),
    },
    concurrency: 1,
    pollIntervalMs: 20,
    log: silentLog,
  });
  worker.start();
  try {
    await waitFor(
      async () => {
        const rows = await db.select({ status: jobs.status }).from(jobs).where(inArray(jobs.type, ACCOUNT_JOBS));
        return rows.every((row) => row.status === 'done' || row.status === 'dead');
      },
      { what: 'the account e-mail jobs' },
    );
  } finally {
    await worker.stop(1_000);
  }
}

/** The e-mails that reached the stand-in for an address, oldest first. */
export function mailsTo(standin: SmtpStandin, address: string): ArrivedMail[] {
  return standin.arrived.filter((mail) => mail.envelope.to.includes(address));
}

/** The newest e-mail to an address, by its subject. */
export function lastMail(standin: SmtpStandin, address: string, subject: RegExp): ArrivedMail {
  const mail = mailsTo(standin, address).filter((each) => subject.test(each.message.subject ?? '')).at(-1);
  if (!mail) throw new Error(`no e-mail to ${address} matching ${subject}`);
  return mail;
}

/** The link of an app page in an e-mail's text, and its token. */
export function linkIn(mail: ArrivedMail, page: string): { url: string; token: string } {
  const pattern = new RegExp(`(https?://[^\\s]+${page}#token=([A-Za-z0-9_-]+))`);
  const match = pattern.exec(mail.message.text ?? '');
  if (!match) throw new Error(`no ${page} link in: ${mail.message.text}`);
  return { url: match[1]!, token: match[2]! };
}

export function post(app: FastifyInstance, url: string, payload: object, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url, payload, headers });
}

/** Ages a user's links of one purpose past their expiry, as time would. */
export async function expireLinks(t: TestApp, userId: number, purpose: (typeof accountTokens.$inferSelect)['purpose']): Promise<void> {
  await t.database.db
    .update(accountTokens)
    .set({ expiresAt: new Date(Date.now() - 60_000) })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose)));
}
