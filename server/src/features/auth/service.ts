import {
  PRODUCT_NAME,
  SESSION_LAST_SEEN_INTERVAL_MS,
  SIGN_IN_EXPIRED_MESSAGE,
  type LoginRequest,
  type SignupRequest,
} from '@kora/contracts';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { BadRequest, Conflict, Unauthorized } from '../../http/errors.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password.js';
import type { AuthQueries, UserRow } from './queries.js';
import type { ActiveSession, SessionCache } from './session-cache.js';
import { createSessionToken, hashSessionToken, isWellFormedToken } from './session-token.js';

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const EMAIL_TAKEN = 'An account with this email already exists. Log in instead.';
export const SIGN_IN_EXPIRED = SIGN_IN_EXPIRED_MESSAGE;
export const WRONG_CURRENT_PASSWORD = 'Your current password is not correct.';
export const SAME_PASSWORD = 'The new password must differ from the current one.';
/** How long the second step of a sign-in with two-factor waits, and how many codes it takes. */
export const LOGIN_CHALLENGE_TTL_MS = 5 * 60_000;
export const LOGIN_CHALLENGE_MAX_ATTEMPTS = 5;

/** Where a sign-in comes from: the browser's device cookie (features/data-usage/device-cookie.ts) and address. */
type SessionMeta = { userAgent: string | undefined; deviceId: string; ipAddress: string };
/** A session to store as it starts (features/sessions/service.ts), with what its e-mail needs. */
export type NewSession = SessionMeta & {
  tokenHash: string;
  user: UserRow;
  startedAt: Date;
  expiresAt: Date;
  /** A sign-up: its browser becomes known without a "New sign-in" e-mail. */
  isNewAccount: boolean;
};
export type SignedIn = { user: UserRow; token: string; expiresAt: Date };
/** A right password either signs in or, with two-factor on, asks for a code first. */
export type LoginResult = ({ twoFactorRequired: false } & SignedIn) | { twoFactorRequired: true; challenge: string };

/** What sign-in needs from two-factor (features/two-factor/service.ts). */
export type SecondFactor = {
  isEnabled(userId: number): Promise<boolean>;
  /** Throws unless the code is a fresh TOTP code or an unused backup code, and spends it. */
  checkSignInCode(userId: number, code: string): Promise<void>;
};

/**
 * Throws unless `password` is the user's current one. Asked again before the changes a stolen
 * session must not make alone (a new password or e-mail address, two-factor on or off); callers
 * count each try against a rate limit, so this cannot become a guessing oracle.
 */
export async function confirmCurrentPassword(user: Pick<UserRow, 'passwordHash'>, password: string): Promise<void> {
  if (!(await verifyPassword(user.passwordHash, password))) throw new BadRequest(WRONG_CURRENT_PASSWORD);
}

export function createAuthService(deps: {
  queries: AuthQueries;
  secondFactor: SecondFactor;
  sessionTtlMs: number;
  recordSession: (session: NewSession) => Promise<void>;
  /** Only when this process is the database's single writer (see session-cache.ts). */
  cache?: SessionCache;
  /** Done in the sign-up's transaction: the address's confirmation link (features/account-email). */
  onSignedUp?: (tx: Db, user: UserRow) => Promise<void>;
  now?: () => Date;
}) {
  const { queries, secondFactor, sessionTtlMs, recordSession, cache, onSignedUp } = deps;
  const now = deps.now ?? (() => new Date());

  async function startSession(user: UserRow, meta: SessionMeta, isNewAccount = false): Promise<SignedIn> {
    const token = createSessionToken();
    const startedAt = now();
    const expiresAt = new Date(startedAt.getTime() + sessionTtlMs);
    await recordSession({
      ...meta,
      userAgent: meta.userAgent?.slice(0, 300),
      tokenHash: hashSessionToken(token),
      user,
      startedAt,
      expiresAt,
      isNewAccount,
    });
    return { user, token, expiresAt };
  }

  async function findSession(tokenHash: string): Promise<ActiveSession | undefined> {
    const evictionCount = cache?.evictionCount();
    const found = await queries.findSessionUser(tokenHash, now());
    if (found && evictionCount !== undefined) cache?.set(tokenHash, found, evictionCount);
    return found;
  }

  /** Last seen moves at most once an interval: a database write on every request would cost every request. */
  function seenWithinInterval(session: ActiveSession, time: Date): boolean {
    return time.getTime() - session.lastSeenAt.getTime() < SESSION_LAST_SEEN_INTERVAL_MS;
  }

  async function noteSeen(tokenHash: string, session: ActiveSession): Promise<void> {
    const time = now();
    if (seenWithinInterval(session, time)) return;
    // Moved before the write, so the session's other requests meanwhile do not write as well.
    session.lastSeenAt = time;
    await queries.touchSession(tokenHash, time);
  }

  async function issueLoginChallenge(userId: number): Promise<string> {
    // The same 256-bit random token as a session, and likewise only its hash is kept.
    const challenge = createSessionToken();
    const time = now();
    await queries.insertLoginChallenge(
      { tokenHash: hashSessionToken(challenge), userId, expiresAt: new Date(time.getTime() + LOGIN_CHALLENGE_TTL_MS) },
      time,
    );
    return challenge;
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
          onSignedUp,
        );
      } catch (error) {
        // Two sign-ups with one e-mail at the same moment: the unique index decides.
        if (isUniqueViolation(error)) throw new Conflict(EMAIL_TAKEN);
        throw error;
      }
      return startSession(user, meta, true);
    },

    async login(input: LoginRequest, meta: SessionMeta): Promise<LoginResult> {
      const user = await queries.findUserByEmail(input.email);
      if (!user) {
        await verifyAgainstDummy(input.password);
        throw new Unauthorized(INVALID_CREDENTIALS);
      }
      if (!(await verifyPassword(user.passwordHash, input.password))) throw new Unauthorized(INVALID_CREDENTIALS);
      if (await secondFactor.isEnabled(user.id)) {
        return { twoFactorRequired: true, challenge: await issueLoginChallenge(user.id) };
      }
      return { twoFactorRequired: false, ...(await startSession(user, meta)) };
    },

    /** The second step: a code for the challenge login issued; the session starts only now. */
    async completeLogin(input: { challenge: string; code: string }, meta: SessionMeta): Promise<SignedIn> {
      if (!isWellFormedToken(input.challenge)) throw new Unauthorized(SIGN_IN_EXPIRED);
      const tokenHash = hashSessionToken(input.challenge);
      const attempt = await queries.countLoginChallengeAttempt(tokenHash, now(), LOGIN_CHALLENGE_MAX_ATTEMPTS);
      if (!attempt) {
        await queries.deleteLoginChallenge(tokenHash);
        throw new Unauthorized(SIGN_IN_EXPIRED);
      }
      try {
        await secondFactor.checkSignInCode(attempt.userId, input.code);
      } catch (error) {
        if (attempt.attempts >= LOGIN_CHALLENGE_MAX_ATTEMPTS) await queries.deleteLoginChallenge(tokenHash);
        throw error;
      }
      // One challenge starts at most one session: only the request that removes it goes on.
      if (!(await queries.deleteLoginChallenge(tokenHash))) throw new Unauthorized(SIGN_IN_EXPIRED);
      const user = await queries.findUserById(attempt.userId);
      if (!user) throw new Unauthorized(SIGN_IN_EXPIRED);
      return startSession(user, meta);
    },

    /**
     * Changes the password of the session's user after checking the current one, and signs out
     * every other device: whoever knew the old password keeps no session.
     */
    async changePassword(user: UserRow, token: string, input: { currentPassword: string; newPassword: string }): Promise<void> {
      await confirmCurrentPassword(user, input.currentPassword);
      if (input.currentPassword === input.newPassword) throw new BadRequest(SAME_PASSWORD);
      const keep = hashSessionToken(token);
      await queries.replacePassword(user.id, await hashPassword(input.newPassword), keep);
      // Cached sessions of the user hold the old hash and, on other devices, are revoked now.
      cache?.deleteUser(user.id);
    },

    async logout(token: string | undefined): Promise<void> {
      if (!isWellFormedToken(token)) return;
      const tokenHash = hashSessionToken(token);
      cache?.delete(tokenHash);
      await queries.deleteSession(tokenHash);
    },

    /**
     * The user of a cached session whose last-seen time needs no write now, or undefined: then
     * authenticate() decides. Synchronous, so the session guard's common case makes no promise.
     */
    cachedUser(token: string | undefined): UserRow | undefined {
      if (!cache || !isWellFormedToken(token)) return undefined;
      const session = cache.get(hashSessionToken(token));
      return session && seenWithinInterval(session, now()) ? session.user : undefined;
    },

    async authenticate(token: string | undefined): Promise<UserRow | undefined> {
      if (!isWellFormedToken(token)) return undefined;
      const tokenHash = hashSessionToken(token);
      const session = cache?.get(tokenHash) ?? (await findSession(tokenHash));
      if (!session) return undefined;
      await noteSeen(tokenHash, session);
      return session.user;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
