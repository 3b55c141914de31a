import type { CreateTransactionRequest, Subscription, SubscriptionUpdateRequest, Transaction } from '@kora/contracts';
import { BadRequest, Conflict } from '../../http/errors.js';
import { billingPeriodOf, premiumCharge } from './billing-calendar.js';
import { presentSubscription, presentTransaction } from './presenter.js';
import type { SubscriptionQueries } from './queries.js';
import { storeSettlement } from './store-settlement.js';
import { planSubscriptionChange } from './subscription-change.js';
import { isSettled, settleSubscription } from './subscription-lapse.js';
import { changeNotice } from './subscription-notices.js';
import { FREE_SUBSCRIPTION, type SubscriptionState } from './subscription-state.js';

/**
 * With a payment provider (features/billing/): Premium is bought through its checkout, not by a
 * local upgrade, and a card subscription stops renewing there before it is canceled here.
 */
export type SubscriptionPayments = { stopRenewal(userId: number): Promise<void> };

export const CHECKOUT_REQUIRED_MESSAGE = 'Premium is paid through checkout on this server: POST /api/billing/checkout with a payment method.';

type Deps = { queries: SubscriptionQueries; payments?: SubscriptionPayments; now?: () => Date };

/**
 * Subscription and billing (spec sections 4 and 9). The server decides: a request names one
 * allowed transition, and the price, billing period and billing date are always the server's.
 * Every read and write first brings the stored row up to the billing date (subscription-lapse.ts),
 * so the row itself becomes true on the user's next request after the date passes.
 */
export function createSubscriptionService({ queries, payments, now = () => new Date() }: Deps) {
  /** The settled subscription; a read that finds nothing due stays a plain SELECT (no write, caches kept). */
  async function settledState(userId: number, at: Date): Promise<SubscriptionState> {
    const stored = await queries.findSubscription(userId);
    if (!stored) return FREE_SUBSCRIPTION;
    if (isSettled(settleSubscription(stored, at))) return stored;
    return queries.inLockedSubscription(userId, async (locked, writes) => {
      const settlement = settleSubscription(locked, at);
      await storeSettlement(settlement, writes);
      return settlement.state;
    });
  }

  return {
    async getSubscription(userId: number): Promise<Subscription> {
      const at = now();
      return presentSubscription(await settledState(userId, at), at);
    },

    /** Refused requests throw before anything is written, and the transaction rolls back the settlement with them. */
    async changeSubscription(userId: number, request: SubscriptionUpdateRequest): Promise<Subscription> {
      const at = now();
      if (payments) {
        // Decided on the settled state first, so the provider is asked only for a change that will be made.
        const settlement = settleSubscription((await queries.findSubscription(userId)) ?? FREE_SUBSCRIPTION, at);
        const planned = planSubscriptionChange(settlement.state, request, at, { justLapsed: settlement.lapse !== undefined });
        if (planned.kind === 'upgrade' || planned.kind === 'payment-setup') throw new Conflict(CHECKOUT_REQUIRED_MESSAGE);
        if (planned.kind === 'cancel' && settlement.state.renewal === 'provider') await payments.stopRenewal(userId);
      }
      return queries.inLockedSubscription(userId, async (locked, writes) => {
        const settlement = settleSubscription(locked, at);
        const change = planSubscriptionChange(settlement.state, request, at, { justLapsed: settlement.lapse !== undefined });
        await storeSettlement(settlement, writes);
        if (change.kind !== 'downgrade') {
          await writes.saveSubscription(change.next);
          const billingPeriod = billingPeriodOf(at);
          if (change.kind === 'upgrade') await writes.insertCharge(premiumCharge(billingPeriod), at);
          await writes.notify(changeNotice(change.kind, change.next.nextBillingDate, billingPeriod));
        }
        return presentSubscription(change.next, at);
      });
    },

    /** Newest first. A free user gets their history too: past charges stay theirs to see. */
    async listTransactions(userId: number): Promise<Transaction[]> {
      await settledState(userId, now());
      return (await queries.listTransactions(userId)).map(presentTransaction);
    },

    /** Only the charge the server would make itself for this period, once, while Premium is active. */
    async createTransaction(userId: number, request: CreateTransactionRequest): Promise<Transaction> {
      const at = now();
      const expected = premiumCharge(billingPeriodOf(at));
      checkCharge(request, expected);
      return queries.inLockedSubscription(userId, async (locked, writes) => {
        const settlement = settleSubscription(locked, at);
        const { plan, status } = settlement.state;
        if (plan !== 'premium') throw new Conflict('Only Premium subscribers are charged. Upgrade to Premium first.');
        if (status !== 'active') throw new Conflict('A canceled subscription is not charged again.');
        if (settlement.state.renewal !== 'local') throw new Conflict('This Premium is paid through the payment provider, which records its charges.');
        await storeSettlement(settlement, writes);
        if (await writes.hasChargeFor(expected.billingPeriod)) {
          throw new Conflict(`The charge for ${expected.billingPeriod} already exists.`);
        }
        return presentTransaction(await writes.insertCharge(expected, at));
      });
    },
  };
}

function checkCharge(request: CreateTransactionRequest, expected: ReturnType<typeof premiumCharge>): void {
  if (request.amount !== expected.amount) {
    throw new BadRequest(`amount must be ${expected.amount} (₦3,000 in kobo): the server sets the price.`);
  }
  if (request.currency !== expected.currency) throw new BadRequest(`currency must be ${expected.currency}.`);
  if (request.transactionType !== expected.transactionType) {
    throw new BadRequest(`transactionType must be ${expected.transactionType}.`);
  }
  if (request.status !== expected.status) {
    throw new BadRequest(`status must be ${expected.status}: a charge is paid later, never declared paid.`);
  }
  if (request.billingPeriod !== expected.billingPeriod) {
    throw new BadRequest(`billingPeriod must be the current period, ${expected.billingPeriod}.`);
  }
}

export type SubscriptionService = ReturnType<typeof createSubscriptionService>;
