import { billingDateAfter } from './billing-calendar.js';
import { hasPaymentMethod, type SubscriptionState } from './subscription-state.js';

/** Why a premium subscription became free at its billing date. */
export type LapseReason = 'canceled' | 'unpaid';

export type Settlement = {
  /** The row as it should be stored now. */
  state: SubscriptionState;
  /** Set when premium ended: it happened at `endedAt`. */
  lapse?: { reason: LapseReason; endedAt: Date | null };
  /** Billing dates passed by an active subscription with a payment method: one pending charge each. */
  renewals: Date[];
};

/**
 * Brings a stored subscription up to `now` (spec: premium lapses when the billing date passes).
 * At the billing date a canceled premium becomes free, and so does an active one still waiting
 * for a payment method (it is past due, and past due means free); an active one with a payment
 * method renews for another 30 days, each passed date becoming a pending charge. Pure, so the
 * stream route, the reads and the tests all apply the same rule.
 */
export function settleSubscription(state: SubscriptionState, now: Date): Settlement {
  if (state.plan !== 'premium') return { state, renewals: [] };
  const due = state.nextBillingDate;
  if (due !== null && due > now && state.status !== 'past_due') return { state, renewals: [] };

  if (due !== null && state.status === 'active' && hasPaymentMethod(state)) {
    const renewals: Date[] = [];
    let next = due;
    while (next <= now) {
      renewals.push(next);
      next = billingDateAfter(next);
    }
    return { state: { ...state, nextBillingDate: next }, renewals };
  }

  return {
    state: {
      plan: 'free',
      status: 'active',
      nextBillingDate: null,
      // A bank transfer set up stays on file for the next upgrade; "pending" meant "for this premium".
      paymentMethodType: hasPaymentMethod(state) ? state.paymentMethodType : 'none',
      paymentMethodLast4: hasPaymentMethod(state) ? state.paymentMethodLast4 : null,
    },
    lapse: { reason: state.status === 'canceled' ? 'canceled' : 'unpaid', endedAt: due },
    renewals: [],
  };
}

/** Whether settling changes anything, so a read that finds nothing due stays a plain SELECT. */
export function isSettled(settlement: Settlement): boolean {
  return settlement.lapse === undefined && settlement.renewals.length === 0;
}
