import { PASS_ENDING_NOTICE_DAYS } from '@kora/contracts';
import { billingDateAfter } from './billing-calendar.js';
import { premiumEndsAt } from './listener-plan.js';
import { FREE_SUBSCRIPTION, hasPaymentMethod, type SubscriptionState } from './subscription-state.js';

/** Why a premium subscription became free: canceled, not paid (no method, or a failed card renewal), or a pass that ended. */
export type LapseReason = 'canceled' | 'unpaid' | 'card-unpaid' | 'pass-ended';

export type Settlement = {
  /** The row as it should be stored now. */
  state: SubscriptionState;
  /** Set when premium ended: it happened at `endedAt`. */
  lapse?: { reason: LapseReason; endedAt: Date | null };
  /** Billing dates passed by an active subscription the server renews: one pending charge each. */
  renewals: Date[];
  /** Set when a pass is about to end and its listener has not been told yet. */
  endingSoon?: { endsAt: Date };
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Brings a stored subscription up to `now` (spec: premium lapses when the billing date passes), by
 * the rule of listener-plan.ts's premiumEndsAt. A subscription the server renews (an active one with
 * a payment method, without a payment provider) renews for another 30 days at each billing date
 * passed, each becoming a pending charge; any other premium term becomes free when it ends. A pass
 * close to its end asks for the "ends soon" notification, once. Pure, so the stream route, the reads
 * and the tests all apply the same rule.
 */
export function settleSubscription(state: SubscriptionState, now: Date): Settlement {
  if (state.plan !== 'premium') return { state, renewals: [] };
  const end = premiumEndsAt(state);
  const due = state.nextBillingDate;

  if (end === 'renews') {
    if (due === null || due > now) return { state, renewals: [] };
    const renewals: Date[] = [];
    let next = due;
    while (next <= now) {
      renewals.push(next);
      next = billingDateAfter(next);
    }
    return { state: { ...state, nextBillingDate: next }, renewals };
  }

  if (end !== null && end > now) {
    const noticeFrom = due && new Date(due.getTime() - PASS_ENDING_NOTICE_DAYS * DAY_MS);
    const isPass = state.renewal === 'none' && state.status === 'active';
    if (isPass && due && noticeFrom && noticeFrom <= now && state.endingNoticeFor?.getTime() !== due.getTime()) {
      return { state: { ...state, endingNoticeFor: due }, renewals: [], endingSoon: { endsAt: due } };
    }
    return { state, renewals: [] };
  }

  // A bank transfer set up without a payment provider stays on file for the next upgrade; "pending"
  // meant "for this premium", and a provider's card or pass belonged to the term that ended.
  const keepsMethod = state.renewal === 'local' && hasPaymentMethod(state);
  return {
    state: {
      ...FREE_SUBSCRIPTION,
      paymentMethodType: keepsMethod ? state.paymentMethodType : 'none',
      paymentMethodLast4: keepsMethod ? state.paymentMethodLast4 : null,
    },
    lapse: { reason: lapseReason(state), endedAt: end ?? due },
    renewals: [],
  };
}

function lapseReason(state: SubscriptionState): LapseReason {
  if (state.status === 'canceled') return 'canceled';
  if (state.renewal === 'none') return 'pass-ended';
  return state.renewal === 'provider' ? 'card-unpaid' : 'unpaid';
}

/** Whether settling changes anything, so a read that finds nothing due stays a plain SELECT. */
export function isSettled(settlement: Settlement): boolean {
  return settlement.lapse === undefined && settlement.renewals.length === 0 && settlement.endingSoon === undefined;
}
