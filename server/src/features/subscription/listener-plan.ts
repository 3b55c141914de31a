import { PAST_DUE_GRACE_DAYS, type PLAN_MAX_BITRATE_KBPS } from '@kora/contracts';
import { hasPaymentMethod, type SubscriptionState } from './subscription-state.js';

export type ListenerPlan = keyof typeof PLAN_MAX_BITRATE_KBPS;
export type ListenerSubscription = Pick<
  SubscriptionState,
  'plan' | 'status' | 'nextBillingDate' | 'paymentMethodType' | 'renewal' | 'graceEndsAt'
>;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When Premium ends if nothing more happens: null when there is no premium term, 'renews' when the
 * server renews it itself. A canceled term and a pass end at the billing date; a card subscription
 * the payment provider renews is kept a grace period past it, since the provider's renewal charge
 * is reported a little after the date; a past-due one ends when its grace period does.
 */
export function premiumEndsAt(subscription: ListenerSubscription): Date | 'renews' | null {
  const { plan, status, nextBillingDate: due } = subscription;
  // A premium row without a billing date has no term: nothing was bought.
  if (plan !== 'premium' || due === null) return null;
  if (status === 'past_due') return subscription.graceEndsAt;
  if (status === 'canceled') return due;
  switch (subscription.renewal) {
    case 'local':
      // Without a payment method nothing renews it: unpaid at the billing date, and past due means free.
      return hasPaymentMethod(subscription) ? 'renews' : due;
    case 'provider':
      return new Date(due.getTime() + PAST_DUE_GRACE_DAYS * DAY_MS);
    case 'none':
      return due;
  }
}

/**
 * The plan whose features a listener gets now, whether or not the stored row has caught up with
 * the billing date yet (subscription-lapse.ts rewrites it on the next read, by the same rule).
 */
export function resolveListenerPlan(subscription: ListenerSubscription | null, now: Date): ListenerPlan {
  const end = subscription === null ? null : premiumEndsAt(subscription);
  if (end === null) return 'free';
  return end === 'renews' || end > now ? 'premium' : 'free';
}
