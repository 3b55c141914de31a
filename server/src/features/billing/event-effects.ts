import { PREMIUM_CURRENCY, PREMIUM_PRICE_MINOR, PREMIUM_TRANSACTION_TYPE } from '@kora/contracts';
import { billingPeriodOf } from '../subscription/billing-calendar.js';
import { storeSettlement } from '../subscription/store-settlement.js';
import { settleSubscription } from '../subscription/subscription-lapse.js';
import type { SubscriptionState } from '../subscription/subscription-state.js';
import { paymentFailedNotice, paymentReceivedNotice, refundNotice } from './billing-notices.js';
import type { BillingTransaction, EventResult, EventTarget, KnownSubscription, LockedListener, SubscriptionContext } from './event-transaction.js';
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

/**
 * What each provider event does, inside the transaction that records it (queries.onceForEvent).
 * The transaction first locks the listener's subscription (targetOf says how the listener is found),
 * so events for one listener apply one after the other, each on what the previous one wrote, in
 * whatever order they arrive. An event about a payment or a customer Kora does not know yet is
 * parked, and applied when a payment makes them known.
 */

/** What a parked event waits for: a payment's reference (a refund) or a provider customer (its subscription's events). */
const referenceWait = (reference: string) => `reference:${reference}`;
const customerWait = (customerCode: string) => `customer:${customerCode}`;

/** Reads a parked event's recorded payload back into an event (the provider's readRecordedEvent). */
export type ReadRecordedEvent = (payload: unknown) => ProviderEvent;

export function targetOf(event: ProviderEvent): EventTarget {
  switch (event.type) {
    case 'payment':
      return paymentTarget(event.payment);
    case 'subscription-created':
    case 'subscription-ending':
    case 'subscription-disabled':
    case 'renewal-failed':
      return { customer: event.subscription.customer, waitKeys: [customerWait(event.subscription.customer.code)] };
    case 'refund':
      return { paymentReference: event.transactionReference, waitKeys: [referenceWait(event.transactionReference)] };
    case 'other':
      return { waitKeys: [] };
  }
}

/**
 * Kora's own checkout references name the listener; a renewal carries the provider's reference and
 * is found by its customer, and only a renewal of the plan (Paystack marks it with
 * metadata.invoice_action) is. A payment may end the waits of a refund of it and of its customer.
 */
export function paymentTarget(payment: ProviderPayment): EventTarget {
  return {
    checkoutReference: payment.reference,
    customer: payment.planCode && payment.isRenewal ? payment.customer : undefined,
    waitKeys: [referenceWait(payment.reference), customerWait(payment.customer.code)],
  };
}

/** An event's effect, then, when it was a payment, those of the events parked waiting for it, in their order of arrival. */
export async function applyEvent(
  tx: BillingTransaction,
  event: ProviderEvent,
  listener: LockedListener | undefined,
  now: Date,
  readRecorded: ReadRecordedEvent,
): Promise<EventResult> {
  const result = await applyEventOnly(tx, event, listener, now);
  if (result.wakes) await replayParked(tx, result.wakes, now, readRecorded);
  return result;
}

/** A payment the provider confirmed on the listener's return: applied as its charge.success would be. */
export async function applyConfirmedPayment(
  tx: BillingTransaction,
  payment: ProviderPayment,
  listener: LockedListener | undefined,
  now: Date,
  readRecorded: ReadRecordedEvent,
): Promise<EventResult> {
  const result = await applyPayment(tx, payment, listener, now);
  if (result.wakes) await replayParked(tx, result.wakes, now, readRecorded);
  return result;
}

/** Each replayed event is marked with its own result, in this transaction: a parked event is applied once. */
async function replayParked(tx: BillingTransaction, wakes: string[], now: Date, readRecorded: ReadRecordedEvent): Promise<void> {
  // The replayed events read what the payment wrote.
  await tx.flush();
  for (const parked of await tx.findParked(wakes)) {
    const event = readRecorded(parked.payload);
    const result = await applyEventOnly(tx, event, await tx.lockListener(targetOf(event)), now);
    tx.recordOutcome(parked.id, result);
    await tx.flush();
  }
}

function applyEventOnly(tx: BillingTransaction, event: ProviderEvent, listener: LockedListener | undefined, now: Date): Promise<EventResult> {
  switch (event.type) {
    case 'payment':
      return applyPayment(tx, event.payment, listener, now);
    case 'subscription-created':
    case 'subscription-ending':
    case 'subscription-disabled':
      return applySubscriptionEvent(tx, event.type, event.subscription, listener, now);
    case 'renewal-failed':
      return applyRenewalFailure(tx, event, listener, now);
    case 'refund':
      return applyRefund(tx, event.transactionReference, listener, now);
    case 'other':
      return Promise.resolve({ outcome: 'ignored', note: `Kora does not act on ${event.event}.` });
  }
}

function park(waitingFor: string, note: string, userId?: number): EventResult {
  return { outcome: 'parked', waitingFor, note, userId };
}

/** The locked subscription brought up to now (a lapse or renewal it was due is written and announced first). */
async function settle(tx: BillingTransaction, { userId, stored }: LockedListener, now: Date): Promise<SubscriptionState> {
  const settlement = settleSubscription(stored, now);
  await storeSettlement(settlement, tx.subscriptionWrites(userId));
  return settlement.state;
}

function newestOf(subscriptions: KnownSubscription[]): KnownSubscription | undefined {
  return [...subscriptions].sort((a, b) => b.firstSeenAt.getTime() - a.firstSeenAt.getTime())[0];
}

/** Disabled before `at` (a disable time Kora did not record is taken as long ago). */
function disabledBefore(subscription: KnownSubscription, at: Date): boolean {
  return subscription.status === 'disabled' && (subscription.disabledAt === null || subscription.disabledAt <= at);
}

/**
 * A payment the provider reported (charge.success) or confirmed (verify). Only the price Kora asked
 * for grants Premium; anything else is flagged. The payment's reference, read under its lock, makes
 * the webhook and the return apply it once.
 */
async function applyPayment(tx: BillingTransaction, payment: ProviderPayment, listener: LockedListener | undefined, now: Date): Promise<EventResult> {
  if (!listener) return { outcome: 'unknown-reference', note: `No checkout or subscriber for ${payment.reference}.` };
  const { userId } = listener;
  const waitKeys = paymentTarget(payment).waitKeys;
  const { checkout, paymentStatus: recorded, subscriptions: known, hasWaiting } = await tx.readPaymentContext(userId, payment.reference, waitKeys);

  if (payment.status !== 'success') {
    const open = checkout?.status === 'pending' || checkout?.status === 'abandoned';
    if (!checkout || !open || payment.status === 'pending' || payment.status === checkout.status) return { outcome: 'no-change', userId };
    tx.setCheckoutStatus(checkout.reference, payment.status);
    if (payment.status === 'failed' && !recorded) tx.insertPayment({ ...chargeOf(payment, now), userId, status: 'failed' });
    return { outcome: 'applied', userId };
  }

  const expected = checkout ?? { amount: PREMIUM_PRICE_MINOR, currency: PREMIUM_CURRENCY };
  if (payment.amount !== expected.amount || payment.currency !== expected.currency) {
    if (checkout) tx.setCheckoutStatus(checkout.reference, 'flagged');
    return {
      outcome: 'flagged',
      userId,
      note: `Paid ${payment.amount} ${payment.currency}, expected ${expected.amount} ${expected.currency}: Premium not granted.`,
    };
  }
  // A declined attempt under the same reference is paid now; any other was applied before.
  if (recorded && recorded !== 'failed') return { outcome: 'no-change', userId, note: 'Already applied.' };

  const current = await settle(tx, listener, now);
  const kind: PaidTerm['kind'] = checkout ? (checkout.kind === 'pass' ? 'pass' : 'subscription') : 'renewal';
  const paidAt = payment.paidAt ?? now;
  // A checkout's first payment is judged with the subscriptions heard of since it started; a renewal with them all.
  const since = checkout?.createdAt ?? new Date(0);
  const subscriptions = kind === 'pass' ? [] : known.filter((s) => s.firstSeenAt >= since);
  // Paystack does not say which subscription a renewal is for: once every one Kora knows of the
  // listener's had been disabled (ended, or stopped after a refund) when it was paid, it is a charge
  // to look into. One paid before paid for a real term, even reported after the disable.
  if (kind === 'renewal' && subscriptions.length > 0 && subscriptions.every((s) => disabledBefore(s, paidAt))) {
    return { outcome: 'flagged', userId, note: 'A renewal of a disabled subscription: Premium not granted.' };
  }
  const next = applyPaidTerm(current, {
    kind,
    paidAt,
    channel: payment.channel,
    card: payment.card,
    nextPaymentDate: newestOf(subscriptions)?.nextPaymentDate ?? null,
    renewalStopped:
      kind === 'subscription'
        ? subscriptions.some((s) => s.status !== 'active')
        : kind === 'renewal' && subscriptions.length > 0 && subscriptions.every((s) => s.status !== 'active'),
  });
  const periodStart = kind === 'pass' ? new Date(Math.max(paidAt.getTime(), current.renewal === 'none' && current.nextBillingDate ? current.nextBillingDate.getTime() : 0)) : paidAt;
  const paid = { ...chargeOf(payment, now), userId, status: 'success' as const, periodStart, periodEnd: next.nextBillingDate };
  if (recorded) tx.completePayment(paid);
  else tx.insertPayment(paid);
  // A card payment tells Kora the provider's customer, whose renewals and events find the listener by it.
  tx.saveSubscription(userId, next, kind === 'pass' ? undefined : payment.customer.code);
  if (checkout) tx.setCheckoutStatus(checkout.reference, 'success');
  tx.notify(userId, paymentReceivedNotice(kind, next));
  // A pass does not give Kora the customer's code: its customer's events still cannot apply.
  const wakes = kind === 'pass' ? [referenceWait(payment.reference)] : waitKeys;
  return { outcome: 'applied', userId, wakes: hasWaiting ? wakes : undefined };
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
 * A refund ended the listener's card term and stopped every subscription Kora knew of then: one
 * heard of only now is of that term (its events came after the refund), unless the listener started
 * a card checkout since.
 */
function stoppedByRefund({ lastCardPayment, lastOpenCardCheckoutAt }: SubscriptionContext): boolean {
  if (lastCardPayment?.status !== 'refunded') return false;
  return !(lastOpenCardCheckoutAt && lastCardPayment.paidAt && lastOpenCardCheckoutAt > lastCardPayment.paidAt);
}

/**
 * subscription.create, not_renew and disable: the provider subscription is recorded whatever the
 * listener's state (a first payment reported later reads it), and changes their Premium only when
 * it is the newest subscription of theirs and a card subscription renews their Premium now.
 */
async function applySubscriptionEvent(
  tx: BillingTransaction,
  type: keyof typeof SUBSCRIPTION_STATUS,
  subscription: ProviderSubscription,
  listener: LockedListener | undefined,
  now: Date,
): Promise<EventResult> {
  if (!listener) return park(customerWait(subscription.customer.code), `Waits for a payment by ${subscription.customer.code}.`);
  const { userId } = listener;
  const context = await tx.readSubscriptionContext(userId);
  const current = await settle(tx, listener, now);
  const known = context.subscriptions.find((s) => s.code === subscription.code);
  const row = { code: subscription.code, userId, emailToken: subscription.emailToken, nextPaymentDate: subscription.nextPaymentDate };

  if (!isProviderPremium(current) && stoppedByRefund(context)) {
    tx.savePaymentSubscription({ ...row, status: 'disabled' }, now);
    // Or the card would be charged again for a term Kora refunded.
    if (type === 'subscription-created' && known?.status !== 'disabled') await tx.stopProviderRenewal(subscription.code);
    return { outcome: 'applied', userId, note: 'A subscription of a refunded term: stopped.' };
  }

  tx.savePaymentSubscription({ ...row, status: SUBSCRIPTION_STATUS[type] }, now);
  // One Kora hears of now is the newest it has heard of.
  const newest = known ? newestOf(context.subscriptions)?.code : subscription.code;
  if (!isProviderPremium(current) || newest !== subscription.code) return { outcome: 'applied', userId, note: 'Recorded for later.' };

  if (type === 'subscription-created') {
    if (current.status === 'canceled' || !subscription.nextPaymentDate) return { outcome: 'applied', userId };
    tx.saveSubscription(userId, applyNextPaymentDate(current, subscription.nextPaymentDate, subscription.card));
    return { outcome: 'applied', userId };
  }
  if (current.status === 'canceled') return { outcome: 'no-change', userId };
  tx.saveSubscription(userId, applyRenewalStopped(current));
  return { outcome: 'applied', userId };
}

/** invoice.payment_failed: past due with a grace period and a notification, unless a later payment already went through. */
async function applyRenewalFailure(
  tx: BillingTransaction,
  event: Extract<ProviderEvent, { type: 'renewal-failed' }>,
  listener: LockedListener | undefined,
  now: Date,
): Promise<EventResult> {
  if (!listener) return park(customerWait(event.subscription.customer.code), `Waits for a payment by ${event.subscription.customer.code}.`);
  const { userId } = listener;
  const current = await settle(tx, listener, now);
  if (!isProviderPremium(current)) return { outcome: 'no-change', userId, note: 'No card subscription renews Premium.' };
  const lastPaidAt = await tx.readLastPaidAt(userId);
  if (lastPaidAt && lastPaidAt > event.at) return { outcome: 'no-change', userId, note: 'A later payment went through.' };

  const next = applyFailedRenewal(current, event.at);
  tx.saveSubscription(userId, next);
  tx.insertPayment({
    userId,
    amount: event.amount,
    currency: event.currency,
    transactionType: PREMIUM_TRANSACTION_TYPE,
    status: 'failed',
    billingPeriod: billingPeriodOf(event.at),
    reference: event.key,
    channel: 'card',
  });
  tx.notify(userId, paymentFailedNotice(next.graceEndsAt));
  return { outcome: 'applied', userId };
}

/**
 * refund.processed: the transaction is refunded, and Premium ends now if it paid for the current
 * term; the card subscription that renewed it is then stopped, here and with the provider. A refund
 * reported before the payment it refunds waits for it.
 */
async function applyRefund(tx: BillingTransaction, reference: string, listener: LockedListener | undefined, now: Date): Promise<EventResult> {
  const waiting = `Waits for the payment ${reference}.`;
  if (!listener) return park(referenceWait(reference), waiting);
  const { userId } = listener;
  const { payment, subscriptions } = await tx.readRefundContext(userId, reference);
  if (!payment || payment.status === 'pending' || payment.status === 'failed') return park(referenceWait(reference), waiting, userId);
  if (payment.status === 'refunded') return { outcome: 'no-change', userId };
  const current = await settle(tx, listener, now);
  tx.markRefunded(payment.id);
  const endsPremium = current.plan === 'premium' && payment.periodEnd !== null && current.nextBillingDate?.getTime() === payment.periodEnd.getTime();
  if (endsPremium) {
    tx.saveSubscription(userId, applyRefundedTerm());
    // Or the card's next renewal would charge the listener and bring Premium back.
    if (current.renewal === 'provider') await tx.stopRenewals(userId, subscriptions, now);
  }
  tx.notify(userId, refundNotice(endsPremium));
  return { outcome: 'applied', userId };
}
