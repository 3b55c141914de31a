import { ACCOUNT_LINK_PAGES, PASSWORD_RESET_VALID_MINUTES, type PasswordResetLink } from '@kora/contracts';
import { queueMail } from '../mail/queue-mail.js';
import { passwordChangedMail, passwordResetMail } from '../mail/templates/account-mails.js';
import { hashPassword } from '../auth/password.js';
import type { AttemptLimiter } from '../two-factor/attempt-limiter.js';
import { accountLink, createLinkToken, inspectLink, type LinkOpener, refuseOutdated, useLink } from './account-links.js';
import type { AccountEmailQueries } from './queries.js';

/** The background job that makes a forgotten password's link: payload `{ email }`. */
export const PASSWORD_RESET_REQUEST_JOB = 'password-reset-request';
const PASSWORD_RESET_REQUEST_ATTEMPTS = 3;

/**
 * Makes a reset link for the account of `email`, if there is one, and queues its e-mail, together.
 * Runs as a job: the request that asked for it did the same work (one queued job) for every
 * address, so neither its answer nor its time tells whether an account uses the address.
 */
export async function issuePasswordReset(
  queries: AccountEmailQueries,
  { email, linkOrigin, now }: { email: string; linkOrigin: string; now: Date },
): Promise<{ mailJobId: number | null }> {
  const user = await queries.findUserByEmail(email);
  if (!user) return { mailJobId: null };
  const { token, tokenHash } = createLinkToken();
  return queries.transaction(async (tx) => {
    const expiresAt = new Date(now.getTime() + PASSWORD_RESET_VALID_MINUTES * 60_000);
    await queries.insertToken(tx, { tokenHash, userId: user.id, purpose: 'password-reset', email: user.email, expiresAt }, now);
    const resetUrl = accountLink(linkOrigin, ACCOUNT_LINK_PAGES.resetPassword, token);
    const mail = passwordResetMail({ name: user.firstName, resetUrl, validMinutes: PASSWORD_RESET_VALID_MINUTES });
    return { mailJobId: await queueMail(tx, { address: user.email, name: user.firstName }, mail) };
  });
}

/** A forgotten password: the request for a link, the link's check, and the new password. */
export function createPasswordResetService(deps: {
  queries: AccountEmailQueries;
  /** Counts the links e-mailed per address (features/account-email/link-mail-limits.ts). */
  limiter: AttemptLimiter;
  linkOrigin: string;
  /** Forgets what is remembered of the user (the session cache), so their revoked sessions stop at once. */
  forgetUser: (userId: number) => void;
  now?: () => Date;
}) {
  const { queries, limiter, linkOrigin, forgetUser } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    /**
     * Queues the job that e-mails a link, unless this address was sent several lately. Every
     * address counts, with or without an account, and the caller answers the same either way: an
     * address over its limit is silently sent nothing more, so nobody can tell, or keep someone's
     * inbox full.
     */
    async requestReset(email: string): Promise<void> {
      if (!(await limiter.consume(`reset:${email}`))) return;
      await queries.enqueue(PASSWORD_RESET_REQUEST_JOB, { email }, PASSWORD_RESET_REQUEST_ATTEMPTS);
    },

    /** Whether the link still works, before the page asks for a new password: the account's address. */
    async checkReset(token: string, opener: LinkOpener): Promise<PasswordResetLink> {
      const link = await inspectLink(queries, token, 'password-reset', opener, now());
      const user = await queries.findUserById(link.userId);
      if (user) refuseOutdated(link, user);
      return { email: link.email };
    },

    /**
     * Sets the new password and signs the account out everywhere: whoever knew the old password
     * keeps no session. Nobody is signed in by it: the next sign-in asks for the new password and,
     * when two-factor is on, a code, as always.
     */
    async resetPassword(token: string, newPassword: string, opener: LinkOpener): Promise<void> {
      // Checked before the costly hash, which is then made outside the transaction's locks.
      await inspectLink(queries, token, 'password-reset', opener, now());
      const passwordHash = await hashPassword(newPassword);
      const at = now();
      const user = await queries.transaction(async (tx) => {
        const { link, user } = await useLink(tx, queries, token, 'password-reset', opener, at);
        refuseOutdated(link, user);
        await queries.setPassword(tx, user.id, passwordHash);
        // The other reset links are moot, and so is an address change waiting for its link: whoever
        // asked for it knew the old password.
        await queries.spendTokens(tx, user.id, ['password-reset', 'email-change'], at);
        await queries.deleteSessions(tx, user.id);
        // The link came to this address, so the address works.
        if (!user.emailConfirmedAt) await queries.setEmail(tx, user.id, user.email, at);
        const resetUrl = `${linkOrigin}${ACCOUNT_LINK_PAGES.forgotPassword}`;
        await queueMail(tx, { address: user.email, name: user.firstName }, passwordChangedMail({ name: user.firstName, at, resetUrl }));
        return user;
      });
      forgetUser(user.id);
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
