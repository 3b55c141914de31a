import { ACCOUNT_DELETION_GRACE_DAYS, type AccountDeletion, DELETION_CODE_REQUIRED_MESSAGE, type DeleteAccountRequest } from '@kora/contracts';
import type { Db } from '../../db/client.js';
import { BadRequest, Unauthorized } from '../../http/errors.js';
import { PROCESS_RELEASE_JOB } from '../../jobs/handlers/process-release.js';
import { PURGE_ACCOUNT_ATTEMPTS, PURGE_ACCOUNT_JOB } from '../../jobs/handlers/purge-account.js';
import { STOP_PROVIDER_RENEWAL_ATTEMPTS, STOP_PROVIDER_RENEWAL_JOB } from '../../jobs/handlers/stop-provider-renewal.js';
import { enqueueJob, JOB_PRIORITY } from '../../jobs/queue.js';
import type { MediaStorage } from '../../media/storage.js';
import type { UserRow } from '../auth/queries.js';
import { confirmCurrentPassword, type SecondFactor } from '../auth/service.js';
import { queueMail } from '../mail/queue-mail.js';
import { accountDeletedMail } from '../mail/templates/account-mails.js';
import type { DeletionQueries } from './deletion-queries.js';
import { deleteUnusedObjects, type ExportQueries } from './export-queries.js';

const DAY_MS = 24 * 60 * 60 * 1000;

type Deps = {
  db: Db;
  queries: DeletionQueries;
  exports: ExportQueries;
  storage: MediaStorage;
  secondFactor: SecondFactor;
  /** Drops the account's cached sessions (auth/session-cache.ts), so none outlives the deletion. */
  forgetUser: (userId: number) => void;
  /** PUBLIC_ORIGIN (config.linkOrigin): the final e-mail's way back in. */
  linkOrigin: string;
  now?: () => Date;
};

/**
 * "Delete my account" (issue 18). At once: signed out everywhere, uploads withdrawn, playlists,
 * artist profiles and the profile out of everyone's view, copies of data deleted, Premium's renewal
 * stopped, and a final e-mail saying when it becomes permanent and how to undo it. For
 * ACCOUNT_DELETION_GRACE_DAYS a sign-in brings everything back; then the 'purge-account' job
 * deletes the account for good.
 */
export function createDeletionService({ db, queries, exports, storage, secondFactor, forgetUser, linkOrigin, now = () => new Date() }: Deps) {
  /** The password, and the second factor when it is on: a stolen session alone cannot delete an account. */
  async function confirmOwner(user: UserRow, input: DeleteAccountRequest): Promise<void> {
    await confirmCurrentPassword(user, input.password);
    if (!(await secondFactor.isEnabled(user.id))) return;
    if (!input.code) throw new BadRequest(DELETION_CODE_REQUIRED_MESSAGE);
    try {
      await secondFactor.checkSignInCode(user.id, input.code);
    } catch (error) {
      // The session is fine; a 401 would tell the app to sign the listener out.
      if (error instanceof Unauthorized) throw new BadRequest(error.message);
      throw error;
    }
  }

  return {
    async requestDeletion(user: UserRow, input: DeleteAccountRequest): Promise<AccountDeletion> {
      await confirmOwner(user, input);
      const requestedAt = now();
      const purgeAt = new Date(requestedAt.getTime() + ACCOUNT_DELETION_GRACE_DAYS * DAY_MS);
      const exportFiles = await db.transaction(async (tx) => {
        const account = await queries.lockUser(tx, user.id);
        if (!account) throw new Unauthorized('You need to sign in to do that.');
        await queries.insertPending(tx, { userId: user.id, requestedAt, purgeAt });
        await queries.endSessions(tx, user.id);
        await queries.withdrawUploads(tx, user.id);
        for (const code of await queries.stopRenewals(tx, user.id)) {
          await enqueueJob(tx, STOP_PROVIDER_RENEWAL_JOB, { code }, { maxAttempts: STOP_PROVIDER_RENEWAL_ATTEMPTS });
        }
        const files = await exports.deleteAllOf(tx, user.id);
        await enqueueJob(
          tx,
          PURGE_ACCOUNT_JOB,
          { userId: user.id, requestedAt: requestedAt.toISOString() },
          { delayMs: purgeAt.getTime() - requestedAt.getTime(), maxAttempts: PURGE_ACCOUNT_ATTEMPTS },
        );
        await queueMail(
          tx,
          { address: account.email, name: account.firstName },
          accountDeletedMail({ name: account.firstName, deletedAt: requestedAt, permanentAt: purgeAt, signInUrl: `${linkOrigin}/auth` }),
        );
        return files;
      });
      forgetUser(user.id);
      // Best effort: a file left here is an orphan the start-up sweep removes.
      await deleteUnusedObjects(db, storage, exportFiles).catch(() => {});
      return {
        purgeAt: purgeAt.toISOString(),
        message: `Your account is deleted and you are signed out everywhere. Sign in before ${purgeAt.toUTCString()} to keep it.`,
      };
    },

    /**
     * Called as any session starts (app.ts): a listener who signs in during the grace period gets
     * their account back. One read when there is nothing to undo, as for nearly every sign-in.
     */
    async restoreOnSignIn(userId: number): Promise<boolean> {
      if (!(await queries.findPending(userId))) return false;
      return db.transaction(async (tx) => {
        await queries.lockUser(tx, userId);
        const restored = await queries.restore(tx, userId);
        if (!restored) return false;
        for (const releaseId of restored.releasesToReview) {
          await enqueueJob(tx, PROCESS_RELEASE_JOB, { releaseId }, { priority: JOB_PRIORITY.listenerWaiting });
        }
        return true;
      });
    },
  };
}

export type DeletionService = ReturnType<typeof createDeletionService>;
