import { createHash, timingSafeEqual } from 'node:crypto';
import type { TwoFactorSetup, TwoFactorStatus } from '@kora/contracts';
import QRCode from 'qrcode';
import { BadRequest, Conflict, TooManyRequests, Unauthorized } from '../../http/errors.js';
import type { UserRow } from '../auth/queries.js';
import { confirmCurrentPassword } from '../auth/service.js';
import type { AttemptLimiter } from './attempt-limiter.js';
import { generateBackupCodes, hashBackupCode, normalizeBackupCode } from './backup-codes.js';
import type { TwoFactorQueries } from './queries.js';
import { buildOtpauthUri, createTotpSecret, findTotpStep, formatManualEntryKey } from './totp.js';

export const INVALID_CODE = 'Invalid verification code';
export const CODE_ALREADY_USED = 'This code has already been used. Please wait for the next code from your app.';
export const ALREADY_ENABLED = 'Two-factor authentication is already enabled.';
export const NOT_ENABLED = 'Two-factor authentication is not enabled.';
export const SETUP_NOT_ISSUED = 'This setup is not valid for your account. Please start the setup again.';
export const SETUP_EXPIRED = 'This setup has expired. Please start the setup again.';
export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait 15 minutes and try again.';

/** How long a secret from setup waits for its first code. */
export const PENDING_SETUP_TTL_MS = 10 * 60_000;
/** Attempts per user, shared by enable, disable (each also checks the password) and the sign-in second step. */
export const ATTEMPT_LIMIT = { max: 5, windowMs: 15 * 60_000 };

const ENABLED_NOTIFICATION = {
  title: 'Two-factor authentication enabled',
  message: 'Signing in to your account now also needs a code from your authenticator app or a backup code.',
};
const DISABLED_NOTIFICATION = {
  title: 'Two-factor authentication disabled',
  message: "Signing in no longer needs a code. If this wasn't you, change your password and turn it back on.",
};

type CodeCheck = 'accepted' | 'invalid' | 'replayed';
/** Whose session asks: turning two-factor on or off also needs the account's password. */
type Requester = Pick<UserRow, 'id' | 'passwordHash'>;

export function createTwoFactorService(deps: {
  queries: TwoFactorQueries;
  limiter: AttemptLimiter;
  now?: () => Date;
}) {
  const { queries, limiter } = deps;
  const now = deps.now ?? (() => new Date());

  async function countAttempt(userId: number): Promise<void> {
    if (!(await limiter.consume(String(userId)))) throw new TooManyRequests(TOO_MANY_ATTEMPTS);
  }

  /** A TOTP code of the active secret, or an unused backup code; either is spent if accepted. */
  async function checkCode(userId: number, secret: string, code: string, time: Date): Promise<CodeCheck> {
    const step = findTotpStep(secret, code, time);
    if (step !== null) return (await queries.spendTotpStep(userId, step)) ? 'accepted' : 'replayed';
    const backupCode = normalizeBackupCode(code);
    if (backupCode === null) return 'invalid';
    return (await queries.spendBackupCode(userId, hashBackupCode(backupCode), time)) ? 'accepted' : 'invalid';
  }

  return {
    async status(userId: number): Promise<TwoFactorStatus> {
      const row = await queries.findTwoFactor(userId);
      return { enabled: row?.enabled ?? false };
    },

    async isEnabled(userId: number): Promise<boolean> {
      return (await queries.findTwoFactor(userId))?.enabled ?? false;
    },

    async setup(user: { id: number; email: string }): Promise<TwoFactorSetup> {
      const secret = createTotpSecret();
      const backupCodes = generateBackupCodes();
      const started = await queries.startSetup(user.id, {
        secret,
        createdAt: now(),
        codeHashes: backupCodes.map((code) => hashBackupCode(normalizeBackupCode(code)!)),
      });
      if (!started) throw new Conflict(ALREADY_ENABLED);
      return {
        tempSecret: secret,
        backupCodes,
        qrCode: await QRCode.toDataURL(buildOtpauthUri(secret, user.email), { margin: 2, width: 240 }),
        manualEntryKey: formatManualEntryKey(secret),
      };
    },

    /**
     * Turns two-factor on with the secret setup issued to this user (never one the client chose).
     * The password too: a stolen session must not tie the account to the thief's phone.
     */
    async verify(user: Requester, input: { token: string; tempSecret: string; currentPassword: string }): Promise<TwoFactorStatus> {
      const userId = user.id;
      // Counted before the password check, so wrong passwords spend the same allowance as wrong codes.
      await countAttempt(userId);
      await confirmCurrentPassword(user, input.currentPassword);
      const row = await queries.findTwoFactor(userId);
      if (row?.enabled) throw new Conflict(ALREADY_ENABLED);
      if (!row?.pendingSecret || !row.pendingCreatedAt || !sameSecret(row.pendingSecret, input.tempSecret)) {
        throw new BadRequest(SETUP_NOT_ISSUED);
      }
      const time = now();
      if (time.getTime() - row.pendingCreatedAt.getTime() >= PENDING_SETUP_TTL_MS) throw new BadRequest(SETUP_EXPIRED);
      const step = findTotpStep(row.pendingSecret, input.token, time);
      if (step === null) throw new BadRequest(INVALID_CODE);
      const enabled = await queries.enable(userId, {
        pendingSecret: row.pendingSecret,
        step,
        now: time,
        notification: ENABLED_NOTIFICATION,
      });
      // Another request finished or restarted the setup in between.
      if (!enabled) throw new BadRequest(SETUP_NOT_ISSUED);
      await limiter.reset(String(userId));
      return { enabled: true };
    },

    /** Turns two-factor off with a fresh code and the password, so a stolen session alone cannot. */
    async disable(user: Requester, input: { token: string; currentPassword: string }): Promise<TwoFactorStatus> {
      const userId = user.id;
      await countAttempt(userId);
      await confirmCurrentPassword(user, input.currentPassword);
      const row = await queries.findTwoFactor(userId);
      if (!row?.enabled || !row.secret) throw new Conflict(NOT_ENABLED);
      const step = findTotpStep(row.secret, input.token, now());
      if (step === null) throw new BadRequest(INVALID_CODE);
      if (!(await queries.disable(userId, { step, notification: DISABLED_NOTIFICATION }))) {
        throw new BadRequest(CODE_ALREADY_USED);
      }
      await limiter.reset(String(userId));
      return { enabled: false };
    },

    /** The sign-in second step: throws unless `code` is a fresh TOTP code or an unused backup code. */
    async checkSignInCode(userId: number, code: string): Promise<void> {
      await countAttempt(userId);
      const row = await queries.findTwoFactor(userId);
      if (!row?.enabled || !row.secret) throw new Unauthorized(INVALID_CODE);
      const result = await checkCode(userId, row.secret, code, now());
      if (result === 'replayed') throw new Unauthorized(CODE_ALREADY_USED);
      if (result === 'invalid') throw new Unauthorized(INVALID_CODE);
      await limiter.reset(String(userId));
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;

/** Compares digests so the time taken says nothing about how much of the secret matched. */
function sameSecret(issued: string, sent: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(issued), digest(sent));
}
