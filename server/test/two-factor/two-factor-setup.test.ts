import { TWO_FACTOR_BACKUP_CODE_COUNT } from '@kora/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifications, twoFactor, twoFactorBackupCodes } from '../../src/db/schema.js';
import { signUp } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import {
  STEP_MS,
  advanceClock,
  disable,
  enableTwoFactor,
  startSetup,
  totpCode,
  useFixedClock,
  verify,
} from './two-factor-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});
beforeEach(() => useFixedClock());

const status = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/auth/2fa/status', headers: { cookie } })).json();

const rowOf = async (userId: number) =>
  (await t.database.db.select().from(twoFactor).where(eq(twoFactor.userId, userId)))[0];

const backupRowsOf = (userId: number) =>
  t.database.db.select().from(twoFactorBackupCodes).where(eq(twoFactorBackupCodes.userId, userId));

const twoFactorNotificationsOf = (userId: number) =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'two-factor')));

describe('two-factor routes need a session', () => {
  it.each([
    ['GET', '/api/auth/2fa/status'],
    ['POST', '/api/auth/2fa/setup'],
    ['POST', '/api/auth/2fa/verify'],
    ['POST', '/api/auth/2fa/disable'],
  ] as const)('%s %s answers 401 when signed out', async (method, url) => {
    const response = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a verify sent from another origin', async () => {
    const user = await signUp(t.app);
    const setup = await startSetup(t.app, user.cookie);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/2fa/verify',
      headers: { cookie: user.cookie, origin: 'https://evil.example', host: 'localhost:3000' },
      payload: { token: totpCode(setup.tempSecret), tempSecret: setup.tempSecret, currentPassword: user.credentials.password },
    });
    expect(response.statusCode).toBe(403);
    expect(await status(user.cookie)).toEqual({ enabled: false });
  });
});

describe('POST /api/auth/2fa/setup', () => {
  it('issues a secret, a QR code, the manual key and backup codes, keeping only their hashes', async () => {
    const user = await signUp(t.app);
    expect(await status(user.cookie)).toEqual({ enabled: false });

    const response = await t.app.inject({ method: 'POST', url: '/api/auth/2fa/setup', headers: { cookie: user.cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const setup = response.json();
    expect(setup.tempSecret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.manualEntryKey).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
    expect(setup.manualEntryKey.replaceAll(' ', '')).toBe(setup.tempSecret);
    expect(setup.qrCode).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    expect(setup.backupCodes).toHaveLength(TWO_FACTOR_BACKUP_CODE_COUNT);
    expect(new Set(setup.backupCodes).size).toBe(TWO_FACTOR_BACKUP_CODE_COUNT);
    for (const code of setup.backupCodes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}$/);

    const row = await rowOf(user.user.id);
    expect(row).toMatchObject({ enabled: false, secret: null, pendingSecret: setup.tempSecret });
    const stored = await backupRowsOf(user.user.id);
    expect(stored).toHaveLength(TWO_FACTOR_BACKUP_CODE_COUNT);
    const storedText = JSON.stringify(stored);
    for (const code of setup.backupCodes) {
      expect(storedText).not.toContain(code);
      expect(storedText).not.toContain(code.replace('-', ''));
    }
    // Still off until a code proves the app has the secret.
    expect(await status(user.cookie)).toEqual({ enabled: false });
  });

  it('replaces an unfinished setup: the earlier secret and backup codes stop counting', async () => {
    const user = await signUp(t.app);
    const first = await startSetup(t.app, user.cookie);
    const second = await startSetup(t.app, user.cookie);
    expect(second.tempSecret).not.toBe(first.tempSecret);
    expect(await backupRowsOf(user.user.id)).toHaveLength(TWO_FACTOR_BACKUP_CODE_COUNT);

    const stale = await verify(t.app, user, { token: totpCode(first.tempSecret), tempSecret: first.tempSecret });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toMatch(/not valid for your account/);
    const fresh = await verify(t.app, user, { token: totpCode(second.tempSecret), tempSecret: second.tempSecret });
    expect(fresh.statusCode).toBe(200);
  });

  it('answers 409 while two-factor is on and changes nothing', async () => {
    const user = await signUp(t.app);
    const setup = await enableTwoFactor(t.app, user);
    const before = await rowOf(user.user.id);
    const codesBefore = await backupRowsOf(user.user.id);

    const response = await t.app.inject({ method: 'POST', url: '/api/auth/2fa/setup', headers: { cookie: user.cookie } });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'Two-factor authentication is already enabled.' });
    expect(await rowOf(user.user.id)).toEqual(before);
    expect(before?.secret).toBe(setup.tempSecret);
    expect(await backupRowsOf(user.user.id)).toEqual(codesBefore);
  });
});

describe('POST /api/auth/2fa/verify', () => {
  it('turns two-factor on with a right code, in one change with its notification', async () => {
    const user = await signUp(t.app);
    const setup = await startSetup(t.app, user.cookie);
    const response = await verify(t.app, user, { token: totpCode(setup.tempSecret), tempSecret: setup.tempSecret });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ enabled: true });
    expect(await status(user.cookie)).toEqual({ enabled: true });

    const row = await rowOf(user.user.id);
    expect(row).toMatchObject({ enabled: true, secret: setup.tempSecret, pendingSecret: null, pendingCreatedAt: null });
    expect(row?.lastUsedStep).toBe(Math.floor(Date.now() / STEP_MS));
    expect(row?.enabledAt?.getTime()).toBe(Date.now());
    const notes = await twoFactorNotificationsOf(user.user.id);
    expect(notes.map((n) => n.title)).toEqual(['Two-factor authentication enabled']);
  });

  it('refuses a wrong code with a clear 400 and leaves two-factor off', async () => {
    const user = await signUp(t.app);
    const setup = await startSetup(t.app, user.cookie);
    const right = totpCode(setup.tempSecret);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    const response = await verify(t.app, user, { token: wrong, tempSecret: setup.tempSecret });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Invalid verification code' });
    expect(await status(user.cookie)).toEqual({ enabled: false });
    expect(await twoFactorNotificationsOf(user.user.id)).toHaveLength(0);
  });

  it('allows one step of clock drift either way and refuses two', async () => {
    const early = await signUp(t.app);
    const earlySetup = await startSetup(t.app, early.cookie);
    const refusedEarly = await verify(t.app, early, {
      token: totpCode(earlySetup.tempSecret, -2 * STEP_MS),
      tempSecret: earlySetup.tempSecret,
    });
    expect(refusedEarly.json()).toEqual({ message: 'Invalid verification code' });
    const acceptedEarly = await verify(t.app, early, {
      token: totpCode(earlySetup.tempSecret, -STEP_MS),
      tempSecret: earlySetup.tempSecret,
    });
    expect(acceptedEarly.statusCode).toBe(200);

    const late = await signUp(t.app);
    const lateSetup = await startSetup(t.app, late.cookie);
    const refusedLate = await verify(t.app, late, {
      token: totpCode(lateSetup.tempSecret, 2 * STEP_MS),
      tempSecret: lateSetup.tempSecret,
    });
    expect(refusedLate.statusCode).toBe(400);
    const acceptedLate = await verify(t.app, late, {
      token: totpCode(lateSetup.tempSecret, STEP_MS),
      tempSecret: lateSetup.tempSecret,
    });
    expect(acceptedLate.statusCode).toBe(200);
    // The step a code belongs to is what is remembered, so the next step's code is spent too.
    expect((await rowOf(late.user.id))?.lastUsedStep).toBe(Math.floor(Date.now() / STEP_MS) + 1);
  });

  it("refuses a secret that was not issued to this user, even another user's own", async () => {
    const owner = await signUp(t.app);
    const ownerSetup = await startSetup(t.app, owner.cookie);
    const other = await signUp(t.app);
    await startSetup(t.app, other.cookie);
    const withoutSetup = await signUp(t.app);

    for (const intruder of [other, withoutSetup]) {
      const response = await verify(t.app, intruder, {
        token: totpCode(ownerSetup.tempSecret),
        tempSecret: ownerSetup.tempSecret,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'This setup is not valid for your account. Please start the setup again.',
      });
      expect(await status(intruder.cookie)).toEqual({ enabled: false });
    }
    // A secret the client made up is refused just the same.
    const madeUp = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const response = await verify(t.app, other, { token: totpCode(madeUp), tempSecret: madeUp });
    expect(response.statusCode).toBe(400);
    // The owner's own setup is untouched.
    const own = await verify(t.app, owner, { token: totpCode(ownerSetup.tempSecret), tempSecret: ownerSetup.tempSecret });
    expect(own.statusCode).toBe(200);
  });

  it('refuses a setup older than ten minutes', async () => {
    const user = await signUp(t.app);
    const setup = await startSetup(t.app, user.cookie);
    advanceClock(10 * 60_000);
    const response = await verify(t.app, user, { token: totpCode(setup.tempSecret), tempSecret: setup.tempSecret });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'This setup has expired. Please start the setup again.' });
    expect(await status(user.cookie)).toEqual({ enabled: false });
  });

  it('answers 409 once two-factor is on', async () => {
    const user = await signUp(t.app);
    const setup = await enableTwoFactor(t.app, user);
    advanceClock(STEP_MS);
    const response = await verify(t.app, user, { token: totpCode(setup.tempSecret), tempSecret: setup.tempSecret });
    expect(response.statusCode).toBe(409);
  });

  it.each([
    [{ token: '12345', tempSecret: 'X', currentPassword: 'x' }, 'Please enter the 6-digit code.'],
    [{ token: '12a456', tempSecret: 'X', currentPassword: 'x' }, 'Please enter the 6-digit code.'],
    [{ token: '1234567', tempSecret: 'X', currentPassword: 'x' }, 'Please enter the 6-digit code.'],
    [{ token: '123456', currentPassword: 'x' }, 'tempSecret is required'],
    [{ token: '123456', tempSecret: 'X' }, 'Please enter your current password.'],
    [{ token: '123456', tempSecret: 'X', currentPassword: '' }, 'Please enter your current password.'],
  ])('refuses %o with a clear 400', async (payload, message) => {
    const user = await signUp(t.app);
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/2fa/verify', headers: { cookie: user.cookie }, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('needs the current password: without it or with a wrong one, two-factor stays off and the setup stays', async () => {
    const user = await signUp(t.app);
    const setup = await startSetup(t.app, user.cookie);
    const pending = await rowOf(user.user.id);
    const body = { token: totpCode(setup.tempSecret), tempSecret: setup.tempSecret };

    const missing = await t.app.inject({ method: 'POST', url: '/api/auth/2fa/verify', headers: { cookie: user.cookie }, payload: body });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: 'Please enter your current password.' });
    const wrong = await verify(t.app, user, { ...body, currentPassword: `${user.credentials.password}x` });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'Your current password is not correct.' });

    expect(await status(user.cookie)).toEqual({ enabled: false });
    expect(await rowOf(user.user.id)).toEqual(pending);
    expect(await twoFactorNotificationsOf(user.user.id)).toHaveLength(0);
    // The same code, now with the right password, still turns it on: nothing was spent.
    expect((await verify(t.app, user, body)).statusCode).toBe(200);
  });

  it('counts a wrong password as an attempt', async () => {
    const user = await signUp(t.app);
    const setup = await startSetup(t.app, user.cookie);
    const body = { token: totpCode(setup.tempSecret), tempSecret: setup.tempSecret };
    for (let i = 0; i < 5; i++) {
      expect((await verify(t.app, user, { ...body, currentPassword: `guess-${i}` })).statusCode).toBe(400);
    }
    const blocked = await verify(t.app, user, body);
    expect(blocked.statusCode).toBe(429);
    expect(await status(user.cookie)).toEqual({ enabled: false });
  });

  it('allows five code attempts per user in 15 minutes, then refuses even a right code', async () => {
    const user = await signUp(t.app);
    const setup = await startSetup(t.app, user.cookie);
    for (let i = 0; i < 5; i++) {
      const response = await verify(t.app, user, { token: '000000', tempSecret: setup.tempSecret });
      // (000000 could be the right code once in a million runs; the count is what matters here.)
      expect([400, 200]).toContain(response.statusCode);
    }
    const blocked = await verify(t.app, user, { token: totpCode(setup.tempSecret), tempSecret: setup.tempSecret });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: 'Too many attempts. Please wait 15 minutes and try again.' });
    expect(await status(user.cookie)).toEqual({ enabled: false });

    // Another user is not affected.
    const other = await signUp(t.app);
    const otherSetup = await startSetup(t.app, other.cookie);
    expect((await verify(t.app, other, { token: totpCode(otherSetup.tempSecret), tempSecret: otherSetup.tempSecret })).statusCode).toBe(200);

    advanceClock(15 * 60_000);
    const fresh = await startSetup(t.app, user.cookie);
    expect((await verify(t.app, user, { token: totpCode(fresh.tempSecret), tempSecret: fresh.tempSecret })).statusCode).toBe(200);
  });
});

describe('POST /api/auth/2fa/disable', () => {
  it('turns two-factor off with a fresh code, removing the secret and backup codes, and notifies', async () => {
    const user = await signUp(t.app);
    const setup = await enableTwoFactor(t.app, user);
    advanceClock(STEP_MS);
    const response = await disable(t.app, user, totpCode(setup.tempSecret));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ enabled: false });
    expect(await status(user.cookie)).toEqual({ enabled: false });
    expect(await rowOf(user.user.id)).toBeUndefined();
    expect(await backupRowsOf(user.user.id)).toHaveLength(0);
    const notes = await twoFactorNotificationsOf(user.user.id);
    expect(notes.map((n) => n.title).sort()).toEqual(['Two-factor authentication disabled', 'Two-factor authentication enabled']);
  });

  it('refuses a wrong code and a code already used, leaving two-factor on', async () => {
    const user = await signUp(t.app);
    const setup = await enableTwoFactor(t.app, user);
    const wrong = await disable(t.app, user, totpCode(setup.tempSecret, 5 * STEP_MS));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'Invalid verification code' });
    // The code that just turned it on is spent.
    const replay = await disable(t.app, user, totpCode(setup.tempSecret));
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toMatch(/already been used/);
    expect(await status(user.cookie)).toEqual({ enabled: true });
    expect(await backupRowsOf(user.user.id)).toHaveLength(TWO_FACTOR_BACKUP_CODE_COUNT);
  });

  it('needs the current password: without it or with a wrong one, two-factor stays on and the code unspent', async () => {
    const user = await signUp(t.app);
    const setup = await enableTwoFactor(t.app, user);
    const before = await rowOf(user.user.id);
    advanceClock(STEP_MS);
    const code = totpCode(setup.tempSecret);

    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/auth/2fa/disable',
      headers: { cookie: user.cookie },
      payload: { token: code },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: 'Please enter your current password.' });
    const wrong = await disable(t.app, user, code, 'not-my-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'Your current password is not correct.' });

    expect(await status(user.cookie)).toEqual({ enabled: true });
    expect(await rowOf(user.user.id)).toEqual(before);
    expect(await backupRowsOf(user.user.id)).toHaveLength(TWO_FACTOR_BACKUP_CODE_COUNT);
    expect((await disable(t.app, user, code)).statusCode).toBe(200);
  });

  it('counts a wrong password as an attempt', async () => {
    const user = await signUp(t.app);
    const setup = await enableTwoFactor(t.app, user);
    advanceClock(STEP_MS);
    const code = totpCode(setup.tempSecret);
    for (let i = 0; i < 5; i++) expect((await disable(t.app, user, code, `guess-${i}`)).statusCode).toBe(400);
    const blocked = await disable(t.app, user, code);
    expect(blocked.statusCode).toBe(429);
    expect(await status(user.cookie)).toEqual({ enabled: true });
  });

  it('answers 409 when two-factor is off', async () => {
    const user = await signUp(t.app);
    const response = await disable(t.app, user, '123456');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'Two-factor authentication is not enabled.' });
  });

  it('lets two-factor be set up again after it was turned off', async () => {
    const user = await signUp(t.app);
    const first = await enableTwoFactor(t.app, user);
    advanceClock(STEP_MS);
    expect((await disable(t.app, user, totpCode(first.tempSecret))).statusCode).toBe(200);
    const second = await enableTwoFactor(t.app, user);
    expect(second.tempSecret).not.toBe(first.tempSecret);
    expect(await status(user.cookie)).toEqual({ enabled: true });
  });
});
