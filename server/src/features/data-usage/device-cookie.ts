import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A long-lived random id for the browser, apart from the session, so "this device" in the data
 * meter survives signing out and in. It names a device, never a person: it opens nothing.
 */
export const DEVICE_COOKIE = 'kora_device';

/** Chrome keeps a cookie at most 400 days; each sign-in renews it. */
const DEVICE_COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;
const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** The request's device id when its cookie holds a well-formed one. */
function presentedDeviceId(request: FastifyRequest): string | undefined {
  const id = request.cookies[DEVICE_COOKIE];
  return id !== undefined && DEVICE_ID_PATTERN.test(id) ? id : undefined;
}

function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, id: string): string {
  reply.setCookie(DEVICE_COOKIE, id, {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: '/',
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
  return id;
}

const newDeviceId = () => randomBytes(16).toString('base64url');

/** At sign-in and sign-up: the device's id, or a new one for a browser that brought none. */
export function signInDeviceId(request: FastifyRequest): string {
  return presentedDeviceId(request) ?? newDeviceId();
}

/** At sign-in and sign-up: keeps the device's id (renewing the cookie), or gives it its new one. */
export function renewDeviceCookie(request: FastifyRequest, reply: FastifyReply, id: string): void {
  setDeviceCookie(request, reply, id);
}

/**
 * The asking device (GET /api/data-usage), given its cookie now if it came without one: a browser
 * signed in before the data meter existed gets it the first time it shows the figures.
 */
export function deviceIdOf(request: FastifyRequest, reply: FastifyReply): string {
  return presentedDeviceId(request) ?? setDeviceCookie(request, reply, newDeviceId());
}

/**
 * The device an answer's bytes are counted under: its cookie's, or none ('') without one; the
 * account's figures count them either way. Answers never set the cookie: a Set-Cookie on every
 * answer to a client that keeps none (a script, a benchmark) cost about a tenth of the streaming
 * path's CPU (bench/streaming.ts).
 */
export function meteredDeviceOf(request: FastifyRequest): string {
  return presentedDeviceId(request) ?? '';
}
