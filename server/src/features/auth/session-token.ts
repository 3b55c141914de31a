import { hash, randomBytes } from 'node:crypto';

export const SESSION_COOKIE = 'kora_session';

/** 256 random bits, sent to the browser; only its hash is stored. */
export function createSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Runs on every signed-in request: the one-shot hash costs a fraction of a Hash object's setup. */
export function hashSessionToken(token: string): string {
  return hash('sha256', token, 'base64url');
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function isWellFormedToken(token: string | undefined): token is string {
  return token !== undefined && TOKEN_PATTERN.test(token);
}
