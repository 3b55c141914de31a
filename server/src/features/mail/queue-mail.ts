import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { type MailPayload, SEND_MAIL_ATTEMPTS, SEND_MAIL_JOB } from '../../jobs/handlers/send-mail.js';
import { enqueueJob, JOB_PRIORITY } from '../../jobs/queue.js';
import { checkRecipient, type MailAddress, oneLine } from './mail-address.js';
import type { MailContent } from './templates/layout.js';

/**
 * Queues one e-mail as a durable job, sent by whichever server runs jobs (retried while the SMTP
 * server cannot take it). Takes the caller's transaction, so an e-mail is queued with the change
 * it tells of (a reset token, an address change) or not at all; a request never waits on SMTP.
 *
 *   await queueMail(tx, { address: user.email, name: user.firstName }, passwordResetMail({ … }));
 */
export async function queueMail(db: Db, to: MailAddress, content: MailContent): Promise<number> {
  const payload: MailPayload = { id: randomUUID(), to: checkRecipient(to), subject: oneLine(content.subject), text: content.text, html: content.html };
  const job = await enqueueJob(db, SEND_MAIL_JOB, payload, { maxAttempts: SEND_MAIL_ATTEMPTS, priority: JOB_PRIORITY.mail });
  return job.id;
}
