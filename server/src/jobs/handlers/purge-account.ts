import { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { AccountPurge } from '../../features/account-data/account-purge.js';
import { enqueueJob } from '../queue.js';
import type { JobHandler } from '../worker.js';

/** Payload { userId, requestedAt }: queued with a deletion, due when its grace period ends (features/account-data). */
export const PURGE_ACCOUNT_JOB = 'purge-account';

/** A purge that fails (a store that is down) is tried again with the queue's backoff, for about two hours. */
export const PURGE_ACCOUNT_ATTEMPTS = 15;

const payloadSchema = z.object({ userId: z.number().int().positive(), requestedAt: z.iso.datetime() });

/**
 * 'purge-account': deletes an account for good once its grace period is over (features/account-data/account-purge.ts).
 * A listener who signed in meanwhile, or asked again later (that request has its own job), is left
 * alone; a job that finds the account not due yet queues itself again for the due time.
 */
export function createPurgeAccountHandler({ db, accounts }: { db: Db; accounts: AccountPurge }): JobHandler {
  return {
    async run(payload) {
      const { userId, requestedAt } = payloadSchema.parse(payload);
      const result = await accounts.purge(userId, requestedAt);
      if (result.outcome === 'not-due') {
        await enqueueJob(db, PURGE_ACCOUNT_JOB, { userId, requestedAt }, { delayMs: result.dueInMs, maxAttempts: PURGE_ACCOUNT_ATTEMPTS });
      }
      return result;
    },
  };
}
