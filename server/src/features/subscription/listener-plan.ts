import type { PLAN_MAX_BITRATE_KBPS } from '@kora/contracts';
import { hasPaymentMethod, type SubscriptionState } from './subscription-state.js';

export type ListenerPlan = keyof typeof PLAN_MAX_BITRATE_KBPS;
export type ListenerSubscription = Pick<SubscriptionState, 'plan' | 'status' | 'nextBillingDate' | 'paymentMethodType'>;

/**
 * The plan whose features a listener gets now, whether or not the stored row has caught up
 * with the billing date yet (subscription-lapse.ts rewrites it on the next read). Premium lasts
 * until the billing date; after it only an active subscription with a payment method stays
 * premium, because it renews. A canceled one, an unpaid one (no payment method: past due), a
 * past-due one and a missing one get free.
 */
export function resolveListenerPlan(subscription: ListenerSubscription | null, now: Date): ListenerPlan {
  if (subscription?.plan !== 'premium' || subscription.status === 'past_due') return 'free';
  // A premium row without a billing date has no term: nothing was bought.
  if (subscription.nextBillingDate === null) return 'free';
  if (subscription.nextBillingDate > now) return 'premium';
  return subscription.status === 'active' && hasPaymentMethod(subscription) ? 'premium' : 'free';
}
