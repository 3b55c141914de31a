import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSignup, signUp } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ authRateLimit: { max: 3, windowMs: 60_000 } });
});
afterAll(() => t.close());

describe('session guard', () => {
  it.each(['/api/songs', '/api/playlists', '/api/no-such-route', '/api/user/stats'])(
    'answers GET %s with 401 and a message when signed out',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'You need to sign in to do that.' });
    },
  );

  it('answers an unknown API path with a JSON 404 once signed in', async () => {
    const { cookie } = await signUp(t.app);
    const response = await t.app.inject({ method: 'DELETE', url: '/api/no-such-route?x=1', headers: { cookie } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'No API route DELETE /api/no-such-route' });
  });

  it('leaves health reachable without a session, saying nothing about how the server is built', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '203.0.113.9' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('names the database and storage kinds in the readiness check only to a caller on this machine', async () => {
    const remote = await t.app.inject({ method: 'GET', url: '/api/health/ready', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(200);
    expect(remote.json()).toEqual({ status: 'ok', database: { ok: true }, media: { ok: true } });
    const local = await t.app.inject({ method: 'GET', url: '/api/health/ready', remoteAddress: '127.0.0.1' });
    expect(local.json()).toEqual({
      status: 'ok',
      database: { ok: true, kind: t.database.kind },
      media: { ok: true, kind: t.storage.kind },
    });
  });
});

describe('origin check', () => {
  it('refuses a state-changing request from another origin and changes nothing', async () => {
    const credentials = buildSignup();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { origin: 'https://evil.example', host: 'localhost:3000' },
      payload: credentials,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/another origin/);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: credentials.email, password: credentials.password },
    });
    expect(login.statusCode).toBe(401);
  });

  it('refuses a cross-site fetch even without Origin', async () => {
    const { cookie } = await signUp(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(403);
    const still = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(still.statusCode).toBe(200);
  });

  it('accepts the same origin', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'http://localhost:3000', host: 'localhost:3000' },
      payload: { email: 'x@example.com', password: 'whatever' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('rate limits', () => {
  it('answers 429 with a clear message once sign-in attempts exceed the limit', async () => {
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '203.0.113.7',
        payload: { email: 'someone@example.com', password: 'guess' },
      });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt()).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const limited = await attempt();
    expect(limited.json()).toEqual({ message: 'Too many attempts. Please wait a minute and try again.' });
  });

  it('limits sign-ups too', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        remoteAddress: '203.0.113.8',
        payload: buildSignup(),
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
  });
});
