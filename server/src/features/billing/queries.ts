import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { paymentCheckouts, paymentSubscriptions, transactions, users } from '../../db/schema.js';
import {
  type BillingTransaction,
  type CheckoutRow,
  createBillingTransaction,
  type EventOutcome,
  type EventResult,
  type EventTarget,
  type LockedListener,
  type PaymentSubscriptionRow,
  type RecordedEvent,
} from './event-transaction.js';

export type { CheckoutRow } from './event-transaction.js';

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
     * Runs an event's effect once: the event is recorded with what it did in the transaction of its
     * effect, under a unique key. A second delivery racing this one (from another process, or in
     * other bytes) applies on what this one wrote once its locks are free, and fails at recording the
     * key: its transaction rolls back and it is answered 'duplicate'. So does a replay the process
     * did not remember (service.ts).
     */
    async onceForEvent(
      event: RecordedEvent,
      target: EventTarget,
      work: (tx: BillingTransaction, listener: LockedListener | undefined) => Promise<EventResult>,
    ): Promise<EventOutcome | 'duplicate'> {
      try {
        return await db.transaction(async (dbTx) => {
          const tx = createBillingTransaction(dbTx);
          const result = await work(tx, await tx.lockListener(target));
          tx.recordEvent(event, result);
          await tx.flush();
          return result.outcome;
        });
      } catch (error) {
        if (isRecordedBefore(error)) return 'duplicate';
        throw error;
      }
    },

    /** A payment confirmed on the listener's return, outside any event: its transaction's reference keeps it to one effect. */
    inTransaction<T>(target: EventTarget, work: (tx: BillingTransaction, listener: LockedListener | undefined) => Promise<T>): Promise<T> {
      return db.transaction(async (dbTx) => {
        const tx = createBillingTransaction(dbTx);
        const result = await work(tx, await tx.lockListener(target));
        await tx.flush();
        return result;
      });
    },
  };
}

/** The event's key was in payment_events already (PostgreSQL's unique_violation, as pg and PGlite raise it inside Drizzle's error). */
function isRecordedBefore(error: unknown): boolean {
  for (let current = error; current instanceof Object; current = (current as { cause?: unknown }).cause) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505' && constraint === 'payment_events_key_idx') return true;
  }
  return false;
}

export type BillingQueries = ReturnType<typeof createBillingQueries>;
