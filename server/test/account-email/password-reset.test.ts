import {
  LINK_EXPIRED_MESSAGE,
  LINK_FOREIGN_MESSAGE,
  LINK_NOT_VALID_MESSAGE,
  LINK_USED_MESSAGE,
  PASSWORD_RESET_DONE_MESSAGE,
  PASSWORD_RESET_REQUESTED_MESSAGE,
} from '@kora/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountTokens, jobs, sessions, users } from '../../src/db/schema.js';
import { PASSWORD_RESET_REQUEST_JOB } from '../../src/jobs/handlers/password-reset-request.js';
import { type SignedInUser, signUp } from '../helpers/factories.js';
import { enableTwoFactor, login } from '../two-factor/two-factor-helpers.js';
import {
  createMailApp,
  expireLinks,
  lastMail,
  linkIn,
  type MailApp,
  mailsTo,
  ORIGIN,
  post,
  runAccountJobs,
} from './account-email-helpers.js';

let t: MailApp;
beforeAll(async () => {
  t = await createMailApp();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  t.standin.arrived.length = 0;
});

const RESET_SUBJECT = /^Reset your Kora password$/;
const resetMailsTo = (address: string) => mailsTo(t.standin, address).filter((mail) => RESET_SUBJECT.test(mail.message.subject ?? ''));
const forgot = (email: string, headers: Record<string, string> = {}) => post(t.app, '/api/auth/password/forgot', { email }, headers);
const reset = (token: string, newPassword: string, headers: Record<string, string> = {}) =>
  post(t.app, '/api/auth/password/reset', { token, newPassword }, headers);
const check = (token: string, headers: Record<string, string> = {}) => post(t.app, '/api/auth/password/reset/check', { token }, headers);
const currentUser = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
const signIn = (email: string, password: string) => post(t.app, '/api/auth/login', { email, password });

/** A confirmed listener (as after the sign-up's link), with a reset link just e-mailed. */
async function userWithResetLink(): Promise<{ user: SignedInUser; token: string; url: string }> {
  const user = await signUp(t.app);
  expect((await forgot(user.credentials.email)).statusCode).toBe(202);
  await runAccountJobs(t);
  return { user, ...linkIn(lastMail(t.standin, user.credentials.email, RESET_SUBJECT), '/reset-password') };
}

async function passwordHashOf(userId: number): Promise<string> {
  const [row] = await t.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row!.hash;
}

describe('forgot password', () => {
  it('e-mails a link on the public origin that opens the reset page, valid for 30 minutes, and keeps only its hash', async () => {
    const { user, token, url } = await userWithResetLink();
    expect(url).toBe(`${ORIGIN}/reset-password#token=${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const mail = lastMail(t.standin, user.credentials.email, RESET_SUBJECT);
    expect(mail.envelope.to).toEqual([user.credentials.email]);
    expect(mail.message.text).toContain('The link works within 30 minutes.');

    const [row] = await t.database.db
      .select()
      .from(accountTokens)
      .where(and(eq(accountTokens.userId, user.user.id), eq(accountTokens.purpose, 'password-reset')));
    expect(row).toMatchObject({ purpose: 'password-reset', email: user.credentials.email, usedAt: null });
    // Made from the job's clock, stamped by the database's: the same within a second.
    expect(Math.abs(row!.expiresAt.getTime() - row!.createdAt.getTime() - 30 * 60_000)).toBeLessThan(1000);
    expect(JSON.stringify(await t.database.db.select().from(accountTokens))).not.toContain(token);
    // The sent e-mail's job no longer holds the link either.
    expect(JSON.stringify(await t.database.db.select().from(jobs))).not.toContain(token);
  });

  it('answers an unknown address exactly as a known one, with the same work queued, and e-mails nobody', async () => {
    const known = await signUp(t.app);
    const unknown = `nobody-${known.user.id}@example.com`;
    const before = await t.database.db.select({ id: jobs.id }).from(jobs);
    const answers = [await forgot(known.credentials.email), await forgot(unknown)];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(202);
      expect(answer.json()).toEqual({ message: PASSWORD_RESET_REQUESTED_MESSAGE });
    }
    const headerNames = answers.map((answer) => Object.keys(answer.headers).filter((name) => name !== 'date').sort());
    expect(headerNames[0]).toEqual(headerNames[1]);
    expect(answers[0]!.headers['content-length']).toBe(answers[1]!.headers['content-length']);
    // Each request queued one job, the same job for both: whether an account uses the address is
    // found out later, by the worker, so neither the answer nor its time can tell.
    const queued = (await t.database.db.select().from(jobs)).filter((job) => !before.some((old) => old.id === job.id));
    expect(queued.map((job) => [job.type, job.payload])).toEqual([
      [PASSWORD_RESET_REQUEST_JOB, { email: known.credentials.email }],
      [PASSWORD_RESET_REQUEST_JOB, { email: unknown }],
    ]);
    await runAccountJobs(t);
    expect(mailsTo(t.standin, unknown)).toEqual([]);
    expect(resetMailsTo(known.credentials.email)).toHaveLength(1);
  });

  it('finds the account whatever the case and spaces of the address typed', async () => {
    const user = await signUp(t.app);
    expect((await forgot(`  ${user.credentials.email.toUpperCase()} `)).statusCode).toBe(202);
    await runAccountJobs(t);
    expect(resetMailsTo(user.credentials.email)).toHaveLength(1);
  });

  it('builds the link on the public origin, never on a Host or forwarded host the request names', async () => {
    const user = await signUp(t.app);
    await forgot(user.credentials.email, { host: 'evil.example', 'x-forwarded-host': 'evil.example', forwarded: 'host=evil.example' });
    await runAccountJobs(t);
    const mail = lastMail(t.standin, user.credentials.email, RESET_SUBJECT);
    expect(linkIn(mail, '/reset-password').url.startsWith(`${ORIGIN}/reset-password#token=`)).toBe(true);
    expect(mail.raw).not.toContain('evil.example');
  });

  it('sends an address at most 3 links a quarter of an hour, answering the same beyond', async () => {
    const user = await signUp(t.app);
    for (let i = 0; i < 5; i += 1) {
      const answer = await forgot(user.credentials.email);
      expect(answer.statusCode).toBe(202);
      expect(answer.json()).toEqual({ message: PASSWORD_RESET_REQUESTED_MESSAGE });
    }
    await runAccountJobs(t);
    expect(resetMailsTo(user.credentials.email)).toHaveLength(3);
  });

  it('keeps a name that tries to add headers out of the headers', async () => {
    const user = await signUp(t.app, { firstName: 'Ada\r\nBcc: evil@example.com\r\nX-Evil: 1' });
    await forgot(user.credentials.email);
    await runAccountJobs(t);
    const mail = lastMail(t.standin, user.credentials.email, RESET_SUBJECT);
    expect(mail.envelope.to).toEqual([user.credentials.email]);
    expect(mail.raw.split('\r\n\r\n', 1)[0]).not.toMatch(/^(bcc|x-evil):/im);
    expect(mail.message.headers.has('bcc')).toBe(false);
  });

  it('refuses a malformed address with 400', async () => {
    const answer = await forgot('not-an-address');
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ message: 'Please enter a valid email address' });
  });
});

describe('resetting the password with the link', () => {
  it('checks the link, sets the new password, signs out every session, e-mails a notice, and signs nobody in', async () => {
    const { user, token } = await userWithResetLink();
    const otherDevice = await signIn(user.credentials.email, user.credentials.password);
    const otherCookie = `kora_session=${otherDevice.cookies.find((c) => c.name === 'kora_session')!.value}`;
    expect((await currentUser(otherCookie)).statusCode).toBe(200);

    const checked = await check(token);
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toEqual({ email: user.credentials.email });

    const answer = await reset(token, 'a-brand-new-secret');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ message: PASSWORD_RESET_DONE_MESSAGE });
    expect(answer.headers['set-cookie']).toBeUndefined();

    // Every session is gone, the cached ones too.
    expect((await currentUser(user.cookie)).statusCode).toBe(401);
    expect((await currentUser(otherCookie)).statusCode).toBe(401);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.user.id))).toEqual([]);

    expect((await signIn(user.credentials.email, user.credentials.password)).statusCode).toBe(401);
    expect((await signIn(user.credentials.email, 'a-brand-new-secret')).statusCode).toBe(200);

    await runAccountJobs(t);
    const notice = lastMail(t.standin, user.credentials.email, /^Your Kora password was changed$/);
    expect(notice.message.text).toContain(`${ORIGIN}/forgot-password`);
  });

  it('refuses the link a second time, and the check too', async () => {
    const { token } = await userWithResetLink();
    expect((await reset(token, 'first-new-secret')).statusCode).toBe(200);
    for (const answer of [await reset(token, 'second-new-secret'), await check(token)]) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ message: LINK_USED_MESSAGE });
    }
  });

  it('lets one of two simultaneous uses of a link through', async () => {
    const { user, token } = await userWithResetLink();
    const answers = await Promise.all([reset(token, 'racing-secret-one'), reset(token, 'racing-secret-two')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const winner = answers.findIndex((answer) => answer.statusCode === 200);
    expect((await signIn(user.credentials.email, winner === 0 ? 'racing-secret-one' : 'racing-secret-two')).statusCode).toBe(200);
  });

  it('refuses an expired link and changes nothing', async () => {
    const { user, token } = await userWithResetLink();
    const hash = await passwordHashOf(user.user.id);
    await expireLinks(t, user.user.id, 'password-reset');
    for (const answer of [await check(token), await reset(token, 'too-late-secret')]) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ message: LINK_EXPIRED_MESSAGE });
    }
    expect(await passwordHashOf(user.user.id)).toBe(hash);
    expect((await currentUser(user.cookie)).statusCode).toBe(200);
  });

  it('refuses links that are not ours, or not for this page, and changes nothing', async () => {
    const { user } = await userWithResetLink();
    const hash = await passwordHashOf(user.user.id);
    const confirmation = linkIn(lastMail(t.standin, user.credentials.email, /^Confirm your e-mail address/), '/confirm-email');
    for (const token of ['', 'short', 'A'.repeat(43), `${'b'.repeat(42)}!`, confirmation.token]) {
      const answer = await reset(token, 'a-guessed-secret');
      expect(answer.statusCode, token).toBe(400);
      expect(answer.json(), token).toEqual({ message: LINK_NOT_VALID_MESSAGE });
    }
    expect((await post(t.app, '/api/auth/password/reset', { newPassword: 'x-secret-1' })).json()).toEqual({ message: LINK_NOT_VALID_MESSAGE });
    expect(await passwordHashOf(user.user.id)).toBe(hash);
  });

  it("refuses another account's link to a signed-in listener, and the link keeps working for its owner", async () => {
    const { user, token } = await userWithResetLink();
    const someoneElse = await signUp(t.app);
    for (const answer of [await check(token, { cookie: someoneElse.cookie }), await reset(token, 'hijacked-secret', { cookie: someoneElse.cookie })]) {
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toEqual({ message: LINK_FOREIGN_MESSAGE });
    }
    expect((await signIn(user.credentials.email, user.credentials.password)).statusCode).toBe(200);
    // Its own account's session may use it.
    expect((await reset(token, 'owners-new-secret', { cookie: user.cookie })).statusCode).toBe(200);
  });

  it('refuses a new password that is too short, and the link still works', async () => {
    const { token } = await userWithResetLink();
    const short = await reset(token, '12345');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ message: 'Password must be at least 6 characters' });
    expect((await reset(token, '123456')).statusCode).toBe(200);
  });

  it('still asks for the two-factor code at the next sign-in', async () => {
    const { user, token } = await userWithResetLink();
    await enableTwoFactor(t.app, user);
    expect((await reset(token, 'new-secret-with-2fa')).statusCode).toBe(200);
    const answer = await login(t.app, { ...user, credentials: { ...user.credentials, password: 'new-secret-with-2fa' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
    expect(answer.headers['set-cookie']).toBeUndefined();
  });

  it('confirms the address the link came to', async () => {
    const { user, token } = await userWithResetLink();
    expect((await currentUser(user.cookie)).json()).toMatchObject({ emailConfirmed: false });
    await reset(token, 'confirmed-by-reset');
    const signedIn = await signIn(user.credentials.email, 'confirmed-by-reset');
    expect(signedIn.json()).toMatchObject({ emailConfirmed: true, emailConfirmationNeeded: false });
  });
});

describe('the reset routes', () => {
  it('refuse requests from another site (the Origin check)', async () => {
    const { token } = await userWithResetLink();
    for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }] as Record<string, string>[]) {
      expect((await forgot('someone@example.com', headers)).statusCode).toBe(403);
      expect((await check(token, headers)).statusCode).toBe(403);
      expect((await reset(token, 'cross-site-secret', headers)).statusCode).toBe(403);
    }
    expect((await check(token, { origin: ORIGIN })).statusCode).toBe(200);
  });
});

describe('the reset routes rate limit', () => {
  let limited: MailApp;
  beforeAll(async () => {
    limited = await createMailApp({ authRateLimit: { max: 2, windowMs: 60_000 } });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('answer 429 beyond the limit per address, each route on its own', async () => {
    for (const [url, payload] of [
      ['/api/auth/password/forgot', { email: 'limit@example.com' }],
      ['/api/auth/password/reset/check', { token: 'A'.repeat(43) }],
      ['/api/auth/password/reset', { token: 'A'.repeat(43), newPassword: 'limited-secret' }],
    ] as const) {
      const statuses = [];
      for (let i = 0; i < 3; i += 1) statuses.push((await post(limited.app, url, payload)).statusCode);
      expect(statuses.slice(0, 2).every((status) => status !== 429), url).toBe(true);
      expect(statuses[2], url).toBe(429);
    }
  });
});
