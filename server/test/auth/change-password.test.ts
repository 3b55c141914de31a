import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieOf, signUp } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function changePassword(cookie: string, payload: unknown) {
  return t.app.inject({ method: 'POST', url: '/api/auth/password', headers: { cookie }, payload: payload as object });
}

async function logIn(email: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
}

async function isSignedIn(cookie: string): Promise<boolean> {
  return (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode === 200;
}

describe('POST /api/auth/password', () => {
  it('changes the password, keeps this session and signs every other device out', async () => {
    const { cookie, credentials } = await signUp(t.app);
    const otherDevice = sessionCookieOf((await logIn(credentials.email, credentials.password)).cookies);
    expect(await isSignedIn(otherDevice)).toBe(true);

    const response = await changePassword(cookie, { currentPassword: credentials.password, newPassword: 'a-new-secret' });
    expect(response.statusCode).toBe(200);

    expect(await isSignedIn(cookie)).toBe(true);
    expect(await isSignedIn(otherDevice)).toBe(false);
    expect((await logIn(credentials.email, credentials.password)).statusCode).toBe(401);
    expect((await logIn(credentials.email, 'a-new-secret')).statusCode).toBe(200);
  });

  it('refuses a wrong current password with 400 and changes nothing', async () => {
    const { cookie, credentials } = await signUp(t.app);
    const response = await changePassword(cookie, { currentPassword: 'not-my-password', newPassword: 'a-new-secret' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Your current password is not correct.' });
    expect((await logIn(credentials.email, credentials.password)).statusCode).toBe(200);
  });

  it.each([
    [{ newPassword: 'a-new-secret' }, 'Please enter your current password.'],
    [{ currentPassword: 'x', newPassword: '12345' }, 'Password must be at least 6 characters'],
  ])('refuses %j with 400', async (payload, message) => {
    const { cookie } = await signUp(t.app);
    const response = await changePassword(cookie, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(message);
  });

  it('refuses the same password as the new one', async () => {
    const { cookie, credentials } = await signUp(t.app);
    const response = await changePassword(cookie, { currentPassword: credentials.password, newPassword: credentials.password });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The new password must differ from the current one.' });
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/password', payload: { currentPassword: 'a', newPassword: 'bbbbbb' } });
    expect(response.statusCode).toBe(401);
  });
});
