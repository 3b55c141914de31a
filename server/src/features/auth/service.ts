import { PRODUCT_NAME, type LoginRequest, type SignupRequest } from '@kora/contracts';
import { isUniqueViolation } from '../../db/errors.js';
import { Conflict, Unauthorized } from '../../http/errors.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password.js';
import type { AuthQueries, UserRow } from './queries.js';
import type { SessionCache } from './session-cache.js';
import { createSessionToken, hashSessionToken, isWellFormedToken } from './session-token.js';

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const EMAIL_TAKEN = 'An account with this email already exists. Log in instead.';

type SessionMeta = { userAgent: string | undefined };
export type SignedIn = { user: UserRow; token: string; expiresAt: Date };

export function createAuthService(deps: {
  queries: AuthQueries;
  sessionTtlMs: number;
  /** Only when this process is the database's single writer (see session-cache.ts). */
  cache?: SessionCache;
  now?: () => Date;
}) {
  const { queries, sessionTtlMs, cache } = deps;
  const now = deps.now ?? (() => new Date());

  async function startSession(user: UserRow, meta: SessionMeta): Promise<SignedIn> {
    const token = createSessionToken();
    const expiresAt = new Date(now().getTime() + sessionTtlMs);
    await queries.insertSession({
      tokenHash: hashSessionToken(token),
      userId: user.id,
      expiresAt,
      userAgent: meta.userAgent?.slice(0, 300),
    });
    return { user, token, expiresAt };
  }

  return {
    async signup(input: SignupRequest, meta: SessionMeta): Promise<SignedIn> {
      if (await queries.findUserByEmail(input.email)) throw new Conflict(EMAIL_TAKEN);
      const passwordHash = await hashPassword(input.password);
      let user: UserRow;
      try {
        user = await queries.insertUserWithDefaults(
          { email: input.email, passwordHash, firstName: input.firstName, lastName: input.lastName },
          {
            title: `Welcome to ${PRODUCT_NAME}!`,
            message: `Hi ${input.firstName}, your account is ready. Start listening, build playlists and share your music.`,
          },
        );
      } catch (error) {
        // Two sign-ups with one e-mail at the same moment: the unique index decides.
        if (isUniqueViolation(error)) throw new Conflict(EMAIL_TAKEN);
        throw error;
      }
      return startSession(user, meta);
    },

    async login(input: LoginRequest, meta: SessionMeta): Promise<SignedIn> {
      const user = await queries.findUserByEmail(input.email);
      if (!user) {
        await verifyAgainstDummy(input.password);
        throw new Unauthorized(INVALID_CREDENTIALS);
      }
      if (!(await verifyPassword(user.passwordHash, input.password))) throw new Unauthorized(INVALID_CREDENTIALS);
      return startSession(user, meta);
    },

    async logout(token: string | undefined): Promise<void> {
      if (!isWellFormedToken(token)) return;
      const tokenHash = hashSessionToken(token);
      cache?.delete(tokenHash);
      await queries.deleteSession(tokenHash);
    },

    async authenticate(token: string | undefined): Promise<UserRow | undefined> {
      if (!isWellFormedToken(token)) return undefined;
      const tokenHash = hashSessionToken(token);
      const cached = cache?.get(tokenHash);
      if (cached) return cached;
      const found = await queries.findSessionUser(tokenHash, now());
      if (found) cache?.set(tokenHash, found.user, found.expiresAt);
      return found?.user;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
