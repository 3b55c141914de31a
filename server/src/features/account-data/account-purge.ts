import type { Db } from '../../db/client.js';
import type { MediaStorage } from '../../media/storage.js';
import type { DeletionQueries } from './deletion-queries.js';
import { deleteUnusedObjects } from './export-queries.js';

export type PurgeOutcome = { outcome: 'purged' | 'skipped' } | { outcome: 'not-due'; dueInMs: number };

/**
 * The end of a deletion's grace period ('purge-account' job): the account deleted for good, then the
 * stored files only it used. Nothing happens to a listener who came back, or who asked again later
 * (that request's job purges); an account not yet due (a clock ahead of this one queued the job)
 * is left for a later run.
 */
export function createAccountPurge({ db, queries, storage, now = () => new Date() }: { db: Db; queries: DeletionQueries; storage: MediaStorage; now?: () => Date }) {
  return {
    async purge(userId: number, requestedAt: string): Promise<PurgeOutcome> {
      const pending = await queries.findPending(userId);
      if (!pending || pending.requestedAt.toISOString() !== requestedAt) return { outcome: 'skipped' };
      const dueInMs = pending.purgeAt.getTime() - now().getTime();
      if (dueInMs > 0) return { outcome: 'not-due', dueInMs };
      const keys = await db.transaction(async (tx) => {
        await queries.lockUser(tx, userId);
        // Signed in while this waited for the lock: the account stays.
        if ((await queries.findPending(userId, tx))?.requestedAt.toISOString() !== requestedAt) return undefined;
        const found = await queries.findMediaKeys(tx, userId);
        await queries.purge(tx, userId);
        return found;
      });
      if (!keys) return { outcome: 'skipped' };
      await deleteUnusedObjects(db, storage, keys);
      return { outcome: 'purged' };
    },
  };
}

export type AccountPurge = ReturnType<typeof createAccountPurge>;
