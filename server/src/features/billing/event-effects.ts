import { PREMIUM_CURRENCY, PREMIUM_PRICE_MINOR, PREMIUM_TRANSACTION_TYPE } from '@kora/contracts';
import { billingPeriodOf } from '../subscription/billing-calendar.js';
import { storeSettlement } from '../subscription/store-settlement.js';
import { settleSubscription } from '../subscription/subscription-lapse.js';
import type { SubscriptionState } from '../subscription/subscription-state.js';
import { paymentFailedNotice, paymentReceivedNotice, refundNotice } from './billing-notices.js';
import {
  applyFailedRenewal,
  applyNextPaymentDate,
  applyPaidTerm,
  applyRefundedTerm,
  applyRenewalStopped,
  isProviderPremium,
  type PaidTerm,
} from './payment-effects.js';
import type { ProviderEvent, ProviderPayment, ProviderSubscription } from './payment-provider.js';
import type { BillingTransaction, EventResult } from './queries.js';

/**
 * What each provider event does, inside the transaction that recorded it (queries.onceForEvent).
 * Every effect first locks and settles the listener's subscription, so events for one listener
 * apply one after the other, each on what the previous one wrote, in whatever order they arrive.
 */
export async function applyEvent(tx: BillingTransaction, event: ProviderEvent, now: Date): Promise<EventResult> {
  switch (event.type) {
    case 'payment':
      return applyPayment(tx, event.payment, now);
    case 'subscription-created':
    case 'subscription-ending':
    case 'subscription-disabled':
      return applySubscriptionEvent(tx, event.type, event.subscription, now);
    case 'renewal-failed':
      return applyRenewalFailure(tx, event, now);
    case 'refund':
      return applyRefund(tx, event.transactionReference, now);
    case 'other':
      return { outcome: 'ignored', note: `Kora does not act on ${event.event}.` };
  }
}

async function lockSettled(tx: BillingTransaction, userId: number, now: Date): Promise<SubscriptionState> {
  const settlement = settleSubscription(await tx.lockSubscription(userId), now);
  await storeSettlement(settlement, tx.writes(userId));
  return settlement.state;
}

/**
 * A payment the provider reported (charge.success) or confirmed (verify). Kora's own checkout
 * references name the listener and what was bought; a renewal carries the provider's reference
 * and is found by its customer. Only the price Kora asked for grants Premium; anything else is
 * flagged. The transaction's unique reference makes the webhook and the return apply it once.
 */
export async function applyPayment(tx: BillingTransaction, payment: ProviderPayment, now: Date): Promise<EventResult> {
  const checkout = await tx.lockCheckout(payment.reference);
  // Only a renewal of the plan (Paystack marks it with metadata.invoice_action) is found by its customer.
  const userId = checkout?.userId ?? (payment.planCode && payment.isRenewal ? await tx.findPayer(payment.customer) : undefined);
  if (userId === undefined) return { outcome: 'unknown-reference', note: `No checkout or subscriber for ${payment.reference}.` };

  if (payment.status !== 'success') {
    const open = checkout?.status === 'pending' || checkout?.status === 'abandoned';
    if (!checkout || !open || payment.status === 'pending' || payment.status === checkout.status) return { outcome: 'no-change', userId };
    await tx.setCheckoutStatus(checkout.reference, payment.status);
    if (payment.status === 'failed') await tx.insertPayment({ ...chargeOf(payment, now), userId, status: 'failed' });
    return { outcome: 'applied', userId };
  }

  const expected = checkout ?? { amount: PREMIUM_PRICE_MINOR, currency: PREMIUM_CURRENCY };
  if (payment.amount !== expected.amount || payment.currency !== expected.currency) {
    if (checkout) await tx.setCheckoutStatus(checkout.reference, 'flagged');
    return {
      outcome: 'flagged',
      userId,
      note: `Paid ${payment.amount} ${payment.currency}, expected ${expected.amount} ${expected.currency}: Premium not granted.`,
    };
  }

  const current = await lockSettled(tx, userId, now);
  const kind: PaidTerm['kind'] = checkout ? (checkout.kind === 'pass' ? 'pass' : 'subscription') : 'renewal';
  const paidAt = payment.paidAt ?? now;
  const subscriptions = kind === 'pass' ? [] : await tx.subscriptionsSeenSince(userId, checkout?.createdAt ?? new Date(0));
  // Paystack does not say which subscription a renewal is for: once every one Kora knows of the
  // listener's is disabled (ended, or stopped after a refund), a renewal is a charge to look into.
  if (kind === 'renewal' && subscriptions.length > 0 && subscriptions.every((s) => s.status === 'disabled')) {
    return { outcome: 'flagged', userId, note: 'A renewal of a disabled subscription: Premium not granted.' };
  }
  const latest = subscriptions.sort((a, b) => b.firstSeenAt.getTime() - a.firstSeenAt.getTime())[0];
  const next = applyPaidTerm(current, {
    kind,
    paidAt,
    channel: payment.channel,
    card: payment.card,
    nextPaymentDate: latest?.nextPaymentDate ?? null,
    renewalStopped: kind === 'subscription' && subscriptions.some((s) => s.status !== 'active'),
  });
  const periodStart = kind === 'pass' ? new Date(Math.max(paidAt.getTime(), current.renewal === 'none' && current.nextBillingDate ? current.nextBillingDate.getTime() : 0)) : paidAt;
  const inserted = await tx.insertPayment({ ...chargeOf(payment, now), userId, status: 'success', periodStart, periodEnd: next.nextBillingDate });
  if (!inserted) return { outcome: 'no-change', userId, note: 'Already applied.' };

  const writes = tx.writes(userId);
  await writes.saveSubscription(next);
  if (kind !== 'pass') await tx.setCustomerCode(userId, payment.customer.code);
  if (checkout) await tx.setCheckoutStatus(checkout.reference, 'success');
  await writes.notify(paymentReceivedNotice(kind, next.nextBillingDate));
  return { outcome: 'applied', userId };
}

function chargeOf(payment: ProviderPayment, now: Date) {
  const paidAt = payment.paidAt ?? now;
  return {
    amount: payment.amount,
    currency: payment.currency,
    transactionType: PREMIUM_TRANSACTION_TYPE,
    billingPeriod: billingPeriodOf(paidAt),
    reference: payment.reference,
    channel: payment.channel,
    paidAt: payment.status === 'success' ? paidAt : null,
  };
}

const SUBSCRIPTION_STATUS = {
  'subscription-created': 'active',
  'subscription-ending': 'non-renewing',
  'subscription-disabled': 'disabled',
} as const;

/**
 * subscription.create, not_renew and disable: the provider subscription is recorded whatever the
 * listener's state (a first payment reported later reads it), and changes their Premium only when
 * it is the newest subscription of theirs and a card subscription renews their Premium now.
 */
async function applySubscriptionEvent(
  tx: BillingTransaction,
  type: keyof typeof SUBSCRIPTION_STATUS,
  subscription: ProviderSubscription,
  now: Date,
): Promise<EventResult> {
  const userId = await tx.findPayer(subscription.customer);
  if (userId === undefined) return { outcome: 'unknown-reference', note: `No subscriber for ${subscription.code}.` };
  const current = await lockSettled(tx, userId, now);
  await tx.savePaymentSubscription({
    code: subscription.code,
    userId,
    emailToken: subscription.emailToken,
    status: SUBSCRIPTION_STATUS[type],
    nextPaymentDate: subscription.nextPaymentDate,
  });
  const newest = (await tx.subscriptionsSeenSince(userId, new Date(0))).sort((a, b) => b.firstSeenAt.getTime() - a.firstSeenAt.getTime())[0];
  if (!isProviderPremium(current) || newest?.code !== subscription.code) return { outcome: 'applied', userId, note: 'Recorded for later.' };

  if (type === 'subscription-created') {
    if (current.status === 'canceled' || !subscription.nextPaymentDate) return { outcome: 'applied', userId };
    await tx.writes(userId).saveSubscription(applyNextPaymentDate(current, subscription.nextPaymentDate, subscription.card));
    return { outcome: 'applied', userId };
  }
  if (current.status === 'canceled') return { outcome: 'no-change', userId };
  await tx.writes(userId).saveSubscription(applyRenewalStopped(current));
  return { outcome: 'applied', userId };
}

/** invoice.payment_failed: past due with a grace period and a notification, unless a later payment already went through. */
async function applyRenewalFailure(
  tx: BillingTransaction,
  event: Extract<ProviderEvent, { type: 'renewal-failed' }>,
  now: Date,
): Promise<EventResult> {
  const userId = await tx.findPayer(event.subscription.customer);
  if (userId === undefined) return { outcome: 'unknown-reference', note: `No subscriber for ${event.subscription.code}.` };
  const current = await lockSettled(tx, userId, now);
  if (!isProviderPremium(current)) return { outcome: 'no-change', userId, note: 'No card subscription renews Premium.' };
  const lastPaid = await tx.latestPaymentAt(userId);
  if (lastPaid && lastPaid > event.at) return { outcome: 'no-change', userId, note: 'A later payment went through.' };

  const next = applyFailedRenewal(current, event.at);
  const writes = tx.writes(userId);
  await writes.saveSubscription(next);
  await tx.insertPayment({
    userId,
    amount: event.amount,
    currency: event.currency,
    transactionType: PREMIUM_TRANSACTION_TYPE,
    status: 'failed',
    billingPeriod: billingPeriodOf(event.at),
    reference: event.key,
    channel: 'card',
  });
  await writes.notify(paymentFailedNotice(next.graceEndsAt));
  return { outcome: 'applied', userId };
}

/**
 * refund.processed: the transaction is refunded, and Premium ends now if it paid for the current
 * term; the card subscription that renewed it is then stopped, here and with the provider.
 */
async function applyRefund(tx: BillingTransaction, reference: string, now: Date): Promise<EventResult> {
  const payment = await tx.lockTransactionByReference(reference);
  if (!payment || payment.status === 'pending' || payment.status === 'failed') {
    return { outcome: 'unknown-reference', note: `No payment ${reference} to refund.` };
  }
  if (payment.status === 'refunded') return { outcome: 'no-change', userId: payment.userId };
  const current = await lockSettled(tx, payment.userId, now);
  await tx.markRefunded(payment.id);
  const endsPremium =
    current.plan === 'premium' && payment.periodEnd !== null && current.nextBillingDate?.getTime() === payment.periodEnd.getTime();
  const writes = tx.writes(payment.userId);
  if (endsPremium) {
    await writes.saveSubscription(applyRefundedTerm());
    // Or the card's next renewal would charge the listener and bring Premium back.
    if (current.renewal === 'provider') await tx.stopRenewals(payment.userId);
  }
  await writes.notify(refundNotice(endsPremium));
  return { outcome: 'applied', userId: payment.userId };
}
