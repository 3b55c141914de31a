import {
  ACCOUNT_LINK_PAGES,
  type AccountEmail,
  type AccountLinkResult,
  EMAIL_ALREADY_CONFIRMED_MESSAGE,
  EMAIL_CHANGE_UNDO_VALID_DAYS,
  EMAIL_CHANGE_VALID_HOURS,
  EMAIL_CONFIRMATION_VALID_HOURS,
  TOO_MANY_LINKS_MESSAGE,
} from '@kora/contracts';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { Conflict, TooManyRequests } from '../../http/errors.js';
import type { UserRow } from '../auth/queries.js';
import { queueMail } from '../mail/queue-mail.js';
import { emailChangedMail, emailConfirmationMail } from '../mail/templates/account-mails.js';
import type { AttemptLimiter } from '../two-factor/attempt-limiter.js';
import { accountLink, createLinkToken, type LinkOpener, refuseOutdated, useLink } from './account-links.js';
import type { AccountEmailQueries } from './queries.js';

export const EMAIL_CONFIRMED_MESSAGE = 'Your e-mail address is confirmed.';
export const NO_MAIL_MESSAGE = 'This server does not send e-mail, so it does not confirm addresses.';
export const ADDRESS_TAKEN_MESSAGE = 'An account with this email already exists.';
export const emailChangedMessage = (email: string) => `Your account now uses ${email}.`;
export const changeUndoneMessage = (email: string) =>
  `Your account uses ${email} again, and every device has been signed out. If you did not ask for the change, choose a new password now.`;
export const cannotUndoMessage = (email: string) =>
  `Another account uses ${email} now, so the change cannot be undone. Please contact support.`;

const HOUR_MS = 60 * 60_000;

/**
 * The account's address: its confirmation (at sign-up, or sent again), and a change, which applies
 * only once the new address's link is opened and tells the old address how to undo it.
 */
export function createEmailAddressService(deps: {
  queries: AccountEmailQueries;
  /** Counts the links e-mailed per account and per address. */
  limiter: AttemptLimiter;
  linkOrigin: string;
  /** Whether this server confirms addresses: only one that can deliver the links (confirms-email.ts). */
  confirmsEmail: boolean;
  /** Forgets what is remembered of the user (the session cache), so the next request sees the change. */
  forgetUser: (userId: number) => void;
  now?: () => Date;
}) {
  const { queries, limiter, linkOrigin, confirmsEmail, forgetUser } = deps;
  const now = deps.now ?? (() => new Date());

  async function queueConfirmation(tx: Db, user: UserRow, at: Date): Promise<void> {
    const { token, tokenHash } = createLinkToken();
    const expiresAt = new Date(at.getTime() + EMAIL_CONFIRMATION_VALID_HOURS * HOUR_MS);
    await queries.insertToken(tx, { tokenHash, userId: user.id, purpose: 'email-confirmation', email: user.email, expiresAt }, at);
    const confirmUrl = accountLink(linkOrigin, ACCOUNT_LINK_PAGES.confirmEmail, token);
    const mail = emailConfirmationMail({ name: user.firstName, address: user.email, confirmUrl, validHours: EMAIL_CONFIRMATION_VALID_HOURS });
    await queueMail(tx, { address: user.email, name: user.firstName }, mail);
  }

  /** One more link e-mailed for this key, or 429 once there were several lately. */
  async function countLinkMail(key: string): Promise<void> {
    if (!(await limiter.consume(key))) throw new TooManyRequests(TOO_MANY_LINKS_MESSAGE);
  }

  /** An address another account took between the check and the write: the unique index decides, and nothing changes. */
  async function refusingTakenAddress<T>(message: () => string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw new Conflict(message());
      throw error;
    }
  }

  return {
    /** In the sign-up's own transaction: the new account's first confirmation link. */
    async onSignedUp(tx: Db, user: UserRow): Promise<void> {
      if (confirmsEmail) await queueConfirmation(tx, user, now());
    },

    /** The banner's Resend: another link to the account's address. Earlier ones keep working. */
    async resendConfirmation(user: UserRow): Promise<void> {
      if (!confirmsEmail) throw new Conflict(NO_MAIL_MESSAGE);
      if (user.emailConfirmedAt) throw new Conflict(EMAIL_ALREADY_CONFIRMED_MESSAGE);
      await countLinkMail(`account:${user.id}`);
      const at = now();
      await queries.transaction(async (tx) => {
        const locked = await queries.lockUser(tx, user.id);
        if (!locked) return;
        if (locked.emailConfirmedAt) throw new Conflict(EMAIL_ALREADY_CONFIRMED_MESSAGE);
        await queueConfirmation(tx, locked, at);
      });
    },

    async confirmEmail(token: string, opener: LinkOpener): Promise<AccountLinkResult> {
      const at = now();
      const user = await queries.transaction(async (tx) => {
        const { link, user } = await useLink(tx, queries, token, 'email-confirmation', opener, at);
        refuseOutdated(link, user);
        await queries.spendTokens(tx, user.id, ['email-confirmation'], at);
        return queries.setEmail(tx, user.id, user.email, user.emailConfirmedAt ?? at);
      });
      forgetUser(user.id);
      return { message: EMAIL_CONFIRMED_MESSAGE, email: user.email };
    },

    /**
     * A new address, asked for with the current password (checked by the caller): a link to the new
     * address applies it, and the old address is told, with a link that undoes it. Until then the
     * account keeps its address. A new request replaces one still waiting.
     */
    async startChange(user: UserRow, newEmail: string): Promise<void> {
      // Per account, and per address, so no one can fill another's inbox from many accounts.
      await countLinkMail(`account:${user.id}`);
      await countLinkMail(`to:${newEmail}`);
      const at = now();
      await queries.transaction(async (tx) => {
        const locked = await queries.lockUser(tx, user.id);
        if (!locked) return;
        await queries.spendTokens(tx, locked.id, ['email-change'], at);
        const change = createLinkToken();
        const undo = createLinkToken();
        const common = { userId: locked.id, email: locked.email, newEmail };
        await queries.insertToken(tx, { ...common, tokenHash: change.tokenHash, purpose: 'email-change', expiresAt: new Date(at.getTime() + EMAIL_CHANGE_VALID_HOURS * HOUR_MS) }, at);
        await queries.insertToken(tx, { ...common, tokenHash: undo.tokenHash, purpose: 'email-change-undo', expiresAt: new Date(at.getTime() + EMAIL_CHANGE_UNDO_VALID_DAYS * 24 * HOUR_MS) }, at);
        const name = locked.firstName;
        const confirmUrl = accountLink(linkOrigin, ACCOUNT_LINK_PAGES.changeEmail, change.token);
        await queueMail(tx, { address: newEmail, name }, emailConfirmationMail({ name, address: newEmail, confirmUrl, validHours: EMAIL_CHANGE_VALID_HOURS }));
        const undoUrl = accountLink(linkOrigin, ACCOUNT_LINK_PAGES.undoEmailChange, undo.token);
        await queueMail(tx, { address: locked.email, name }, emailChangedMail({ name, newAddress: newEmail, undoUrl, validDays: EMAIL_CHANGE_UNDO_VALID_DAYS }));
      });
    },

    /** The new address's link: the account moves to it, confirmed, if it still has the address the change was asked from. */
    async confirmChange(token: string, opener: LinkOpener): Promise<AccountLinkResult> {
      const at = now();
      const user = await refusingTakenAddress(() => ADDRESS_TAKEN_MESSAGE, () =>
        queries.transaction(async (tx) => {
          const { link, user } = await useLink(tx, queries, token, 'email-change', opener, at);
          refuseOutdated(link, user);
          const newEmail = link.newEmail!;
          if (await queries.isEmailTaken(tx, newEmail, user.id)) throw new Conflict(ADDRESS_TAKEN_MESSAGE);
          await queries.spendTokens(tx, user.id, ['email-change'], at);
          return queries.setEmail(tx, user.id, newEmail, at);
        }),
      );
      forgetUser(user.id);
      return { message: emailChangedMessage(user.email), email: user.email };
    },

    /**
     * The old address's link: the account goes back to it (or, before the change applied, keeps it)
     * and is signed out everywhere, since whoever asked for the change knew the password.
     */
    async undoChange(token: string, opener: LinkOpener): Promise<AccountLinkResult> {
      const at = now();
      let oldEmail = '';
      const user = await refusingTakenAddress(() => cannotUndoMessage(oldEmail), () =>
        queries.transaction(async (tx) => {
          const { link, user } = await useLink(tx, queries, token, 'email-change-undo', opener, at);
          oldEmail = link.email;
          if (await queries.isEmailTaken(tx, oldEmail, user.id)) throw new Conflict(cannotUndoMessage(oldEmail));
          await queries.spendTokens(tx, user.id, ['email-change'], at);
          await queries.deleteSessions(tx, user.id);
          // The link came to the old address, so it works.
          return queries.setEmail(tx, user.id, oldEmail, user.email === oldEmail ? (user.emailConfirmedAt ?? at) : at);
        }),
      );
      forgetUser(user.id);
      return { message: changeUndoneMessage(user.email), email: user.email };
    },

    async accountEmail(user: UserRow): Promise<AccountEmail> {
      const pending = await queries.findPendingChange(user.id, now());
      return {
        email: user.email,
        emailConfirmed: user.emailConfirmedAt !== null,
        emailConfirmationNeeded: confirmsEmail && user.emailConfirmedAt === null,
        pendingEmail: pending?.newEmail ?? null,
        pendingUntil: pending?.expiresAt.toISOString() ?? null,
      };
    },
  };
}

export type EmailAddressService = ReturnType<typeof createEmailAddressService>;
