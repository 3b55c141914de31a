import {
  changePasswordRequestSchema,
  loginRequestSchema,
  loginSecondStepRequestSchema,
  signupRequestSchema,
  type LoginChallenge,
} from '@kora/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Forbidden } from '../../http/errors.js';
import { type RequestLimit, routeRateLimit } from '../../http/rate-limit.js';
import { parseInput } from '../../http/validate.js';
import { renewDeviceCookie, signInDeviceId } from '../data-usage/device-cookie.js';
import { presentUser } from './presenter.js';
import type { AuthService, SignedIn } from './service.js';
import { currentUser } from './session-guard.js';
import { SESSION_COOKIE } from './session-token.js';

export const LOGOUT_FROM_ELSEWHERE = 'Sign out from Kora itself: a link on another site cannot sign you out.';

type AuthRouteOptions = { auth: AuthService; rateLimit: RequestLimit; confirmsEmail: boolean };

export async function authRoutes(app: FastifyInstance, { auth, rateLimit, confirmsEmail }: AuthRouteOptions): Promise<void> {
  const limited = { public: true as const, rateLimit: routeRateLimit(rateLimit) };

  app.post('/api/auth/signup', { config: limited }, async (request, reply) => {
    const input = parseInput(signupRequestSchema, request.body);
    const from = meta(request);
    const signedIn = await auth.signup(input, from);
    setSessionCookie(request, reply, signedIn, from.deviceId);
    return reply.status(201).send(presentUser(signedIn.user, confirmsEmail));
  });

  app.post('/api/auth/login', { config: limited }, async (request, reply) => {
    const input = parseInput(loginRequestSchema, request.body);
    const from = meta(request);
    const result = await auth.login(input, from);
    if (result.twoFactorRequired) {
      // No session yet: the sign-in finishes at /api/auth/login/2fa.
      const challenge: LoginChallenge = { twoFactorRequired: true, challenge: result.challenge };
      return reply.header('cache-control', 'no-store').send(challenge);
    }
    setSessionCookie(request, reply, result, from.deviceId);
    return presentUser(result.user, confirmsEmail);
  });

  app.post('/api/auth/login/2fa', { config: limited }, async (request, reply) => {
    const input = parseInput(loginSecondStepRequestSchema, request.body);
    const from = meta(request);
    const signedIn = await auth.completeLogin(input, from);
    setSessionCookie(request, reply, signedIn, from.deviceId);
    return presentUser(signedIn.user, confirmsEmail);
  });

  app.post('/api/auth/logout', { config: { public: true } }, async (request, reply) => {
    await auth.logout(request.cookies[SESSION_COOKIE]);
    clearSessionCookie(reply);
    return { message: 'Signed out' };
  });

  // The Sign Out fallback is a browser navigation: revoke, then land on the landing page.
  app.get('/api/logout', { config: { public: true } }, async (request, reply) => {
    // SameSite=Lax sends the cookie on a top-level navigation from any site, so a link or image
    // elsewhere could sign the user out. Browsers say so in Sec-Fetch-Site; one that sends none
    // (an old browser), a typed address or bookmark ('none') and Kora's own pages still sign out.
    if (request.headers['sec-fetch-site'] === 'cross-site') throw new Forbidden(LOGOUT_FROM_ELSEWHERE);
    await auth.logout(request.cookies[SESSION_COOKIE]);
    clearSessionCookie(reply);
    return reply.redirect('/', 302);
  });

  app.get('/api/auth/user', async (request) => presentUser(currentUser(request), confirmsEmail));

  // Rate limited like sign-in: it checks a password, so it must not become a guessing oracle.
  app.post('/api/auth/password', { config: { rateLimit: limited.rateLimit } }, async (request) => {
    const input = parseInput(changePasswordRequestSchema, request.body);
    await auth.changePassword(currentUser(request), request.cookies[SESSION_COOKIE]!, input);
    return { message: 'Password changed' };
  });
}

function meta(request: FastifyRequest) {
  return { userAgent: request.headers['user-agent'], deviceId: signInDeviceId(request), ipAddress: request.ip };
}

function setSessionCookie(request: FastifyRequest, reply: FastifyReply, signedIn: SignedIn, deviceId: string): void {
  reply.setCookie(SESSION_COOKIE, signedIn.token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: '/',
    expires: signedIn.expiresAt,
  });
  // The browser's id (features/data-usage), which outlives the session: the data meter's "this
  // device", and how a sign-in from a browser new to the account is told (features/sessions).
  renewDeviceCookie(request, reply, deviceId);
}

function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
