import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginChallenges } from '../../src/db/schema.js';
import { hashSessionToken } from '../../src/features/auth/session-token.js';
import { sessionCookieOf, signUp } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import {
  STEP_MS,
  advanceClock,
  enableTwoFactor,
  login,
  loginChallenge,
  secondStep,
  totpCode,
  useFixedClock,
} from './two-factor-helpers.js';

const EXPIRED = { message: 'The sign-in has expired. Please log in again.' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});
beforeEach(() => useFixedClock());

async function userWithTwoFactor() {
  const user = await signUp(t.app);
  const setup = await enableTwoFactor(t.app, user);
  // The code that turned it on is spent; sign-ins below use the next step's.
  advanceClock(STEP_MS);
  return { user, setup };
}

const challengeRow = async (challenge: string) =>
  (await t.database.db.select().from(loginChallenges).where(eq(loginChallenges.tokenHash, hashSessionToken(challenge))))[0];

const currentUserWith = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });

describe('POST /api/auth/login with two-factor', () => {
  it('signs in at once when two-factor is off', async () => {
    const user = await signUp(t.app);
    const response = await login(t.app, user);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(user.user);
    expect(response.cookies.find((c) => c.name === 'kora_session')).toBeDefined();
  });

  it('asks for a code and sets no session when two-factor is on', async () => {
    const { user } = await userWithTwoFactor();
    const response = await login(t.app, user);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({ twoFactorRequired: true, challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect(response.headers['set-cookie']).toBeUndefined();
    // Only the challenge's hash is kept, for five minutes.
    const row = await challengeRow(body.challenge);
    expect(row).toMatchObject({ userId: user.user.id, attempts: 0 });
    expect(row!.expiresAt.getTime()).toBe(Date.now() + 5 * 60_000);
  });

  it('still answers a wrong password with the same 401 and issues no challenge', async () => {
    const { user } = await userWithTwoFactor();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.credentials.email, password: 'wrong-password' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Invalid email or password' });
    expect(await t.database.db.select().from(loginChallenges).where(eq(loginChallenges.userId, user.user.id))).toHaveLength(0);
  });
});

describe('POST /api/auth/login/2fa', () => {
  it('starts the session with a right code, exactly as login does, and spends the challenge', async () => {
    const { user, setup } = await userWithTwoFactor();
    const challenge = await loginChallenge(t.app, user);
    const response = await secondStep(t.app, challenge, totpCode(setup.tempSecret));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(user.user);
    const cookie = response.cookies.find((c) => c.name === 'kora_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect((await currentUserWith(sessionCookieOf(response.cookies))).json()).toEqual(user.user);
    expect(await challengeRow(challenge)).toBeUndefined();

    advanceClock(STEP_MS);
    const again = await secondStep(t.app, challenge, totpCode(setup.tempSecret));
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual(EXPIRED);
  });

  it('refuses a wrong code with 401 and lets the same challenge try again', async () => {
    const { user, setup } = await userWithTwoFactor();
    const challenge = await loginChallenge(t.app, user);
    const wrong = await secondStep(t.app, challenge, totpCode(setup.tempSecret, 3 * STEP_MS));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid verification code' });
    expect(wrong.cookies.find((c) => c.name === 'kora_session')).toBeUndefined();
    expect((await secondStep(t.app, challenge, totpCode(setup.tempSecret))).statusCode).toBe(200);
  });

  it('accepts one step of drift either way and refuses two', async () => {
    const { user, setup } = await userWithTwoFactor();
    for (const offset of [-2 * STEP_MS, 2 * STEP_MS]) {
      const refused = await secondStep(t.app, await loginChallenge(t.app, user), totpCode(setup.tempSecret, offset));
      expect(refused.statusCode).toBe(401);
    }
    // A phone clock one step ahead is fine.
    const late = await secondStep(t.app, await loginChallenge(t.app, user), totpCode(setup.tempSecret, STEP_MS));
    expect(late.statusCode).toBe(200);

    const other = await userWithTwoFactor();
    const early = await secondStep(t.app, await loginChallenge(t.app, other.user), totpCode(other.setup.tempSecret, -STEP_MS));
    // A phone clock one step behind: right after enabling, that is the enabling step itself, spent already…
    expect(early.json().message).toMatch(/already been used/);
    // …and a step later it is a fresh one.
    advanceClock(STEP_MS);
    const earlyFresh = await secondStep(t.app, await loginChallenge(t.app, other.user), totpCode(other.setup.tempSecret, -STEP_MS));
    expect(earlyFresh.statusCode).toBe(200);
  });

  it('never accepts one code twice', async () => {
    const { user, setup } = await userWithTwoFactor();
    const code = totpCode(setup.tempSecret);
    expect((await secondStep(t.app, await loginChallenge(t.app, user), code)).statusCode).toBe(200);
    const replay = await secondStep(t.app, await loginChallenge(t.app, user), code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ message: 'This code has already been used. Please wait for the next code from your app.' });
  });

  it('lets only one of two simultaneous sign-ins with the same code through', async () => {
    const { user, setup } = await userWithTwoFactor();
    const code = totpCode(setup.tempSecret);
    const [first, second] = [await loginChallenge(t.app, user), await loginChallenge(t.app, user)];
    const statuses = (await Promise.all([secondStep(t.app, first, code), secondStep(t.app, second, code)])).map((r) => r.statusCode);
    expect(statuses.sort()).toEqual([200, 401]);
  });

  it('accepts each backup code once, typed in any case', async () => {
    const { user, setup } = await userWithTwoFactor();
    const [code] = setup.backupCodes;
    const first = await secondStep(t.app, await loginChallenge(t.app, user), code!.toUpperCase());
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual(user.user);
    const again = await secondStep(t.app, await loginChallenge(t.app, user), code!);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: 'Invalid verification code' });
    // Another backup code still works.
    expect((await secondStep(t.app, await loginChallenge(t.app, user), setup.backupCodes[1]!)).statusCode).toBe(200);
  });

  it("does not accept another user's backup code", async () => {
    const owner = await userWithTwoFactor();
    const other = await userWithTwoFactor();
    const response = await secondStep(t.app, await loginChallenge(t.app, other.user), owner.setup.backupCodes[0]!);
    expect(response.statusCode).toBe(401);
  });

  it('expires the challenge after five minutes', async () => {
    const { user, setup } = await userWithTwoFactor();
    const challenge = await loginChallenge(t.app, user);
    advanceClock(5 * 60_000);
    const response = await secondStep(t.app, challenge, totpCode(setup.tempSecret));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(EXPIRED);
    expect(await challengeRow(challenge)).toBeUndefined();
  });

  it('drops the challenge after five attempts', async () => {
    const { user, setup } = await userWithTwoFactor();
    const challenge = await loginChallenge(t.app, user);
    const wrong = totpCode(setup.tempSecret, 10 * STEP_MS);
    for (let i = 1; i <= 5; i++) {
      const response = await secondStep(t.app, challenge, wrong);
      expect(response.json()).toEqual({ message: 'Invalid verification code' });
      if (i < 5) expect((await challengeRow(challenge))?.attempts).toBe(i);
    }
    expect(await challengeRow(challenge)).toBeUndefined();
    const sixth = await secondStep(t.app, challenge, totpCode(setup.tempSecret));
    expect(sixth.json()).toEqual(EXPIRED);
  });

  it('limits code attempts per user across challenges, then lets them in after 15 minutes', async () => {
    const { user, setup } = await userWithTwoFactor();
    for (let i = 0; i < 5; i++) {
      // A new challenge each time: the per-user limit, not the challenge's own, must stop this.
      const response = await secondStep(t.app, await loginChallenge(t.app, user), 'zzzz-zzzz');
      expect(response.statusCode).toBe(401);
    }
    const blocked = await secondStep(t.app, await loginChallenge(t.app, user), totpCode(setup.tempSecret));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: 'Too many attempts. Please wait 15 minutes and try again.' });

    advanceClock(15 * 60_000);
    const later = await secondStep(t.app, await loginChallenge(t.app, user), totpCode(setup.tempSecret));
    expect(later.statusCode).toBe(200);
  });

  it('answers an unknown or malformed challenge as expired', async () => {
    for (const challenge of ['A'.repeat(43), 'not-a-challenge']) {
      const response = await secondStep(t.app, challenge, '123456');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(EXPIRED);
    }
  });

  it.each([
    [{ code: '123456' }, EXPIRED.message],
    [{ challenge: 'A'.repeat(43) }, 'Please enter your code.'],
    [{ challenge: 'A'.repeat(43), code: '   ' }, 'Please enter your code.'],
  ])('refuses %o with a clear 400', async (payload, message) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login/2fa', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('is refused from another origin', async () => {
    const { user, setup } = await userWithTwoFactor();
    const challenge = await loginChallenge(t.app, user);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/2fa',
      headers: { origin: 'https://evil.example', host: 'localhost:3000' },
      payload: { challenge, code: totpCode(setup.tempSecret) },
    });
    expect(response.statusCode).toBe(403);
    expect((await challengeRow(challenge))?.attempts).toBe(0);
  });
});

describe('the second step is rate limited per address like login', () => {
  it('answers 429 beyond the sign-in limit', async () => {
    const limited = await createTestApp({ authRateLimit: { max: 2, windowMs: 60_000 } });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) {
        statuses.push((await secondStep(limited.app, 'A'.repeat(43), '123456')).statusCode);
      }
      expect(statuses).toEqual([401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});
