import { type NOTIFICATION_ACTIONS, PREMIUM_PRICE_MINOR } from '@kora/contracts';
import type { ChangeKind } from './subscription-change.js';
import type { LapseReason } from './subscription-lapse.js';

export type Notice = { title: string; message: string; action?: (typeof NOTIFICATION_ACTIONS)[number] };

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
export const price = `₦${(PREMIUM_PRICE_MINOR / 100).toLocaleString('en-NG')}`;

/** "12 July 2025": billing dates in messages, in UTC like the billing calendar. */
export function formatBillingDate(date: Date | null): string {
  return date === null ? 'the billing date' : dateFormat.format(date);
}

/**
 * What the notifications dialog says after each subscription change. The titles are the spec's
 * toasts (section 8), so the dialog and the toast name a change the same way. A downgrade has
 * none of its own: it is the lapse at the billing date, which lapseNotice announces.
 */
export function changeNotice(kind: Exclude<ChangeKind, 'downgrade'>, nextBillingDate: Date | null, billingPeriod: string): Notice {
  const date = formatBillingDate(nextBillingDate);
  switch (kind) {
    case 'upgrade':
      return {
        title: 'Subscription Updated',
        message: `Welcome to Premium! Your ${price} payment for ${billingPeriod} is pending; your next billing date is ${date}.`,
      };
    case 'cancel':
      return { title: 'Subscription Canceled', message: `Your Premium features stay until ${date}, then you move to Free.` };
    case 'payment-setup':
      return { title: 'Bank Transfer Setup', message: 'Bank transfer is now your payment method for Premium.' };
    case 'payment-removal':
      return {
        title: 'Payment Method Removed',
        message: nextBillingDate === null ? 'Your payment method was removed.' : `Set up a payment method before ${date} to keep Premium.`,
      };
  }
}

export function lapseNotice(reason: LapseReason, endedAt: Date | null): Notice {
  const date = formatBillingDate(endedAt);
  const messages: Record<LapseReason, string> = {
    canceled: `Your canceled Premium subscription ended on ${date}. You are now on the Free plan.`,
    unpaid: `No payment method was set up by ${date}, so your Premium subscription ended. You are now on the Free plan.`,
    'card-unpaid': `Your card renewal was not paid by ${date}, so your Premium subscription ended. You are now on the Free plan.`,
    'pass-ended': `Your 30-day Premium pass ended on ${date}. You are now on the Free plan.`,
  };
  return { title: 'Downgraded to Free', message: messages[reason], ...(reason === 'canceled' ? {} : { action: 'renew-premium' as const }) };
}

/** Sent a few days before a pass (which never renews by itself) ends. */
export function passEndingNotice(endsAt: Date): Notice {
  return {
    title: 'Premium Ends Soon',
    message: `Your Premium pass ends on ${formatBillingDate(endsAt)}. Renew it to keep Premium.`,
    action: 'renew-premium',
  };
}

export function renewalNotice(nextBillingDate: Date, billingPeriods: string[]): Notice {
  const charges = billingPeriods.length === 1 ? `${price} for ${billingPeriods[0]}` : `${price} for each of ${billingPeriods.join(', ')}`;
  return {
    title: 'Subscription Renewed',
    message: `Your Premium subscription renewed: ${charges} is pending. Next billing date: ${formatBillingDate(nextBillingDate)}.`,
  };
}
