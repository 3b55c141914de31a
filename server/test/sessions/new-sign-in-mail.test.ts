import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs } from '../../src/db/schema.js';
import { en } from '../../src/features/mail/templates/strings-en.js';
import { SEND_MAIL_JOB } from '../../src/jobs/handlers/send-mail.js';
import { type SmtpStandin, startSmtpStandin } from '../helpers/smtp-standin.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { MAIL_FROM, runMailJobs } from '../mail/mail-helpers.js';
import { CHROME_ANDROID, logIn, SAFARI_IPHONE, signUpOn } from './session-helpers.js';

let standin: SmtpStandin;
let t: TestApp;

beforeAll(async () => {
  standin = await startSmtpStandin();
  t = await createTestApp({
    mail: { smtpUrl: standin.url, from: MAIL_FROM, devMailPage: false },
    linkOrigin: 'https://kora.example',
  });
});
afterAll(async () => {
  await t?.close();
  await standin?.close();
});
beforeEach(() => {
  standin.arrived.length = 0;
});

/** The ids of every "New sign-in" queued so far (a sign-up's address confirmation is another e-mail). */
async function queuedMails(): Promise<number[]> {
  const rows = await t.database.db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.type, SEND_MAIL_JOB), sql`${jobs.payload}->>'subject' = ${en.newSignIn.subject}`));
  return rows.map((row) => row.id);
}

/** The "New sign-in" e-mails queued while `work` ran. */
async function mailsQueuedBy(work: () => Promise<unknown>): Promise<number[]> {
  const before = new Set(await queuedMails());
  await work();
  return (await queuedMails()).filter((id) => !before.has(id));
}

describe('"New sign-in" e-mail', () => {
  it('goes out once when the account signs in from a browser it has not used, and not for a known one', async () => {
    let listener: Awaited<ReturnType<typeof signUpOn>> | undefined;
    // Signing up makes the browser known; it is no new sign-in.
    expect(await mailsQueuedBy(async () => (listener = await signUpOn(t.app, CHROME_ANDROID)))).toEqual([]);
    const { credentials, device: phone } = listener!;

    // Signing out and in again on the same phone: its device cookie names a known browser.
    expect(await mailsQueuedBy(() => logIn(t.app, credentials, { userAgent: CHROME_ANDROID, device: phone }))).toEqual([]);

    let iphone = '';
    const queued = await mailsQueuedBy(async () => {
      iphone = (await logIn(t.app, credentials, { userAgent: SAFARI_IPHONE, remoteAddress: '102.89.1.2' })).device;
    });
    expect(queued).toHaveLength(1);
    await runMailJobs(t, queued);

    // The worker sends the sign-up's address confirmation too.
    const arrived = standin.arrived.filter((mail) => mail.message.subject === en.newSignIn.subject);
    expect(arrived).toHaveLength(1);
    const [{ envelope, message }] = arrived as [(typeof arrived)[number]];
    expect(envelope.to).toEqual([credentials.email]);
    expect(message.text).toContain('Hi Adaeze,');
    expect(message.text).toContain('Safari on iOS');
    expect(message.text).toContain('102.89.1.2');
    // The way to the list of devices, from the server's own address, never the request's Host.
    expect(message.text).toContain('https://kora.example/?settings=devices');

    // That iPhone is known from now on.
    expect(await mailsQueuedBy(() => logIn(t.app, credentials, { userAgent: SAFARI_IPHONE, device: iphone }))).toEqual([]);
  });

  it("takes a browser known to another account as new to this one", async () => {
    const first = await signUpOn(t.app, CHROME_ANDROID);
    const second = await signUpOn(t.app, CHROME_ANDROID);
    // The second listener signs in on the first one's phone.
    const queued = await mailsQueuedBy(() => logIn(t.app, second.credentials, { userAgent: CHROME_ANDROID, device: first.device }));
    expect(queued).toHaveLength(1);
  });

  it('is not sent for a wrong password', async () => {
    const listener = await signUpOn(t.app, CHROME_ANDROID);
    const queued = await mailsQueuedBy(() =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: listener.credentials.email, password: 'not the password' } }),
    );
    expect(queued).toEqual([]);
  });
});
