import { formatBillingDate, type Notice, price } from '../subscription/subscription-notices.js';
import type { SubscriptionState } from '../subscription/subscription-state.js';
import type { PaidTerm } from './payment-effects.js';

/** What the notifications dialog says about payments the provider confirmed or refused. */
export function paymentReceivedNotice(kind: PaidTerm['kind'], next: SubscriptionState): Notice {
  const date = formatBillingDate(next.nextBillingDate);
  // A card payment whose subscription was stopped already (disabled, or after a refund) buys its term and no more.
  const renews = next.status !== 'canceled';
  const messages: Record<PaidTerm['kind'], string> = {
    subscription: renews
      ? `Welcome to Premium! Your ${price} card payment went through; your card is charged again on ${date}.`
      : `Welcome to Premium! Your ${price} card payment went through: Premium is yours until ${date}, and your card is not charged again.`,
    renewal: renews
      ? `Your Premium subscription renewed: ${price} was paid by card. Next billing date: ${date}.`
      : `Your Premium subscription renewed: ${price} was paid by card. It does not renew again: Premium is yours until ${date}.`,
    pass: `Your ${price} payment went through: Premium is yours until ${date}. A pass does not renew by itself.`,
  };
  return { title: kind === 'renewal' ? 'Subscription Renewed' : 'Payment Received', message: messages[kind] };
}

export function paymentFailedNotice(graceEndsAt: Date | null): Notice {
  return {
    title: 'Payment Failed',
    message: `Your Premium renewal could not be charged to your card. Premium stays until ${formatBillingDate(graceEndsAt)}; update your card to keep it.`,
    action: 'update-card',
  };
}

export function refundNotice(endedPremium: boolean): Notice {
  return {
    title: 'Payment Refunded',
    message: endedPremium ? 'Your payment was refunded, so your Premium has ended. You are now on the Free plan.' : 'Your payment was refunded.',
  };
}
