import type { SignupRequest } from '@kora/contracts';
import type { FastifyInstance } from 'fastify';
import { buildSignup, type SignedInUser, sessionCookieOf } from '../helpers/factories.js';

export const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
export const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
export const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

type Cookie = { name: string; value: string };
const cookieOf = (cookies: Cookie[], name: string) => cookies.find((c) => c.name === name);

/** A browser's device cookie as it sends it back (the data meter's, which names the browser). */
export function deviceCookieOf(cookies: Cookie[]): string {
  const device = cookieOf(cookies, 'kora_device');
  if (!device) throw new Error('no device cookie set');
  return `kora_device=${device.value}`;
}

/** Signs a new listener up from a browser with this User-Agent. */
export async function signUpOn(app: FastifyInstance, userAgent: string): Promise<SignedInUser & { device: string }> {
  const credentials = buildSignup();
  const response = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: credentials, headers: { 'user-agent': userAgent } });
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.statusCode} ${response.body}`);
  const cookies = response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  return { user: response.json(), cookie: sessionCookieOf(response.cookies), cookies, credentials, device: deviceCookieOf(response.cookies) };
}

/**
 * Signs in as a browser does: with this User-Agent, from `remoteAddress`, and with the browser's
 * device cookie when it has one (`device`); without, it is a browser new to Kora.
 */
export async function logIn(
  app: FastifyInstance,
  credentials: Pick<SignupRequest, 'email' | 'password'>,
  { userAgent, device, remoteAddress }: { userAgent: string; device?: string; remoteAddress?: string },
): Promise<{ cookie: string; device: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: credentials.email, password: credentials.password },
    headers: { 'user-agent': userAgent, ...(device ? { cookie: device } : {}) },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return { cookie: sessionCookieOf(response.cookies), device: deviceCookieOf(response.cookies) };
}
