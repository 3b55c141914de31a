import { NUL_CHARACTER_MESSAGE } from '@kora/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSignup, signUp, type SignedInUser } from '../helpers/factories.js';
import { multipartBody } from '../helpers/multipart.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let listener: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  listener = await signUp(t.app);
});
afterAll(() => t.close());

const NUL = '\u0000';

describe('text with a NUL character', () => {
  it('is refused at sign-up with 400, and no account is made', async () => {
    for (const field of ['firstName', 'lastName', 'email', 'password'] as const) {
      const credentials = buildSignup();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { ...credentials, [field]: `${credentials[field]}${NUL}x` },
      });
      expect(response.statusCode, field).toBe(400);
      expect(response.json()).toEqual({ message: NUL_CHARACTER_MESSAGE });
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: credentials.email, password: credentials.password },
      });
      expect(login.statusCode).toBe(401);
    }
  });

  it('is refused in a profile edit and a support message, and nothing changes', async () => {
    const cookie = listener.cookie;
    const profile = await t.app.inject({ method: 'PATCH', url: '/api/user/profile', headers: { cookie }, payload: { firstName: `Ada${NUL}` } });
    expect(profile.statusCode).toBe(400);
    expect(profile.json()).toEqual({ message: NUL_CHARACTER_MESSAGE });
    const user = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(user.json().firstName).toBe(listener.user.firstName);

    const support = await t.app.inject({
      method: 'POST',
      url: '/api/support/requests',
      headers: { cookie },
      payload: { message: `Help${NUL}please` },
    });
    expect(support.statusCode).toBe(400);
    expect(support.json()).toEqual({ message: NUL_CHARACTER_MESSAGE });
  });

  it('is refused in a JSON key, a search query and a path parameter', async () => {
    const cookie = listener.cookie;
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/support/requests',
      headers: { cookie, 'content-type': 'application/json' },
      payload: `{"message":"hello","x${'\\u0000'}":1}`,
    });
    expect(key.statusCode).toBe(400);
    const search = await t.app.inject({ method: 'GET', url: '/api/search', query: { q: `ade${NUL}` }, headers: { cookie } });
    expect(search.statusCode).toBe(400);
    expect(search.json()).toEqual({ message: NUL_CHARACTER_MESSAGE });
    const artist = await t.app.inject({ method: 'GET', url: '/api/artists/1%00', headers: { cookie } });
    expect(artist.statusCode).toBe(400);
  });

  it('is refused in a multipart text field (a playlist name)', async () => {
    const { payload, headers } = await multipartBody([
      ['name', `Road trip${NUL}`],
      ['description', 'For the drive'],
    ]);
    const response = await t.app.inject({ method: 'POST', url: '/api/playlists', headers: { cookie: listener.cookie, ...headers }, payload });
    expect(response.statusCode).toBe(400);
    const mine = await t.app.inject({ method: 'GET', url: '/api/playlists', headers: { cookie: listener.cookie } });
    expect(mine.json()).toEqual([]);
  });
});

describe('caching of private answers', () => {
  it.each([
    '/api/auth/user',
    '/api/notifications',
    '/api/notifications/unread-count',
    '/api/user/subscription',
    '/api/user/transactions',
    '/api/user/stats',
    '/api/auth/2fa/status',
    '/api/liked-songs',
    '/api/playlists',
  ])('GET %s says private, no-store', async (url) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { cookie: listener.cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('also on a refusal without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user/stats' });
    expect(response.statusCode).toBe(401);
    expect(response.headers['cache-control']).toBe('private, no-store');
  });
});
