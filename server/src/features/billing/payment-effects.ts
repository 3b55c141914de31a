import { PAST_DUE_GRACE_DAYS, PREMIUM_PASS_DAYS } from '@kora/contracts';
import { billingDateAfter } from '../subscription/billing-calendar.js';
import { FREE_SUBSCRIPTION, type PaymentMethodType, type SubscriptionState } from '../subscription/subscription-state.js';
import type { CardDetails } from './payment-provider.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a confirmed payment bought: a card subscription's first month, a renewal of it, or a pass. */
export type PaidTerm = {
  kind: 'subscription' | 'renewal' | 'pass';
  paidAt: Date;
  channel: string;
  card: CardDetails | null;
  /** The provider's next charge date for the subscription, when it has said. */
  nextPaymentDate: Date | null;
  /** The provider subscription was already disabled or set not to renew (its event came first); for a renewal, every one of the listener's. */
  renewalStopped: boolean;
};

/**
 * The subscription after a confirmed payment (pure; the caller has settled `current` first).
 * A card payment makes Premium active until the provider's next charge date (30 days when it has
 * not said yet), renewed by the provider; a renewal clears a past due. A pass adds 30 days to a
 * pass still running, else starts now, and never renews.
 */
export function applyPaidTerm(current: SubscriptionState, term: PaidTerm): SubscriptionState {
  if (term.kind === 'pass') {
    const runningPass = current.plan === 'premium' && current.renewal === 'none' && current.nextBillingDate && current.nextBillingDate > term.paidAt;
    const start = runningPass ? current.nextBillingDate! : term.paidAt;
    return {
      ...FREE_SUBSCRIPTION,
      plan: 'premium',
      nextBillingDate: new Date(start.getTime() + PREMIUM_PASS_DAYS * DAY_MS),
      paymentMethodType: passMethod(term.channel),
      renewal: 'none',
    };
  }
  const next = term.nextPaymentDate && term.nextPaymentDate > term.paidAt ? term.nextPaymentDate : billingDateAfter(term.paidAt);
  const card = term.card ?? (current.paymentMethodType === 'card' ? { last4: current.paymentMethodLast4!, brand: current.paymentMethodBrand! } : null);
  const canceled = term.renewalStopped || (term.kind === 'renewal' && current.plan === 'premium' && current.status === 'canceled');
  return {
    ...FREE_SUBSCRIPTION,
    plan: 'premium',
    status: canceled ? 'canceled' : 'active',
    // A later charge date already known (a renewal reported after subscription.create) is kept.
    nextBillingDate: current.renewal === 'provider' && current.nextBillingDate && current.nextBillingDate > next ? current.nextBillingDate : next,
    paymentMethodType: 'card',
    paymentMethodLast4: card?.last4 ?? null,
    paymentMethodBrand: card?.brand ?? null,
    renewal: 'provider',
  };
}

function passMethod(channel: string): PaymentMethodType {
  return channel === 'ussd' ? 'ussd' : 'bank_transfer';
}

/** A card renewal failed: past due, with Premium kept for the grace period (the earliest one, if it failed before). */
export function applyFailedRenewal(current: SubscriptionState, at: Date): SubscriptionState {
  const graceEndsAt = current.status === 'past_due' && current.graceEndsAt ? current.graceEndsAt : new Date(at.getTime() + PAST_DUE_GRACE_DAYS * DAY_MS);
  return { ...current, status: 'past_due', graceEndsAt };
}

/** The provider will not renew: Premium lasts until the billing date, as a canceled one does. */
export function applyRenewalStopped(current: SubscriptionState): SubscriptionState {
  return { ...current, status: 'canceled', graceEndsAt: null };
}

/** The provider said when it charges next (subscription.create): the billing date follows it. */
export function applyNextPaymentDate(current: SubscriptionState, nextPaymentDate: Date, card: CardDetails | null): SubscriptionState {
  return {
    ...current,
    nextBillingDate: nextPaymentDate,
    ...(card ? { paymentMethodType: 'card' as const, paymentMethodLast4: card.last4, paymentMethodBrand: card.brand } : {}),
  };
}

/** A refund of the current term's payment ends Premium now. */
export function applyRefundedTerm(): SubscriptionState {
  return FREE_SUBSCRIPTION;
}

/** Whether the provider's card subscription renews this listener's Premium (the events about it apply). */
export function isProviderPremium(state: SubscriptionState): boolean {
  return state.plan === 'premium' && state.renewal === 'provider';
}
