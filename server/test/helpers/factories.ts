import { randomBytes } from 'node:crypto';
import type { SignupRequest, User } from '@kora/contracts';
import type { FastifyInstance } from 'fastify';

let counter = 0;

export function buildSignup(overrides: Partial<SignupRequest> = {}): SignupRequest {
  counter += 1;
  return {
    email: `listener${counter}-${randomBytes(3).toString('hex')}@example.com`,
    password: 'correct horse battery',
    firstName: 'Adaeze',
    lastName: 'Okafor',
    ...overrides,
  };
}

export type SignedInUser = {
  user: User;
  /** The session cookie alone. */
  cookie: string;
  /** Every cookie the sign-up set, as a browser sends them back: the session and the device (the data meter's). */
  cookies: string;
  credentials: SignupRequest;
};

/** Signs a new user up through the API and returns the cookies to send back. */
export async function signUp(app: FastifyInstance, overrides: Partial<SignupRequest> = {}): Promise<SignedInUser> {
  const credentials = buildSignup(overrides);
  const response = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: credentials });
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.statusCode} ${response.body}`);
  const cookies = response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  return { user: response.json(), cookie: sessionCookieOf(response.cookies), cookies, credentials };
}

export function sessionCookieOf(cookies: { name: string; value: string }[]): string {
  const session = cookies.find((c) => c.name === 'kora_session');
  if (!session) throw new Error('no session cookie set');
  return `kora_session=${session.value}`;
}
