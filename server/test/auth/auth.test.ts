import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../src/db/schema.js';
import { hashSessionToken } from '../../src/features/auth/session-token.js';
import { buildSignup, sessionCookieOf, signUp } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/auth/signup', () => {
  it('creates the account, returns the user without secrets and sets a session cookie', async () => {
    const credentials = buildSignup({ email: '  Ada.Lovelace@Example.COM ' });
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: credentials });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ email: 'ada.lovelace@example.com', firstName: 'Adaeze', lastName: 'Okafor' });
    expect(JSON.stringify(body)).not.toMatch(/password|hash/i);

    const cookie = response.cookies.find((c) => c.name === 'kora_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const [row] = await t.database.db.select().from(users).where(sql`${users.email} = 'ada.lovelace@example.com'`);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    // The Profile's "Joined" month comes from this.
    expect(body.createdAt).toBe(row?.createdAt.toISOString());
    // Only the token's hash is stored.
    const stored = await t.database.db.select().from(sessions).where(sql`${sessions.userId} = ${row!.id}`);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).toBe(hashSessionToken(cookie!.value));
    expect(stored[0]!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
  });

  it('refuses a second account with the same e-mail in any letter case with 409', async () => {
    const first = await signUp(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: buildSignup({ email: first.credentials.email.toUpperCase() }),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/already exists/);
  });

  it.each([
    [{ firstName: '' }, 'First name is required'],
    [{ lastName: '   ' }, 'Last name is required'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ email: '' }, 'Email is required'],
    [{ password: '12345' }, 'Password must be at least 6 characters'],
  ])('rejects %o with a clear 400 and creates nothing', async (override, message) => {
    const before = await countUsers();
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: buildSignup(override) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await countUsers()).toBe(before);
  });

  it('rejects a missing field and a body that is not JSON', async () => {
    const { password: _omitted, ...rest } = buildSignup();
    const missing = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: rest });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Password is required');

    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toHaveProperty('message');
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with the right password, in any e-mail case, with a new session each time', async () => {
    const { credentials, cookie: signupCookie } = await signUp(t.app);
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: credentials.email.toUpperCase(), password: credentials.password },
      });
    const first = await login();
    const second = await login();
    expect(first.statusCode).toBe(200);
    expect(first.json().email).toBe(credentials.email);
    const tokens = [signupCookie, sessionCookieOf(first.cookies), sessionCookieOf(second.cookies)];
    expect(new Set(tokens).size).toBe(3);
  });

  it('answers a wrong password and an unknown e-mail with the same 401', async () => {
    const { credentials } = await signUp(t.app);
    const wrongPassword = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: credentials.email, password: 'wrong-password' },
    });
    const unknownEmail = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@example.com', password: credentials.password },
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ message: 'Invalid email or password' });
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
    expect(wrongPassword.cookies.find((c) => c.name === 'kora_session')).toBeUndefined();
  });

  it('requires both fields', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@b.co' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Password is required' });
  });
});

describe('GET /api/auth/user and sign-out', () => {
  it('returns the current user for a valid session and 401 otherwise', async () => {
    const { cookie, user } = await signUp(t.app);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(user);

    const anonymous = await t.app.inject({ method: 'GET', url: '/api/auth/user' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toHaveProperty('message');

    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: `kora_session=${'A'.repeat(43)}` },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('POST /api/auth/logout revokes the session on the server', async () => {
    const { cookie } = await signUp(t.app);
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(200);
    const cleared = logout.cookies.find((c) => c.name === 'kora_session');
    expect(cleared?.value).toBe('');
    // The old cookie, replayed, no longer works.
    const replay = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(replay.statusCode).toBe(401);
  });

  it.each([undefined, 'same-origin', 'same-site', 'none'])(
    'GET /api/logout with Sec-Fetch-Site %s revokes the session and redirects to the landing page',
    async (site) => {
      const { cookie } = await signUp(t.app);
      const headers = site ? { cookie, 'sec-fetch-site': site } : { cookie };
      const response = await t.app.inject({ method: 'GET', url: '/api/logout', headers });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/');
      const replay = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
      expect(replay.statusCode).toBe(401);
    },
  );

  it('GET /api/logout refuses a navigation from another site, and the session stays valid', async () => {
    const { cookie, user } = await signUp(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { cookie, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Sign out from Kora itself: a link on another site cannot sign you out.' });
    expect(response.cookies.find((c) => c.name === 'kora_session')).toBeUndefined();
    const still = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(still.statusCode).toBe(200);
    expect(still.json()).toMatchObject({ id: user.id });
  });

  it('does not accept an expired session', async () => {
    const { cookie } = await signUp(t.app);
    const token = cookie.split('=')[1]!;
    await t.database.db.execute(
      sql`update sessions set expires_at = now() - interval '1 minute' where token_hash = ${hashSessionToken(token)}`,
    );
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(response.statusCode).toBe(401);
  });

  it('marks the cookie Secure when the request came over HTTPS through a trusted proxy', async () => {
    const proxied = await createTestAppBehindProxy();
    try {
      const response = await proxied.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        headers: { 'x-forwarded-proto': 'https' },
        payload: buildSignup(),
      });
      expect(response.statusCode).toBe(201);
      expect(response.cookies.find((c) => c.name === 'kora_session')?.secure).toBe(true);
    } finally {
      await proxied.close();
    }
  });
});

async function createTestAppBehindProxy() {
  return createTestApp({ trustProxy: true });
}

async function countUsers(): Promise<number> {
  const rows = await t.database.db.select({ id: users.id }).from(users);
  return rows.length;
}
