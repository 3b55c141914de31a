import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notifications, subscriptions, transactions } from '../../db/schema.js';
import type { PremiumCharge } from './billing-calendar.js';
import type { Notice } from './subscription-notices.js';
import type { SubscriptionState } from './subscription-state.js';

export type TransactionRow = typeof transactions.$inferSelect;

const stateColumns = {
  plan: subscriptions.plan,
  status: subscriptions.status,
  nextBillingDate: subscriptions.nextBillingDate,
  paymentMethodType: subscriptions.paymentMethodType,
  paymentMethodLast4: subscriptions.paymentMethodLast4,
  paymentMethodBrand: subscriptions.paymentMethodBrand,
  renewal: subscriptions.renewal,
  graceEndsAt: subscriptions.graceEndsAt,
  endingNoticeFor: subscriptions.endingNoticeFor,
};

export function createSubscriptionQueries(db: Db) {
  return {
    /** A plain read; undefined for an account made before subscriptions existed (it is free). */
    async findSubscription(userId: number): Promise<SubscriptionState | undefined> {
      const [row] = await db.select(stateColumns).from(subscriptions).where(eq(subscriptions.userId, userId));
      return row;
    },

    /** The user's charges, newest first. */
    async listTransactions(userId: number): Promise<TransactionRow[]> {
      return db
        .select()
        .from(transactions)
        .where(eq(transactions.userId, userId))
        .orderBy(desc(transactions.createdAt), desc(transactions.id));
    },

    /**
     * Runs `work` in a transaction holding the user's subscription row (FOR UPDATE): two requests
     * of one user decide one after the other, each on what the other wrote. The row is created
     * first when missing, so there is always one to lock.
     */
    inLockedSubscription<T>(userId: number, work: (state: SubscriptionState, writes: SubscriptionWrites) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => work(await lockSubscription(tx, userId), createSubscriptionWrites(tx, userId)));
    },
  };
}

/** The user's subscription row, locked FOR UPDATE in the transaction `tx` (created first when missing). */
export async function lockSubscription(tx: Db, userId: number): Promise<SubscriptionState> {
  const lock = () => tx.select(stateColumns).from(subscriptions).where(eq(subscriptions.userId, userId)).for('update');
  // Every account made since subscriptions has its row: the insert is for the older ones only.
  const [row] = await lock();
  if (row) return row;
  await tx.insert(subscriptions).values({ userId }).onConflictDoNothing();
  const [created] = await lock();
  return created!;
}

/** The writes of one locked subscription, all in its transaction. */
export function createSubscriptionWrites(tx: Db, userId: number) {
  return {
    async saveSubscription(state: SubscriptionState): Promise<void> {
      await tx.update(subscriptions).set({ ...state, updatedAt: new Date() }).where(eq(subscriptions.userId, userId));
    },

    async insertCharge(charge: PremiumCharge, createdAt?: Date): Promise<TransactionRow> {
      const [row] = await tx
        .insert(transactions)
        .values({ userId, ...charge, ...(createdAt ? { createdAt } : {}) })
        .returning();
      return row!;
    },

    async hasChargeFor(billingPeriod: string): Promise<boolean> {
      const [row] = await tx
        .select({ id: transactions.id })
        .from(transactions)
        .where(and(eq(transactions.userId, userId), eq(transactions.billingPeriod, billingPeriod)))
        .limit(1);
      return row !== undefined;
    },

    async notify(notice: Notice): Promise<void> {
      await tx.insert(notifications).values({ userId, kind: 'subscription', ...notice });
    },
  };
}

export type SubscriptionWrites = ReturnType<typeof createSubscriptionWrites>;
export type SubscriptionQueries = ReturnType<typeof createSubscriptionQueries>;
