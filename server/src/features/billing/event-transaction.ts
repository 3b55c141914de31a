import { and, asc, eq, inArray, ne, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notifications, paymentCheckouts, paymentEvents, paymentSubscriptions, subscriptions, transactions } from '../../db/schema.js';
import { STOP_PROVIDER_RENEWAL_ATTEMPTS, STOP_PROVIDER_RENEWAL_JOB } from '../../jobs/handlers/stop-provider-renewal.js';
import { enqueueJob } from '../../jobs/queue.js';
import { createSubscriptionWrites, lockSubscription } from '../subscription/queries.js';
import type { Notice } from '../subscription/subscription-notices.js';
import type { SubscriptionState } from '../subscription/subscription-state.js';
import type { ProviderCustomer } from './payment-provider.js';

const PROVIDER = 'paystack';
/** The advisory locks on wait keys, apart from the other namespaces (727274 migrations, 727275 media keys…). */
const WAIT_LOCK_SPACE = 727278;

export type CheckoutRow = typeof paymentCheckouts.$inferSelect;
export type PaymentSubscriptionRow = typeof paymentSubscriptions.$inferSelect;
export type EventOutcome = (typeof paymentEvents.$inferSelect)['outcome'];
export type EventResult = {
  outcome: EventOutcome;
  userId?: number;
  note?: string;
  /** A parked event's wait key. */
  waitingFor?: string;
  /** Wait keys whose parked events are to be applied now (a payment that made them applicable). */
  wakes?: string[];
};
export type RecordedEvent = { event: string; reference: string; payload: unknown };

/**
 * Whose subscription an event is about: its listener is the first found by a checkout's reference, a
 * payment's reference, then the provider customer's code or e-mail. `waitKeys` are the keys it may
 * park on or end (event-effects.ts): holding their locks, a payment and an event waiting for it apply
 * one after the other, so neither can miss the other.
 */
export type EventTarget = {
  checkoutReference?: string;
  paymentReference?: string;
  customer?: ProviderCustomer;
  waitKeys: string[];
};

/** The listener an event is about, their stored subscription row locked for the transaction. */
export type LockedListener = { userId: number; stored: SubscriptionState };

/** A provider subscription Kora heard of, as the effects read it. */
export type KnownSubscription = Pick<PaymentSubscriptionRow, 'code' | 'status' | 'disabledAt' | 'nextPaymentDate' | 'firstSeenAt'>;

/** What a payment's effect reads: the checkout and the transaction under its reference, and the listener's subscriptions. */
export type PaymentContext = {
  checkout: Pick<CheckoutRow, 'reference' | 'kind' | 'status' | 'amount' | 'currency' | 'createdAt'> | undefined;
  paymentStatus: TransactionStatus | undefined;
  subscriptions: KnownSubscription[];
  /** Whether events are parked waiting for one of the payment's wait keys. */
  hasWaiting: boolean;
};

/** What a subscription event's effect reads: the listener's subscriptions, newest card payment that went through, newest open card checkout. */
export type SubscriptionContext = {
  subscriptions: KnownSubscription[];
  lastCardPayment: { status: TransactionStatus; paidAt: Date | null } | undefined;
  lastOpenCardCheckoutAt: Date | null;
};

/** What a refund's effect reads: the refunded transaction, and the listener's subscriptions not disabled yet. */
export type RefundContext = {
  payment: { id: number; status: TransactionStatus; periodEnd: Date | null } | undefined;
  subscriptions: KnownSubscription[];
};

type TransactionStatus = (typeof transactions.$inferSelect)['status'];
type Row = Record<string, unknown>;

/** A timestamp as the drivers hand it to Drizzle (a string; a Date would do too). */
function toDate(value: unknown): Date | null {
  return value === null || value === undefined ? null : new Date(value as string);
}

function toState(row: Row): SubscriptionState {
  return {
    plan: row.plan as SubscriptionState['plan'],
    status: row.status as SubscriptionState['status'],
    nextBillingDate: toDate(row.next_billing_date),
    paymentMethodType: row.payment_method_type as SubscriptionState['paymentMethodType'],
    paymentMethodLast4: row.payment_method_last4 as string | null,
    paymentMethodBrand: row.payment_method_brand as string | null,
    renewal: row.renewal as SubscriptionState['renewal'],
    graceEndsAt: toDate(row.grace_ends_at),
    endingNoticeFor: toDate(row.ending_notice_for),
  };
}

/** The subscriptions of a statement that left-joins payment_subscriptions as ps (one row each, or one row of nulls). */
const KNOWN_SUBSCRIPTION_COLUMNS = sql.raw(
  'ps.code as ps_code, ps.status as ps_status, ps.disabled_at as ps_disabled_at, ps.next_payment_date as ps_next_payment_date, ps.first_seen_at as ps_first_seen_at',
);

function knownSubscriptionsOf(rows: Row[]): KnownSubscription[] {
  return rows.flatMap((row) =>
    row.ps_code === null
      ? []
      : [
          {
            code: row.ps_code as string,
            status: row.ps_status as KnownSubscription['status'],
            disabledAt: toDate(row.ps_disabled_at),
            nextPaymentDate: toDate(row.ps_next_payment_date),
            firstSeenAt: toDate(row.ps_first_seen_at)!,
          },
        ],
  );
}

/**
 * The reads and writes of one event's transaction: three statements whatever the event changes,
 * since each statement costs a round trip, and on PGlite a walk through its wire protocol in this
 * process (bench/paystack-webhook.ts). Reads are plain SQL, each reading in one statement what
 * several builder queries would. Writes are queued and sent together by flush(); queued writes never
 * touch one row twice, and an effect reads nothing it queued (replays flush first).
 */
export function createBillingTransaction(tx: Db) {
  const queued: SQLWrapper[] = [];
  const later = (query: SQLWrapper) => void queued.push(query);
  const rowsOf = async (query: SQL) => ((await tx.execute(query)) as { rows: Row[] }).rows;

  function payerOf(target: EventTarget): SQL {
    const candidates: SQL[] = [];
    if (target.checkoutReference !== undefined) {
      candidates.push(sql`(select user_id from payment_checkouts where reference = ${target.checkoutReference})`);
    }
    if (target.paymentReference !== undefined) {
      candidates.push(sql`(select user_id from transactions where reference = ${target.paymentReference})`);
    }
    if (target.customer) {
      // The code Kora stored, else the e-mail a checkout of theirs sent.
      candidates.push(sql`(select user_id from subscriptions where provider_customer_code = ${target.customer.code} limit 1)`);
      candidates.push(sql`(select user_id from payment_checkouts where email = ${target.customer.email} order by created_at desc limit 1)`);
    }
    return candidates.length === 0 ? sql`null::integer` : sql`coalesce(${sql.join(candidates, sql`, `)})`;
  }

  /** One statement: the wait locks (sorted, so two events cannot deadlock), then the event's listener found and locked. */
  async function lockAndFind(target: EventTarget, options: { locks: boolean }): Promise<LockedListener | undefined> {
    const keys = options.locks ? [...new Set(target.waitKeys)].sort() : [];
    const waitLocks =
      keys.length === 0
        ? sql`select 0 as locks`
        : sql`select count(pg_advisory_xact_lock(${WAIT_LOCK_SPACE}, hashtext(key))) as locks
            from (values ${sql.join(keys.map((key) => sql`(${key}::text)`), sql`, `)}) as wait_keys (key)`;
    // Both parts read wait_locks: the locks are held before anything is looked up or locked.
    const [row] = await rowsOf(sql`
      with wait_locks as (${waitLocks}),
        payer as (select ${payerOf(target)} as user_id from wait_locks),
        locked as (
          select plan, status, next_billing_date, payment_method_type, payment_method_last4, payment_method_brand,
            renewal, grace_ends_at, ending_notice_for
          from subscriptions where user_id = (select user_id from payer)
          for update)
      select payer.user_id, locked.* from payer left join locked on true`);
    if (row!.user_id === null) return undefined;
    const userId = Number(row!.user_id);
    // An account from before subscriptions has no row yet: lockSubscription makes it.
    return { userId, stored: row!.plan === null ? await lockSubscription(tx, userId) : toState(row!) };
  }

  return {
    /**
     * Takes the event's wait locks and locks its listener's subscription row. A lookup that finds
     * nobody is made again by a new statement: a payment that gave Kora the customer's code, committed
     * while this waited for the locks, is seen only by a statement that starts after the wait.
     */
    async lockListener(target: EventTarget): Promise<LockedListener | undefined> {
      const hasLookup = target.checkoutReference !== undefined || target.paymentReference !== undefined || target.customer !== undefined;
      if (!hasLookup) return undefined;
      return (await lockAndFind(target, { locks: true })) ?? lockAndFind(target, { locks: false });
    },

    async readPaymentContext(userId: number, reference: string, waitKeys: string[]): Promise<PaymentContext> {
      const rows = await rowsOf(sql`
        select c.reference, c.kind, c.status, c.amount, c.currency, c.created_at,
          (select status from transactions where reference = ${reference}) as payment_status,
          exists (select from payment_events where outcome = 'parked' and waiting_for in (${sql.join(waitKeys.map((key) => sql`${key}`), sql`, `)})) as has_waiting,
          ${KNOWN_SUBSCRIPTION_COLUMNS}
        from (select) as one
        left join payment_checkouts c on c.reference = ${reference}
        left join payment_subscriptions ps on ps.user_id = ${userId}`);
      const first = rows[0]!;
      return {
        checkout:
          first.reference === null
            ? undefined
            : {
                reference: first.reference as string,
                kind: first.kind as CheckoutRow['kind'],
                status: first.status as CheckoutRow['status'],
                amount: first.amount as number,
                currency: first.currency as string,
                createdAt: toDate(first.created_at)!,
              },
        paymentStatus: (first.payment_status as TransactionStatus | null) ?? undefined,
        subscriptions: knownSubscriptionsOf(rows),
        hasWaiting: first.has_waiting as boolean,
      };
    },

    async readSubscriptionContext(userId: number): Promise<SubscriptionContext> {
      const rows = await rowsOf(sql`
        select last_card_payment.status as last_card_status, last_card_payment.paid_at as last_card_paid_at,
          (select max(created_at) from payment_checkouts
            where user_id = ${userId} and kind = 'subscription' and status in ('pending', 'abandoned')) as open_card_checkout_at,
          ${KNOWN_SUBSCRIPTION_COLUMNS}
        from (select) as one
        left join lateral (
          select status, paid_at from transactions
          where user_id = ${userId} and channel = 'card' and status in ('success', 'refunded')
          order by paid_at desc limit 1) as last_card_payment on true
        left join payment_subscriptions ps on ps.user_id = ${userId}`);
      const first = rows[0]!;
      return {
        subscriptions: knownSubscriptionsOf(rows),
        lastCardPayment:
          first.last_card_status === null ? undefined : { status: first.last_card_status as TransactionStatus, paidAt: toDate(first.last_card_paid_at) },
        lastOpenCardCheckoutAt: toDate(first.open_card_checkout_at),
      };
    },

    /** When the listener's newest successful payment was made. */
    async readLastPaidAt(userId: number): Promise<Date | null> {
      const [row] = await rowsOf(sql`select max(paid_at) as paid_at from transactions where user_id = ${userId} and status = 'success'`);
      return toDate(row!.paid_at);
    },

    async readRefundContext(userId: number, reference: string): Promise<RefundContext> {
      const rows = await rowsOf(sql`
        select t.id, t.status, t.period_end, ${KNOWN_SUBSCRIPTION_COLUMNS}
        from (select) as one
        left join transactions t on t.reference = ${reference}
        left join payment_subscriptions ps on ps.user_id = ${userId} and ps.status <> 'disabled'`);
      const first = rows[0]!;
      return {
        payment:
          first.id === null
            ? undefined
            : { id: Number(first.id), status: first.status as TransactionStatus, periodEnd: toDate(first.period_end) },
        subscriptions: knownSubscriptionsOf(rows),
      };
    },

    /** Events parked waiting for any of these keys, in their order of arrival. */
    async findParked(waitKeys: string[]) {
      return tx
        .select({ id: paymentEvents.id, payload: paymentEvents.payload })
        .from(paymentEvents)
        .where(and(eq(paymentEvents.outcome, 'parked'), inArray(paymentEvents.waitingFor, waitKeys)))
        .orderBy(asc(paymentEvents.id));
    },

    /** Writes a settlement needs (subscription-lapse.ts), sent at once: they are rare, and storeSettlement writes through them. */
    subscriptionWrites: (userId: number) => createSubscriptionWrites(tx, userId),

    /** The event's key, payload and what it did: the key's unique index lets one delivery of it commit, whichever process has it. */
    recordEvent(event: RecordedEvent, result: EventResult): void {
      later(
        tx.insert(paymentEvents).values({
          provider: PROVIDER,
          event: event.event,
          reference: event.reference,
          outcome: result.outcome,
          userId: result.userId ?? null,
          note: result.note ?? null,
          waitingFor: result.waitingFor ?? null,
          payload: event.payload ?? null,
        }),
      );
    },

    /** A parked event's result once it is replayed. */
    recordOutcome(eventId: number, result: EventResult): void {
      later(
        tx
          .update(paymentEvents)
          .set({ outcome: result.outcome, userId: result.userId ?? null, note: result.note ?? null, waitingFor: result.waitingFor ?? null })
          .where(eq(paymentEvents.id, eventId)),
      );
    },

    /** The listener's subscription row, with the provider's customer code when the payment gave one. */
    saveSubscription(userId: number, state: SubscriptionState, customerCode?: string): void {
      const customer = customerCode === undefined ? {} : { providerCustomerCode: customerCode };
      later(tx.update(subscriptions).set({ ...state, ...customer, updatedAt: new Date() }).where(eq(subscriptions.userId, userId)));
    },

    /** A notification of the kind subscription/queries.ts's notify writes, sent with the event's other writes. */
    notify(userId: number, notice: Notice): void {
      later(tx.insert(notifications).values({ userId, kind: 'subscription', ...notice }));
    },

    setCheckoutStatus(reference: string, status: CheckoutRow['status']): void {
      later(tx.update(paymentCheckouts).set({ status }).where(eq(paymentCheckouts.reference, reference)));
    },

    insertPayment(row: typeof transactions.$inferInsert): void {
      later(tx.insert(transactions).values(row));
    },

    /** A declined attempt's transaction, now paid under the same reference. */
    completePayment(row: typeof transactions.$inferInsert & { reference: string }): void {
      const { reference, userId: _userId, ...paid } = row;
      later(tx.update(transactions).set(paid).where(eq(transactions.reference, reference)));
    },

    markRefunded(id: number): void {
      later(tx.update(transactions).set({ status: 'refunded' }).where(eq(transactions.id, id)));
    },

    savePaymentSubscription(row: Omit<typeof paymentSubscriptions.$inferInsert, 'firstSeenAt' | 'updatedAt' | 'disabledAt'>, now: Date): void {
      const { code: _code, userId: _userId, ...changes } = row;
      later(
        tx
          .insert(paymentSubscriptions)
          .values({ ...row, disabledAt: row.status === 'disabled' ? now : null })
          .onConflictDoUpdate({
            target: paymentSubscriptions.code,
            set: {
              ...Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined && value !== null)),
              // Events arrive out of order: a subscription once disabled stays so, and one not renewing never becomes active again.
              status: sql`case when ${paymentSubscriptions.status} = 'disabled'
                or (${paymentSubscriptions.status} = 'non-renewing' and excluded.status = 'active')
                then ${paymentSubscriptions.status} else excluded.status end`,
              disabledAt: sql`coalesce(${paymentSubscriptions.disabledAt}, excluded.disabled_at)`,
              updatedAt: now,
            },
          }),
      );
    },

    /** Has the provider disable a subscription it still renews, by a job enqueued with this change (retried while it is unreachable). */
    async stopProviderRenewal(code: string): Promise<void> {
      await enqueueJob(tx, STOP_PROVIDER_RENEWAL_JOB, { code }, { maxAttempts: STOP_PROVIDER_RENEWAL_ATTEMPTS });
    },

    /**
     * Kora stops honouring the listener's provider subscriptions (a renewal paid from now on grants
     * nothing), and has the provider disable those still active (one not renewing is not charged again).
     */
    async stopRenewals(userId: number, known: KnownSubscription[], now: Date): Promise<void> {
      const live = known.filter((s) => s.status !== 'disabled');
      if (live.length === 0) return;
      later(
        tx
          .update(paymentSubscriptions)
          .set({ status: 'disabled', disabledAt: now, updatedAt: now })
          .where(and(eq(paymentSubscriptions.userId, userId), ne(paymentSubscriptions.status, 'disabled'))),
      );
      for (const { code } of live.filter((s) => s.status === 'active')) await this.stopProviderRenewal(code);
    },

    /** Sends the queued writes as one statement, each a part of its WITH. */
    async flush(): Promise<void> {
      const writes = queued.splice(0);
      if (writes.length === 0) return;
      if (writes.length === 1) {
        await tx.execute(writes[0]!.getSQL());
        return;
      }
      await tx.execute(sql`with ${sql.join(writes.map((write, i) => sql`${sql.identifier(`write_${i}`)} as ${write}`), sql`, `)} select 1`);
    },
  };
}

export type BillingTransaction = ReturnType<typeof createBillingTransaction>;
