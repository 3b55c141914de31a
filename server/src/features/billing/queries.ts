import { and, desc, eq, gte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { paymentCheckouts, paymentEvents, paymentSubscriptions, subscriptions, transactions, users } from '../../db/schema.js';
import { STOP_PROVIDER_RENEWAL_ATTEMPTS, STOP_PROVIDER_RENEWAL_JOB } from '../../jobs/handlers/stop-provider-renewal.js';
import { enqueueJob } from '../../jobs/queue.js';
import { createSubscriptionWrites, lockSubscription } from '../subscription/queries.js';
import type { ProviderCustomer } from './payment-provider.js';

export type CheckoutRow = typeof paymentCheckouts.$inferSelect;
export type PaymentSubscriptionRow = typeof paymentSubscriptions.$inferSelect;
export type EventOutcome = (typeof paymentEvents.$inferSelect)['outcome'];
export type EventResult = { outcome: EventOutcome; userId?: number; note?: string };

const PROVIDER = 'paystack';

export function createBillingQueries(db: Db) {
  return {
    async insertCheckout(row: typeof paymentCheckouts.$inferInsert): Promise<CheckoutRow> {
      const [inserted] = await db.insert(paymentCheckouts).values(row).returning();
      return inserted!;
    },

    async findCheckout(userId: number, reference: string): Promise<CheckoutRow | undefined> {
      const [row] = await db
        .select()
        .from(paymentCheckouts)
        .where(and(eq(paymentCheckouts.reference, reference), eq(paymentCheckouts.userId, userId)));
      return row;
    },

    /** The provider subscription that renews the user's Premium now: the newest one not disabled. */
    async findRenewingSubscription(userId: number): Promise<PaymentSubscriptionRow | undefined> {
      const [row] = await db
        .select()
        .from(paymentSubscriptions)
        .where(and(eq(paymentSubscriptions.userId, userId), sql`${paymentSubscriptions.status} <> 'disabled'`))
        .orderBy(desc(paymentSubscriptions.firstSeenAt))
        .limit(1);
      return row;
    },

    /** The user's transaction with the e-mail a receipt is made out to. */
    async findTransaction(userId: number, id: number) {
      const [row] = await db
        .select({ transaction: transactions, email: users.email })
        .from(transactions)
        .innerJoin(users, eq(users.id, transactions.userId))
        .where(and(eq(transactions.id, id), eq(transactions.userId, userId)));
      return row && { ...row.transaction, email: row.email };
    },

    /**
     * Runs an event's effect once: its key is inserted first (ON CONFLICT DO NOTHING) in the same
     * transaction as the effect, so a replay, or a second delivery racing this one (it waits on the
     * key until this commits), finds it and does nothing. 'duplicate' when it had been received.
     */
    async onceForEvent(
      key: { event: string; reference: string; payload: unknown },
      work: (tx: BillingTransaction) => Promise<EventResult>,
    ): Promise<EventOutcome | 'duplicate'> {
      // A replay of an event already recorded (a retry, or an attacker's) is one read: no transaction,
      // and no write that would empty every read cache (db/versioned-cache.ts).
      const [recorded] = await db
        .select({ id: paymentEvents.id })
        .from(paymentEvents)
        .where(and(eq(paymentEvents.provider, PROVIDER), eq(paymentEvents.event, key.event), eq(paymentEvents.reference, key.reference)));
      if (recorded) return 'duplicate';
      return db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(paymentEvents)
          .values({ provider: PROVIDER, event: key.event, reference: key.reference, outcome: 'no-change', payload: key.payload ?? null })
          .onConflictDoNothing()
          .returning({ id: paymentEvents.id });
        if (!inserted) return 'duplicate';
        const result = await work(createBillingTransaction(tx));
        await tx
          .update(paymentEvents)
          .set({ outcome: result.outcome, userId: result.userId ?? null, note: result.note ?? null })
          .where(eq(paymentEvents.id, inserted.id));
        return result.outcome;
      });
    },

    /** A payment confirmed on the listener's return, outside any event: its transaction's reference keeps it to one effect. */
    inTransaction<T>(work: (tx: BillingTransaction) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(createBillingTransaction(tx)));
    },
  };
}

function createBillingTransaction(tx: Db) {
  return {
    lockSubscription: (userId: number) => lockSubscription(tx, userId),
    writes: (userId: number) => createSubscriptionWrites(tx, userId),

    async lockCheckout(reference: string): Promise<CheckoutRow | undefined> {
      const [row] = await tx.select().from(paymentCheckouts).where(eq(paymentCheckouts.reference, reference)).for('update');
      return row;
    },

    async setCheckoutStatus(reference: string, status: CheckoutRow['status']): Promise<void> {
      await tx.update(paymentCheckouts).set({ status }).where(eq(paymentCheckouts.reference, reference));
    },

    /** The listener a provider customer is: by the code Kora stored, else by the e-mail a checkout of theirs sent. */
    async findPayer(customer: ProviderCustomer): Promise<number | undefined> {
      const [byCode] = await tx
        .select({ userId: subscriptions.userId })
        .from(subscriptions)
        .where(eq(subscriptions.providerCustomerCode, customer.code));
      if (byCode) return byCode.userId;
      const [byEmail] = await tx
        .select({ userId: paymentCheckouts.userId })
        .from(paymentCheckouts)
        .where(eq(paymentCheckouts.email, customer.email))
        .orderBy(desc(paymentCheckouts.createdAt))
        .limit(1);
      return byEmail?.userId;
    },

    async setCustomerCode(userId: number, code: string): Promise<void> {
      await tx.update(subscriptions).set({ providerCustomerCode: code }).where(eq(subscriptions.userId, userId));
    },

    /** Inserts the payment's transaction; false when its reference already has one (it was applied before). */
    async insertPayment(row: typeof transactions.$inferInsert): Promise<boolean> {
      const inserted = await tx.insert(transactions).values(row).onConflictDoNothing().returning({ id: transactions.id });
      return inserted.length > 0;
    },

    async lockTransactionByReference(reference: string) {
      const [row] = await tx.select().from(transactions).where(eq(transactions.reference, reference)).for('update');
      return row;
    },

    async markRefunded(id: number): Promise<void> {
      await tx.update(transactions).set({ status: 'refunded' }).where(eq(transactions.id, id));
    },

    /** The newest successful payment's time: a failure reported after a later success is old news. */
    async latestPaymentAt(userId: number): Promise<Date | null> {
      const [row] = await tx
        .select({ paidAt: transactions.paidAt })
        .from(transactions)
        .where(and(eq(transactions.userId, userId), eq(transactions.status, 'success')))
        .orderBy(desc(transactions.paidAt))
        .limit(1);
      return row?.paidAt ?? null;
    },

    async savePaymentSubscription(row: Omit<typeof paymentSubscriptions.$inferInsert, 'firstSeenAt' | 'updatedAt'>): Promise<void> {
      const { code: _code, userId: _userId, ...changes } = row;
      await tx
        .insert(paymentSubscriptions)
        .values(row)
        .onConflictDoUpdate({
          target: paymentSubscriptions.code,
          set: {
            ...Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined && value !== null)),
            // Events arrive out of order: a subscription once disabled stays so, and one not renewing never becomes active again.
            status: sql`case when ${paymentSubscriptions.status} = 'disabled'
              or (${paymentSubscriptions.status} = 'non-renewing' and excluded.status = 'active')
              then ${paymentSubscriptions.status} else excluded.status end`,
            updatedAt: new Date(),
          },
        });
    },

    /**
     * Kora stops honouring the user's provider subscriptions (a renewal of one grants nothing now),
     * and has the provider disable those still active (one not renewing is not charged again) by a
     * job enqueued with this change.
     */
    async stopRenewals(userId: number): Promise<void> {
      const live = await tx
        .select({ code: paymentSubscriptions.code, status: paymentSubscriptions.status })
        .from(paymentSubscriptions)
        .where(and(eq(paymentSubscriptions.userId, userId), ne(paymentSubscriptions.status, 'disabled')))
        .for('update');
      if (live.length === 0) return;
      await tx
        .update(paymentSubscriptions)
        .set({ status: 'disabled', updatedAt: new Date() })
        .where(and(eq(paymentSubscriptions.userId, userId), ne(paymentSubscriptions.status, 'disabled')));
      for (const { code } of live.filter((s) => s.status === 'active')) {
        await enqueueJob(tx, STOP_PROVIDER_RENEWAL_JOB, { code }, { maxAttempts: STOP_PROVIDER_RENEWAL_ATTEMPTS });
      }
    },

    async findPaymentSubscription(code: string): Promise<PaymentSubscriptionRow | undefined> {
      const [row] = await tx.select().from(paymentSubscriptions).where(eq(paymentSubscriptions.code, code));
      return row;
    },

    /** Provider subscriptions Kora heard of since `since` (a checkout's start): the one its first payment made is among them. */
    async subscriptionsSeenSince(userId: number, since: Date): Promise<PaymentSubscriptionRow[]> {
      return tx
        .select()
        .from(paymentSubscriptions)
        .where(and(eq(paymentSubscriptions.userId, userId), gte(paymentSubscriptions.firstSeenAt, since)));
    },
  };
}

export type BillingTransaction = ReturnType<typeof createBillingTransaction>;
export type BillingQueries = ReturnType<typeof createBillingQueries>;
