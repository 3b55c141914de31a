import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { jobs } from '../../db/schema.js';
import { oneLine, recipientSchema } from '../../features/mail/mail-address.js';
import { type Mailer, MailRefused } from '../../features/mail/mailer.js';
import type { ClaimedJob, JobRow } from '../queue.js';
import type { JobHandler } from '../worker.js';

/** Payload: one e-mail, queued by features/mail/queue-mail.ts. */
export const SEND_MAIL_JOB = 'send-mail';

/**
 * An SMTP server that is down or deferring (a 4xx, greylisting) is tried again with the queue's
 * backoff: 10 s, 40 s, 160 s, then every 10 minutes, about 45 minutes in all, beyond which the
 * links most e-mails carry have expired anyway.
 */
export const SEND_MAIL_ATTEMPTS = 8;

const headerText = z.string().refine((text) => text === oneLine(text), 'not one line');

/** What waits to be sent. */
export const mailPayloadSchema = z.object({
  id: z.uuid(),
  to: recipientSchema,
  subject: headerText,
  text: z.string(),
  html: z.string(),
});
export type MailPayload = z.infer<typeof mailPayloadSchema>;

/** What is left once the e-mail is gone: who it went to, never its links. */
const settledPayloadSchema = z.object({
  id: z.uuid(),
  to: recipientSchema,
  subject: z.string(),
  messageId: z.string().optional(),
  sentAt: z.string().optional(),
  refused: z.string().optional(),
});
type SettledPayload = z.infer<typeof settledPayloadSchema>;

/**
 * 'send-mail': sends one e-mail through the app's mailer. Once the server has taken it, the job's
 * payload is replaced by a record without the bodies, in the same claim: a later attempt of the
 * same job (its process died before the job was marked done) finds that and sends nothing again,
 * and the links in the bodies (reset and confirmation tokens) are not kept in the jobs table.
 * A recipient the server refuses for good ends the job without retries; anything else is retried.
 */
export function createSendMailHandler({ db, mailer }: { db: Db; mailer: Mailer }): JobHandler {
  return {
    async run(payload, { job, signal, log }) {
      const settled = settledPayloadSchema.safeParse(payload);
      if (settled.success && (settled.data.sentAt || settled.data.refused)) return { ...settled.data, alreadySettled: true };
      const mail = mailPayloadSchema.parse(payload);
      try {
        const { messageId } = await mailer.send(mail, signal);
        const record = { id: mail.id, to: mail.to, subject: mail.subject, messageId, sentAt: new Date().toISOString() };
        await settle(db, job, record);
        return record;
      } catch (error) {
        if (!(error instanceof MailRefused)) throw error;
        log.warn({ jobId: job.id, to: mail.to.address, response: error.message }, 'The SMTP server refused an e-mail’s recipient');
        const record = { id: mail.id, to: mail.to, subject: mail.subject, refused: error.message };
        await settle(db, job, record);
        return record;
      }
    },

    async onGiveUp(job: JobRow) {
      await stripDeadMailBodies(db, job.id);
    },
  };
}

/**
 * Removes the bodies of dead e-mail jobs, keeping who each was for and its subject: one job's as it
 * gives up, and every job's in the jobs table's upkeep (done-job-sweep.ts, at start and hourly), for
 * a process that ended between marking a job dead and onGiveUp.
 */
export async function stripDeadMailBodies(db: Db, jobId?: number): Promise<{ mailBodiesRemoved: number }> {
  const rows = await db
    .update(jobs)
    .set({ payload: sql`jsonb_build_object('id', ${jobs.payload} -> 'id', 'to', ${jobs.payload} -> 'to', 'subject', ${jobs.payload} -> 'subject')` })
    .where(
      and(
        eq(jobs.type, SEND_MAIL_JOB),
        eq(jobs.status, 'dead'),
        jobId === undefined ? undefined : eq(jobs.id, jobId),
        sql`(${jobs.payload} -> 'text' is not null or ${jobs.payload} -> 'html' is not null)`,
      ),
    )
    .returning({ id: jobs.id });
  return { mailBodiesRemoved: rows.length };
}

/** Guarded by the claim, as the queue's own writes are: a worker that lost the job changes nothing. */
async function settle(db: Db, job: ClaimedJob, record: SettledPayload): Promise<void> {
  await db
    .update(jobs)
    .set({ payload: record })
    .where(and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.lockedBy, job.lockedBy), eq(jobs.attempts, job.attempts)));
}
