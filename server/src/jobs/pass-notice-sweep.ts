import { PASS_ENDING_NOTICE_DAYS } from '@kora/contracts';
import { and, asc, eq, gt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { subscriptions } from '../db/schema.js';
import { createSubscriptionQueries } from '../features/subscription/queries.js';
import { storeSettlement } from '../features/subscription/store-settlement.js';
import { settleSubscription } from '../features/subscription/subscription-lapse.js';
import { forEachInKeysetBatches, type PeriodicSweep, startPeriodicSweep } from './periodic-sweep.js';
import type { JobLog } from './worker.js';

/** Passes looked up at a time. */
const BATCH_SIZE = 100;
/** How often a running server sweeps, besides once at start: a notice is at most this late. */
export const PASS_NOTICE_SWEEP_INTERVAL_MS = 15 * 60_000;

const DAY_MS = 24 * 60 * 60 * 1000;

export type PassNoticeSweepResult = { passes: number; endingSoon: number; ended: number };

/**
 * Settles the one-off passes (which nothing renews) whose "ends soon" notice is due, or that have
 * ended, so the listener is told on time instead of on their next read of the subscription. Each
 * is settled in its locked row's transaction by the rule every read applies (subscription-lapse.ts),
 * which records the notice's billing date: a pass is told once, however many processes sweep.
 */
export async function sweepPassNotices({ db, now = new Date(), signal }: { db: Db; now?: Date; signal?: AbortSignal }): Promise<PassNoticeSweepResult> {
  const queries = createSubscriptionQueries(db);
  const noticeBy = new Date(now.getTime() + PASS_ENDING_NOTICE_DAYS * DAY_MS);
  const result: PassNoticeSweepResult = { passes: 0, endingSoon: 0, ended: 0 };
  await forEachInKeysetBatches(
    BATCH_SIZE,
    (after) =>
      db
        .select({ userId: subscriptions.userId })
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.plan, 'premium'),
            eq(subscriptions.renewal, 'none'),
            lte(subscriptions.nextBillingDate, noticeBy),
            or(lte(subscriptions.nextBillingDate, now), sql`${subscriptions.endingNoticeFor} is distinct from ${subscriptions.nextBillingDate}`),
            gt(subscriptions.userId, after),
          ),
        )
        .orderBy(asc(subscriptions.userId))
        .limit(BATCH_SIZE),
    (row) => row.userId,
    async ({ userId }) => {
      const settlement = await queries.inLockedSubscription(userId, async (locked, writes) => {
        const settled = settleSubscription(locked, now);
        await storeSettlement(settled, writes);
        return settled;
      });
      if (settlement.endingSoon) result.endingSoon++;
      if (settlement.lapse) result.ended++;
      result.passes++;
    },
    signal,
  );
  return result;
}

/** Sweeps once now and then every intervalMs until stopped (see startPeriodicSweep). */
export function startPassNoticeSweeps({ db, log, intervalMs = PASS_NOTICE_SWEEP_INTERVAL_MS }: { db: Db; log: JobLog; intervalMs?: number }): PeriodicSweep {
  return startPeriodicSweep({
    sweep: (signal) => sweepPassNotices({ db, signal }),
    intervalMs,
    log,
    onResult: (result) => {
      if (result.endingSoon + result.ended > 0) log.info(result, 'Pass notices sent');
    },
    failureMessage: 'Pass notice sweep failed',
  });
}
