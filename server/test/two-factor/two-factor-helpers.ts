import type { TwoFactorSetup } from '@kora/contracts';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { vi } from 'vitest';
import type { SignedInUser } from '../helpers/factories.js';

/** Mid-way through a 30-second step, so ±1 step is unambiguous. */
export const FIXED_START = new Date('2031-03-04T05:06:15.000Z');
export const STEP_MS = 30_000;

/** Fakes only Date (not timers): the app, the database driver and the test share one clock. */
export function useFixedClock(start: Date = FIXED_START): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(start);
}

export function advanceClock(ms: number): void {
  vi.setSystemTime(new Date(Date.now() + ms));
}

/** The code an authenticator app would show, computed independently with otpauth. */
export function totpCode(secret: string, offsetMs = 0): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offsetMs });
}

export async function startSetup(app: FastifyInstance, cookie: string): Promise<TwoFactorSetup> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/2fa/setup', headers: { cookie } });
  if (response.statusCode !== 200) throw new Error(`setup failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** Turning two-factor on, with the user's own password unless the test gives another. */
export function verify(
  app: FastifyInstance,
  user: SignedInUser,
  body: { token: string; tempSecret: string; currentPassword?: string },
) {
  const payload = { currentPassword: user.credentials.password, ...body };
  return app.inject({ method: 'POST', url: '/api/auth/2fa/verify', headers: { cookie: user.cookie }, payload });
}

/** Turning two-factor off, with the user's own password unless the test gives another. */
export function disable(app: FastifyInstance, user: SignedInUser, token: string, currentPassword = user.credentials.password) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/2fa/disable',
    headers: { cookie: user.cookie },
    payload: { token, currentPassword },
  });
}

/** Sets up and enables two-factor for a signed-in user; returns the setup it used. */
export async function enableTwoFactor(app: FastifyInstance, user: SignedInUser): Promise<TwoFactorSetup> {
  const setup = await startSetup(app, user.cookie);
  const response = await verify(app, user, { token: totpCode(setup.tempSecret), tempSecret: setup.tempSecret });
  if (response.statusCode !== 200) throw new Error(`verify failed: ${response.statusCode} ${response.body}`);
  return setup;
}

export function login(app: FastifyInstance, user: SignedInUser) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.credentials.email, password: user.credentials.password },
  });
}

export async function loginChallenge(app: FastifyInstance, user: SignedInUser): Promise<string> {
  const response = await login(app, user);
  const body = response.json();
  if (!body.twoFactorRequired) throw new Error(`expected a challenge: ${response.statusCode} ${response.body}`);
  return body.challenge;
}

export function secondStep(app: FastifyInstance, challenge: string, code: string) {
  return app.inject({ method: 'POST', url: '/api/auth/login/2fa', payload: { challenge, code } });
}
