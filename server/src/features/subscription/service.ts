import type { CreateTransactionRequest, Subscription, SubscriptionUpdateRequest, Transaction } from '@kora/contracts';
import { BadRequest, Conflict } from '../../http/errors.js';
import { billingPeriodOf, premiumCharge } from './billing-calendar.js';
import { presentSubscription, presentTransaction } from './presenter.js';
import type { SubscriptionQueries, SubscriptionWrites } from './queries.js';
import { planSubscriptionChange } from './subscription-change.js';
import { isSettled, type Settlement, settleSubscription } from './subscription-lapse.js';
import { changeNotice, lapseNotice, renewalNotice } from './subscription-notices.js';
import { FREE_SUBSCRIPTION, type SubscriptionState } from './subscription-state.js';

type Deps = { queries: SubscriptionQueries; now?: () => Date };

/**
 * Subscription and billing (spec sections 4 and 9). The server decides: a request names one
 * allowed transition, and the price, billing period and billing date are always the server's.
 * Every read and write first brings the stored row up to the billing date (subscription-lapse.ts),
 * so the row itself becomes true on the user's next request after the date passes.
 */
export function createSubscriptionService({ queries, now = () => new Date() }: Deps) {
  async function storeSettlement(settlement: Settlement, writes: SubscriptionWrites): Promise<void> {
    if (isSettled(settlement)) return;
    await writes.saveSubscription(settlement.state);
    const periods = settlement.renewals.map(billingPeriodOf);
    for (const [index, renewedAt] of settlement.renewals.entries()) {
      await writes.insertCharge(premiumCharge(periods[index]!), renewedAt);
    }
    if (settlement.lapse) await writes.notify(lapseNotice(settlement.lapse.reason, settlement.lapse.endedAt));
    if (periods.length > 0) await writes.notify(renewalNotice(settlement.state.nextBillingDate!, periods));
  }

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
