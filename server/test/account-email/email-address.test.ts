import {
  CONFIRMATION_SENT_MESSAGE,
  EMAIL_ALREADY_CONFIRMED_MESSAGE,
  EMAIL_CONFIRMATION_NEEDED_MESSAGE,
  LINK_EXPIRED_MESSAGE,
  LINK_FOREIGN_MESSAGE,
  LINK_NOT_VALID_MESSAGE,
  LINK_OUTDATED_MESSAGE,
  LINK_USED_MESSAGE,
  TOO_MANY_LINKS_MESSAGE,
  userSchema,
} from '@kora/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs, users } from '../../src/db/schema.js';
import { type SignedInUser, signUp } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { createMailApp, expireLinks, lastMail, linkIn, type MailApp, mailsTo, ORIGIN, post, runAccountJobs } from './account-email-helpers.js';

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

const CONFIRM_SUBJECT = /^Confirm your e-mail address for Kora$/;
const CHANGE_NOTICE_SUBJECT = /^Your Kora e-mail address is being changed$/;

const currentUser = async (cookie: string) => userSchema.strict().parse((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).json());
const accountEmail = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/account/email', headers: { cookie } });
const confirm = (token: string, headers: Record<string, string> = {}) => post(t.app, '/api/account/email/confirm', { token }, headers);
const resend = (cookie: string, headers: Record<string, string> = {}) => post(t.app, '/api/account/email/resend', {}, { cookie, ...headers });
const confirmChange = (token: string, headers: Record<string, string> = {}) => post(t.app, '/api/account/email/change/confirm', { token }, headers);
const undoChange = (token: string, headers: Record<string, string> = {}) => post(t.app, '/api/account/email/change/undo', { token }, headers);
const changeEmail = (user: SignedInUser, email: string, currentPassword = user.credentials.password) =>
  t.app.inject({ method: 'PATCH', url: '/api/user/profile', headers: { cookie: user.cookie }, payload: { email, currentPassword } });
const signIn = (email: string, password: string) => post(t.app, '/api/auth/login', { email, password });
const upgrade = (cookie: string) => post(t.app, '/api/user/subscription', { subscriptionPlan: 'premium', subscriptionStatus: 'active' }, { cookie });

async function signUpWithLink(): Promise<{ user: SignedInUser; token: string; url: string }> {
  const user = await signUp(t.app);
  await runAccountJobs(t);
  return { user, ...linkIn(lastMail(t.standin, user.credentials.email, CONFIRM_SUBJECT), '/confirm-email') };
}

async function confirmedUser(): Promise<SignedInUser> {
  const { user, token } = await signUpWithLink();
  expect((await confirm(token)).statusCode).toBe(200);
  return user;
}

async function emailOf(userId: number): Promise<string> {
  const [row] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row!.email;
}

/** Asks for a change of address and returns the links of both e-mails it sends. */
async function startChange(user: SignedInUser, newEmail: string) {
  const answer = await changeEmail(user, newEmail);
  expect(answer.statusCode, answer.body).toBe(200);
  await runAccountJobs(t);
  return {
    answer,
    change: linkIn(lastMail(t.standin, newEmail.trim().toLowerCase(), CONFIRM_SUBJECT), '/change-email'),
    undo: linkIn(lastMail(t.standin, user.credentials.email, CHANGE_NOTICE_SUBJECT), '/undo-email-change'),
  };
}

describe('confirming the address of a new account', () => {
  it('e-mails a link at sign-up, and the account is unconfirmed until it is opened', async () => {
    const { user, url, token } = await signUpWithLink();
    expect(url).toBe(`${ORIGIN}/confirm-email#token=${token}`);
    expect(user.user).toMatchObject({ emailConfirmed: false, emailConfirmationNeeded: true });
    const mail = lastMail(t.standin, user.credentials.email, CONFIRM_SUBJECT);
    expect(mail.message.text).toContain(`Please confirm that ${user.credentials.email} is the e-mail address of your Kora account.`);
    expect(mail.message.text).toContain('The link works within 24 hours.');

    // Without a session, as from a phone's mail app.
    const answer = await confirm(token);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ message: 'Your e-mail address is confirmed.', email: user.credentials.email });
    expect(await currentUser(user.cookie)).toMatchObject({ emailConfirmed: true, emailConfirmationNeeded: false });
    expect((await accountEmail(user.cookie)).json()).toEqual({
      email: user.credentials.email,
      emailConfirmed: true,
      emailConfirmationNeeded: false,
      pendingEmail: null,
      pendingUntil: null,
    });
  });

  it('refuses a used, expired, foreign or made-up link with its reason, and changes nothing', async () => {
    const used = await signUpWithLink();
    expect((await confirm(used.token)).statusCode).toBe(200);
    expect((await confirm(used.token)).json()).toEqual({ message: LINK_USED_MESSAGE });

    const expired = await signUpWithLink();
    await expireLinks(t, expired.user.user.id, 'email-confirmation');
    const expiredAnswer = await confirm(expired.token);
    expect(expiredAnswer.statusCode).toBe(400);
    expect(expiredAnswer.json()).toEqual({ message: LINK_EXPIRED_MESSAGE });
    expect(await currentUser(expired.user.cookie)).toMatchObject({ emailConfirmed: false });

    const foreign = await signUpWithLink();
    const foreignAnswer = await confirm(foreign.token, { cookie: used.user.cookie });
    expect(foreignAnswer.statusCode).toBe(403);
    expect(foreignAnswer.json()).toEqual({ message: LINK_FOREIGN_MESSAGE });
    expect(await currentUser(foreign.user.cookie)).toMatchObject({ emailConfirmed: false });
    // Still good for its own account, signed in or not.
    expect((await confirm(foreign.token, { cookie: foreign.user.cookie })).statusCode).toBe(200);

    for (const token of ['made-up', 'A'.repeat(43), 7]) {
      const answer = await post(t.app, '/api/account/email/confirm', { token });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ message: LINK_NOT_VALID_MESSAGE });
    }
  });

  it('sends another link on Resend, at most 3 a quarter of an hour, and none once confirmed', async () => {
    const { user } = await signUpWithLink();
    const first = await resend(user.cookie);
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ message: CONFIRMATION_SENT_MESSAGE });
    expect((await resend(user.cookie)).statusCode).toBe(202);
    expect((await resend(user.cookie)).statusCode).toBe(202);
    const fourth = await resend(user.cookie);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({ message: TOO_MANY_LINKS_MESSAGE });
    await runAccountJobs(t);
    const links = mailsTo(t.standin, user.credentials.email).map((mail) => linkIn(mail, '/confirm-email').token);
    expect(new Set(links).size).toBe(4);
    // An earlier link keeps working.
    expect((await confirm(links[0]!)).statusCode).toBe(200);

    const confirmed = await confirmedUser();
    const again = await resend(confirmed.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: EMAIL_ALREADY_CONFIRMED_MESSAGE });
    expect((await post(t.app, '/api/account/email/resend', {})).statusCode).toBe(401);
  });

  it('makes uploads and payments wait for it, but not a cancel', async () => {
    const { user, token } = await signUpWithLink();
    for (const url of ['/api/upload', '/api/upload-music', '/api/billing/checkout', '/api/user/transactions']) {
      const answer = await post(t.app, url, {}, { cookie: user.cookie });
      expect(answer.statusCode, url).toBe(403);
      expect(answer.json(), url).toEqual({ message: EMAIL_CONFIRMATION_NEEDED_MESSAGE });
    }
    expect((await upgrade(user.cookie)).json()).toEqual({ message: EMAIL_CONFIRMATION_NEEDED_MESSAGE });
    const cancel = await post(t.app, '/api/user/subscription', { subscriptionStatus: 'canceled' }, { cookie: user.cookie });
    expect(cancel.statusCode).toBe(409);

    await confirm(token);
    expect((await upgrade(user.cookie)).statusCode).toBe(200);
    // Past the check, the upload route reads its form as usual.
    const upload = await post(t.app, '/api/upload', { title: 'T' }, { cookie: user.cookie });
    expect(upload.statusCode).not.toBe(403);
    expect(upload.statusCode).toBeLessThan(500);
  });
});

describe('changing the address', () => {
  it('keeps the address until the new one is confirmed, and tells the old one with an undo link', async () => {
    const user = await confirmedUser();
    const newEmail = `moved-${user.credentials.email}`;
    const { answer, change, undo } = await startChange(user, ` ${newEmail.toUpperCase()} `);
    expect(answer.json()).toMatchObject({ email: user.credentials.email, emailConfirmed: true });
    expect(change.url).toBe(`${ORIGIN}/change-email#token=${change.token}`);
    expect(undo.url).toBe(`${ORIGIN}/undo-email-change#token=${undo.token}`);
    const notice = lastMail(t.standin, user.credentials.email, CHANGE_NOTICE_SUBJECT);
    expect(notice.message.text).toContain(`to ${newEmail}. It takes effect once it is confirmed`);
    expect(notice.message.text).toContain('The link works within 7 days.');
    expect(await emailOf(user.user.id)).toBe(user.credentials.email);
    const pending = (await accountEmail(user.cookie)).json();
    expect(pending).toMatchObject({ email: user.credentials.email, pendingEmail: newEmail });
    expect(Date.parse(pending.pendingUntil) - Date.now()).toBeGreaterThan(23 * 60 * 60_000);
    // The old address still signs in; the new one not yet.
    expect((await signIn(newEmail, user.credentials.password)).statusCode).toBe(401);

    const confirmed = await confirmChange(change.token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ message: `Your account now uses ${newEmail}.`, email: newEmail });
    expect(await currentUser(user.cookie)).toMatchObject({ email: newEmail, emailConfirmed: true });
    expect((await accountEmail(user.cookie)).json()).toMatchObject({ pendingEmail: null });
    expect((await signIn(newEmail, user.credentials.password)).statusCode).toBe(200);
    expect((await signIn(user.credentials.email, user.credentials.password)).statusCode).toBe(401);
    expect((await confirmChange(change.token)).json()).toEqual({ message: LINK_USED_MESSAGE });
  });

  it('needs the current password, and refuses an address another account has', async () => {
    const user = await confirmedUser();
    const other = await confirmedUser();
    const arrived = t.standin.arrived.length;
    expect((await changeEmail(user, `x-${user.credentials.email}`, 'not-my-password')).json()).toEqual({ message: 'Your current password is not correct.' });
    const missing = await t.app.inject({ method: 'PATCH', url: '/api/user/profile', headers: { cookie: user.cookie }, payload: { email: `x-${user.credentials.email}` } });
    expect(missing.json()).toEqual({ message: 'Please enter your current password.' });
    const taken = await changeEmail(user, other.credentials.email.toUpperCase());
    expect(taken.statusCode).toBe(409);
    await runAccountJobs(t);
    expect(t.standin.arrived).toHaveLength(arrived);
  });

  it('refuses the link when another account took the address meanwhile, and changes nothing', async () => {
    const user = await confirmedUser();
    const newEmail = `contested-${user.credentials.email}`;
    const { change } = await startChange(user, newEmail);
    await signUp(t.app, { email: newEmail });
    const answer = await confirmChange(change.token);
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({ message: 'An account with this email already exists.' });
    expect(await emailOf(user.user.id)).toBe(user.credentials.email);
  });

  it('replaces a change still waiting, and outdates links sent to the old address once it applies', async () => {
    const user = await confirmedUser();
    const first = await startChange(user, `first-${user.credentials.email}`);
    const second = await startChange(user, `second-${user.credentials.email}`);
    expect((await confirmChange(first.change.token)).json()).toEqual({ message: LINK_USED_MESSAGE });
    await post(t.app, '/api/auth/password/forgot', { email: user.credentials.email });
    await runAccountJobs(t);
    const reset = linkIn(lastMail(t.standin, user.credentials.email, /^Reset your Kora password$/), '/reset-password');
    expect((await confirmChange(second.change.token)).statusCode).toBe(200);
    const outdated = await post(t.app, '/api/auth/password/reset', { token: reset.token, newPassword: 'outdated-secret' });
    expect(outdated.statusCode).toBe(400);
    expect(outdated.json()).toEqual({ message: LINK_OUTDATED_MESSAGE });
  });

  it('undoes an applied change from the old address: the address comes back and every device is signed out', async () => {
    const user = await confirmedUser();
    const newEmail = `taken-over-${user.credentials.email}`;
    const { change, undo } = await startChange(user, newEmail);
    await confirmChange(change.token);
    expect(await emailOf(user.user.id)).toBe(newEmail);

    const answer = await undoChange(undo.token);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      message: `Your account uses ${user.credentials.email} again, and every device has been signed out. If you did not ask for the change, choose a new password now.`,
      email: user.credentials.email,
    });
    expect(await emailOf(user.user.id)).toBe(user.credentials.email);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: user.cookie } })).statusCode).toBe(401);
    expect((await signIn(user.credentials.email, user.credentials.password)).statusCode).toBe(200);
    expect((await undoChange(undo.token)).json()).toEqual({ message: LINK_USED_MESSAGE });
  });

  it('undoes a change before it applied: the new address link stops working', async () => {
    const user = await confirmedUser();
    const { change, undo } = await startChange(user, `not-me-${user.credentials.email}`);
    expect((await undoChange(undo.token)).statusCode).toBe(200);
    expect((await confirmChange(change.token)).json()).toEqual({ message: LINK_USED_MESSAGE });
    expect(await emailOf(user.user.id)).toBe(user.credentials.email);
  });

  it("refuses another account's change and undo links to a signed-in listener", async () => {
    const user = await confirmedUser();
    const someoneElse = await confirmedUser();
    const { change, undo } = await startChange(user, `bound-${user.credentials.email}`);
    for (const answer of [await confirmChange(change.token, { cookie: someoneElse.cookie }), await undoChange(undo.token, { cookie: someoneElse.cookie })]) {
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toEqual({ message: LINK_FOREIGN_MESSAGE });
    }
    expect(await emailOf(user.user.id)).toBe(user.credentials.email);
    // A change link is not an undo link, nor a confirmation link.
    expect((await undoChange(change.token)).json()).toEqual({ message: LINK_NOT_VALID_MESSAGE });
    expect((await confirm(change.token)).json()).toEqual({ message: LINK_NOT_VALID_MESSAGE });
  });

  it('sends one account at most 3 change e-mails a quarter of an hour', async () => {
    const user = await confirmedUser();
    for (let i = 0; i < 3; i += 1) expect((await changeEmail(user, `try-${i}-${user.credentials.email}`)).statusCode).toBe(200);
    const fourth = await changeEmail(user, `try-3-${user.credentials.email}`);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({ message: TOO_MANY_LINKS_MESSAGE });
  });
});

describe('the address routes', () => {
  it('refuse requests from another site (the Origin check)', async () => {
    const { user, token } = await signUpWithLink();
    const crossSite: Record<string, string>[] = [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }];
    for (const headers of crossSite) {
      for (const url of ['/api/account/email/confirm', '/api/account/email/change/confirm', '/api/account/email/change/undo']) {
        expect((await post(t.app, url, { token }, headers)).statusCode, url).toBe(403);
      }
      expect((await resend(user.cookie, headers)).statusCode).toBe(403);
    }
    expect(await currentUser(user.cookie)).toMatchObject({ emailConfirmed: false });
  });

  it('need a session to read the address', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/account/email' })).statusCode).toBe(401);
  });
});

describe('the address routes rate limit', () => {
  let limited: MailApp;
  beforeAll(async () => {
    limited = await createMailApp({ authRateLimit: { max: 2, windowMs: 60_000 } });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('answer 429 beyond the limit per address, each route on its own', async () => {
    const user = await signUp(limited.app);
    for (const url of ['/api/account/email/confirm', '/api/account/email/change/confirm', '/api/account/email/change/undo', '/api/account/email/resend']) {
      const statuses = [];
      for (let i = 0; i < 3; i += 1) statuses.push((await post(limited.app, url, { token: 'A'.repeat(43) }, { cookie: user.cookie })).statusCode);
      expect(statuses[2], url).toBe(429);
    }
  });
});

describe('a server that sends no e-mail', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
  });
  afterAll(async () => {
    await plain?.close();
  });

  it('asks for no confirmation: no link is queued, and uploads and payments do not wait', async () => {
    const before = (await plain.database.db.select().from(jobs)).length;
    const user = await signUp(plain.app);
    expect(user.user).toMatchObject({ emailConfirmed: false, emailConfirmationNeeded: false });
    expect(await plain.database.db.select().from(jobs)).toHaveLength(before);
    const upgraded = await plain.app.inject({
      method: 'POST',
      url: '/api/user/subscription',
      headers: { cookie: user.cookie },
      payload: { subscriptionPlan: 'premium', subscriptionStatus: 'active' },
    });
    expect(upgraded.statusCode).toBe(200);
    const resent = await plain.app.inject({ method: 'POST', url: '/api/account/email/resend', headers: { cookie: user.cookie } });
    expect(resent.statusCode).toBe(409);
    expect(resent.json()).toEqual({ message: 'This server does not send e-mail, so it does not confirm addresses.' });
  });
});
