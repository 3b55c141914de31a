import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs } from '../../src/db/schema.js';
import { queueMail } from '../../src/features/mail/queue-mail.js';
import { passwordResetMail } from '../../src/features/mail/templates/account-mails.js';
import { createSendMailHandler, SEND_MAIL_ATTEMPTS, SEND_MAIL_JOB, stripDeadMailBodies } from '../../src/jobs/handlers/send-mail.js';
import { createJobQueue } from '../../src/jobs/queue.js';
import { type SmtpStandin, STANDIN_USER, startSmtpStandin } from '../helpers/smtp-standin.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { expireLease, findJob, silentLog } from '../jobs/job-helpers.js';
import { MAIL_FROM, mailJobs, runMailJobs } from './mail-helpers.js';

let standin: SmtpStandin;
let t: TestApp;

beforeAll(async () => {
  standin = await startSmtpStandin();
  t = await createTestApp({ mail: { smtpUrl: standin.url, from: MAIL_FROM, devMailPage: false } });
});
afterAll(async () => {
  await t?.close();
  await standin?.close();
});
beforeEach(() => {
  standin.arrived.length = 0;
});

const resetMail = (token: string) => passwordResetMail({ name: 'Ada', resetUrl: `https://kora.example/reset?token=${token}`, validMinutes: 60 });
const headerBlock = (raw: string) => raw.split('\r\n\r\n', 1)[0]!;

describe('a queued e-mail', () => {
  it('is sent through SMTP with its sender, recipient, subject, text and HTML, and its links are not kept', async () => {
    const content = resetMail('first-token');
    const jobId = await queueMail(t.database.db, { address: 'ada@example.com', name: 'Ada Obi' }, content);
    const [job] = await runMailJobs(t, [jobId]);

    expect(standin.arrived).toHaveLength(1);
    const [{ envelope, user, message }] = standin.arrived as [(typeof standin.arrived)[number]];
    expect(envelope).toEqual({ from: 'no-reply@kora.example', to: ['ada@example.com'] });
    // Signed in with the user and password of SMTP_URL.
    expect(user).toBe(STANDIN_USER);
    expect(message.from?.value).toEqual([{ address: 'no-reply@kora.example', name: 'Kora' }]);
    expect(message.to).toMatchObject({ value: [{ address: 'ada@example.com', name: 'Ada Obi' }] });
    expect(message.subject).toBe('Reset your Kora password');
    expect(message.text?.trim()).toBe(content.text.trim());
    expect(message.text).toContain('https://kora.example/reset?token=first-token');
    expect(message.html).toBe(content.html);
    expect(message.messageId).toMatch(/^<[0-9a-f-]{36}@kora\.example>$/);

    expect(job).toMatchObject({ status: 'done', attempts: 1, maxAttempts: SEND_MAIL_ATTEMPTS, result: { messageId: message.messageId } });
    // The job keeps who it went to, never the bodies with their reset link.
    expect(job!.payload).toEqual({
      id: expect.any(String),
      to: { address: 'ada@example.com', name: 'Ada Obi' },
      subject: 'Reset your Kora password',
      messageId: message.messageId,
      sentAt: expect.any(String),
    });
    expect(JSON.stringify(job)).not.toContain('first-token');
  });

  it('cannot add headers or recipients through a display name or a subject', async () => {
    const name = 'Ada\r\nBcc: evil@example.com\r\nX-Evil: 1 "quoted" <evil@example.com>';
    const content = { ...resetMail('t'), subject: 'Hello\r\nBcc: evil@example.com' };
    const jobId = await queueMail(t.database.db, { address: 'ada@example.com', name }, content);
    await runMailJobs(t, [jobId]);

    const [{ envelope, message, raw }] = standin.arrived as [(typeof standin.arrived)[number]];
    expect(envelope.to).toEqual(['ada@example.com']);
    expect(headerBlock(raw)).not.toMatch(/^(bcc|x-evil):/im);
    expect(message.headers.has('bcc')).toBe(false);
    expect(message.headers.has('x-evil')).toBe(false);
    expect(message.to).toMatchObject({ value: [{ address: 'ada@example.com', name: 'Ada Bcc: evil@example.com X-Evil: 1 quoted evil@example.com' }] });
    expect(message.subject).toBe('Hello Bcc: evil@example.com');
  });

  it('names a listener in any script', async () => {
    const jobId = await queueMail(t.database.db, { address: 'olamide@example.ng', name: 'Ọlámidé Àdúrà' }, resetMail('t'));
    await runMailJobs(t, [jobId]);
    expect(standin.arrived[0]!.message.to).toMatchObject({ value: [{ address: 'olamide@example.ng', name: 'Ọlámidé Àdúrà' }] });
  });

  it('is refused before it is queued when its address is not one normalized address', async () => {
    const before = await t.database.db.$count(jobs, eq(jobs.type, SEND_MAIL_JOB));
    for (const address of ['Ada@Example.com', 'ada@example.com, evil@example.com', 'ada@example.com\r\nBcc: evil@example.com']) {
      await expect(queueMail(t.database.db, { address }, resetMail('t')), address).rejects.toThrow('An e-mail can go only to a valid address');
    }
    expect(await t.database.db.$count(jobs, eq(jobs.type, SEND_MAIL_JOB))).toBe(before);
  });
});

describe('when the SMTP server cannot take it', () => {
  it('is tried again with the queue’s backoff while the server defers it, and sent once', async () => {
    standin.refuseNext(1, { at: 'rcpt', code: 450, message: 'Mailbox busy, try again later' });
    standin.refuseNext(1, { at: 'data', code: 451, message: 'Local error, try again later' });
    const jobId = await queueMail(t.database.db, { address: 'ada@example.com' }, resetMail('retried'));

    for (const [attempt, code] of [
      [1, '450'],
      [2, '451'],
    ] as const) {
      const [deferred] = await runMailJobs(t, [jobId], { until: ([row]) => row!.status === 'queued' && row!.attempts === attempt });
      expect(deferred!.lastError).toContain(code);
      expect(standin.arrived).toHaveLength(0);
      if (attempt === 1) {
        // The queue's first retry delay: 10 s after the failed attempt.
        const delayMs = deferred!.runAt.getTime() - deferred!.updatedAt.getTime();
        expect(delayMs).toBeGreaterThanOrEqual(9_000);
        expect(delayMs).toBeLessThanOrEqual(11_000);
      }
      // Skip the wait.
      await t.database.db.update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.id, jobId));
    }

    const [job] = await runMailJobs(t, [jobId]);
    expect(job).toMatchObject({ status: 'done', attempts: 3 });
    expect(standin.arrived).toHaveLength(1);
    expect(standin.arrived[0]!.message.text).toContain('token=retried');
  });

  it('ends without retries when the server refuses the recipient for good', async () => {
    standin.refuseNext(1, { at: 'rcpt', code: 550, message: 'No such user here' });
    const jobId = await queueMail(t.database.db, { address: 'nobody@example.com' }, resetMail('refused'));
    const [job] = await runMailJobs(t, [jobId]);
    expect(job).toMatchObject({ status: 'done', attempts: 1, result: { refused: expect.stringContaining('550 No such user here') } });
    expect(job!.payload).not.toHaveProperty('text');
    expect(job!.payload).not.toHaveProperty('html');
    expect(standin.arrived).toHaveLength(0);
  });

  it('fails after its last attempt, keeping no bodies', async () => {
    standin.refuseNext(SEND_MAIL_ATTEMPTS, { at: 'mail', code: 451, message: 'Try again later' });
    const jobId = await queueMail(t.database.db, { address: 'ada@example.com' }, resetMail('given-up'));
    // The bodies go just after the job is marked dead (the handler's onGiveUp): waited for, not raced.
    const settled = (rows: { status: string; payload: unknown }[]) => rows.every((row) => row.status === 'dead' && !('text' in (row.payload as object)));
    const [job] = await runMailJobs(t, [jobId], { retryDelayMs: () => 0, until: settled });
    expect(job).toMatchObject({ status: 'dead', attempts: SEND_MAIL_ATTEMPTS, lastError: expect.stringContaining('451') });
    expect(job!.payload).toEqual({ id: expect.any(String), to: { address: 'ada@example.com' }, subject: 'Reset your Kora password' });
    expect(standin.arrived).toHaveLength(0);
  });
});

describe('a send that a crash interrupted', () => {
  it('loses its bodies in the jobs upkeep when its process died between marking it dead and removing them', async () => {
    const db = t.database.db;
    const dead = await queueMail(db, { address: 'ada@example.com' }, resetMail('left-behind'));
    const waiting = await queueMail(db, { address: 'obi@example.com' }, resetMail('still-to-send'));
    // What the queue leaves when the process ends right after marking the job dead: onGiveUp never ran.
    await db.update(jobs).set({ status: 'dead', attempts: SEND_MAIL_ATTEMPTS, lastError: '451 Try again later' }).where(eq(jobs.id, dead));
    const [other] = await db.insert(jobs).values({ type: 'data-export', status: 'dead', payload: { text: 'not an e-mail' } }).returning();

    expect(await stripDeadMailBodies(db)).toEqual({ mailBodiesRemoved: 1 });
    expect((await findJob(db, dead)).payload).toEqual({ id: expect.any(String), to: { address: 'ada@example.com' }, subject: 'Reset your Kora password' });
    expect(JSON.stringify(await findJob(db, dead))).not.toContain('left-behind');
    // A waiting e-mail keeps what it will send.
    expect(JSON.stringify((await findJob(db, waiting)).payload)).toContain('still-to-send');
    expect((await findJob(db, other!.id)).payload).toEqual({ text: 'not an e-mail' });
    expect(await stripDeadMailBodies(db)).toEqual({ mailBodiesRemoved: 0 });
    await db.delete(jobs).where(inArray(jobs.id, [waiting, other!.id]));
  });

  it('is not sent again when the job is taken again after the server accepted it', async () => {
    const db = t.database.db;
    const jobId = await queueMail(db, { address: 'ada@example.com' }, resetMail('once'));
    const job = await createJobQueue(db, { workerId: 'crashing', leaseMs: 30_000 }).claim([SEND_MAIL_JOB]);
    expect(job?.id).toBe(jobId);
    const handler = createSendMailHandler({ db, mailer: t.app.mailer });
    await handler.run(job!.payload, { job: job!, signal: new AbortController().signal, progress: async () => {}, log: silentLog });
    // The process dies here, before marking the job done: its lease runs out and another worker takes it.
    expect(standin.arrived).toHaveLength(1);
    expect((await findJob(db, jobId)).status).toBe('running');
    await expireLease(db, jobId);

    const [again] = await runMailJobs(t, [jobId]);
    expect(again).toMatchObject({ status: 'done', attempts: 2, result: { alreadySettled: true, messageId: standin.arrived[0]!.message.messageId } });
    expect(standin.arrived).toHaveLength(1);
    expect(await mailJobs(t, [jobId])).toHaveLength(1);
  });
});
