import type { SubscriptionUpdateRequest } from '@kora/contracts';
import { BadRequest, Conflict } from '../../http/errors.js';
import { billingDateAfter } from './billing-calendar.js';
import { formatBillingDate } from './subscription-notices.js';
import { FREE_SUBSCRIPTION, hasPaymentMethod, type SubscriptionState } from './subscription-state.js';

/** Without a payment provider (no PAYSTACK_SECRET_KEY), the local flow takes no cards. */
export const CARD_PAYMENTS_NOT_CONFIGURED_MESSAGE = 'Card payments are not configured on this server. Please set up a bank transfer.';

export type ChangeKind = 'upgrade' | 'cancel' | 'downgrade' | 'payment-setup' | 'payment-removal';
export type PlannedChange = { kind: ChangeKind; next: SubscriptionState };

/**
 * A client's nextBillingDate is accepted when it is the one the server sets, give or take this
 * much: the client computed "30 days from now" a moment before the server did.
 */
export const BILLING_DATE_TOLERANCE_MS = 5 * 60 * 1000;

/**
 * Works out which one allowed transition a request asks for, and what the subscription becomes.
 * The plan decides first, then the status, then the payment method; every other field sent must
 * be what the server itself would set, or the request is refused (nothing is taken from it).
 * `current` is already settled (subscription-lapse.ts); `justLapsed` says it became free in this
 * very request, so a "downgrade to free" at the billing date is the success it asked for.
 */
export function planSubscriptionChange(
  current: SubscriptionState,
  request: SubscriptionUpdateRequest,
  now: Date,
  { justLapsed = false } = {},
): PlannedChange {
  const change = chooseChange(current, request, now, justLapsed);
  checkRequestMatches(request, change.next);
  return change;
}

function chooseChange(current: SubscriptionState, request: SubscriptionUpdateRequest, now: Date, justLapsed: boolean): PlannedChange {
  const { subscriptionPlan: plan, subscriptionStatus: status, paymentMethodType: method } = request;

  if (plan === 'premium' && current.plan === 'free') {
    const keepsMethod = hasPaymentMethod(current);
    return {
      kind: 'upgrade',
      next: {
        ...FREE_SUBSCRIPTION,
        plan: 'premium',
        nextBillingDate: billingDateAfter(now),
        paymentMethodType: keepsMethod ? current.paymentMethodType : 'pending',
        paymentMethodLast4: keepsMethod ? current.paymentMethodLast4 : null,
        paymentMethodBrand: keepsMethod ? current.paymentMethodBrand : null,
      },
    };
  }
  if (plan === 'free' && current.plan === 'premium') {
    const until = formatBillingDate(current.nextBillingDate);
    if (current.status === 'active') {
      throw new Conflict(`Cancel your Premium subscription first: it then stays Premium until ${until} and moves to Free.`);
    }
    throw new Conflict(`Your Premium features last until ${until}; you can move to Free from then.`);
  }
  if (plan === 'free' && justLapsed) return { kind: 'downgrade', next: current };

  if (status !== undefined && status !== current.status) {
    if (status === 'canceled') {
      if (current.plan !== 'premium') throw new Conflict('Only a Premium subscription can be canceled.');
      if (current.renewal === 'none') {
        throw new Conflict(`Your Premium pass never renews, so there is nothing to cancel: it ends on ${formatBillingDate(current.nextBillingDate)}.`);
      }
      return { kind: 'cancel', next: { ...current, status: 'canceled' } };
    }
    if (status === 'active' && current.status === 'canceled') {
      throw new Conflict(`A canceled subscription cannot be resumed: it stays Premium until ${formatBillingDate(current.nextBillingDate)}.`);
    }
    throw new BadRequest(`subscriptionStatus ${status} is set by the server.`);
  }

  if (method !== undefined && method !== current.paymentMethodType) {
    if (current.renewal !== 'local') {
      throw new Conflict('This Premium was paid through the payment provider: change your card from its page, or cancel.');
    }
    if (method === 'card' || method === 'ussd') throw new BadRequest(CARD_PAYMENTS_NOT_CONFIGURED_MESSAGE);
    if (method === 'bank_transfer') {
      if (hasPaymentMethod(current)) throw new Conflict('Remove the current payment method before setting up a bank transfer.');
      if (current.plan !== 'premium') throw new Conflict('Payment methods are for Premium. Upgrade to Premium first.');
      return { kind: 'payment-setup', next: { ...current, paymentMethodType: 'bank_transfer', paymentMethodLast4: null } };
    }
    if (!hasPaymentMethod(current)) throw new Conflict('There is no payment method to remove.');
    // A premium waits for a new method ('pending'); a free plan simply has none.
    const emptied = current.plan === 'premium' ? 'pending' : 'none';
    return { kind: 'payment-removal', next: { ...current, paymentMethodType: emptied, paymentMethodLast4: null } };
  }

  throw nothingToChange(current, request);
}

function nothingToChange(current: SubscriptionState, request: SubscriptionUpdateRequest): Error {
  if (request.subscriptionPlan !== undefined) {
    return new Conflict(current.plan === 'premium' ? 'You are already on Premium.' : 'You are already on the Free plan.');
  }
  if (request.subscriptionStatus === 'canceled') return new Conflict('Your subscription is already canceled.');
  if (request.subscriptionStatus !== undefined) return new Conflict('Your subscription is already active.');
  if (request.paymentMethodType !== undefined) {
    return new Conflict(hasPaymentMethod(current) ? 'That payment method is already set up.' : 'There is no payment method to remove.');
  }
  if (request.nextBillingDate !== undefined || request.paymentMethodLast4 !== undefined) {
    return new BadRequest('nextBillingDate and paymentMethodLast4 are set by the server: send subscriptionPlan, subscriptionStatus or paymentMethodType.');
  }
  return new BadRequest('Nothing to change: send subscriptionPlan, subscriptionStatus or paymentMethodType.');
}

/** Every field the client sent must equal what the change sets; the server's values are the ones stored. */
function checkRequestMatches(request: SubscriptionUpdateRequest, next: SubscriptionState): void {
  if (request.subscriptionPlan !== undefined && request.subscriptionPlan !== next.plan) {
    throw new BadRequest(`subscriptionPlan must be ${next.plan} for this change.`);
  }
  if (request.subscriptionStatus !== undefined && request.subscriptionStatus !== next.status) {
    throw new BadRequest(`subscriptionStatus must be ${next.status} for this change: the server sets it.`);
  }
  if (request.paymentMethodType !== undefined && request.paymentMethodType !== next.paymentMethodType) {
    throw new BadRequest(`paymentMethodType must be ${next.paymentMethodType} for this change: the server sets it.`);
  }
  if (request.paymentMethodLast4 !== undefined && request.paymentMethodLast4 !== next.paymentMethodLast4) {
    throw new BadRequest(
      next.paymentMethodLast4 === null
        ? 'paymentMethodLast4 must be left out: Kora keeps no card digits.'
        : `paymentMethodLast4 must be ${next.paymentMethodLast4}: the server sets it.`,
    );
  }
  if (request.nextBillingDate !== undefined) checkBillingDate(request.nextBillingDate, next.nextBillingDate);
}

function checkBillingDate(sent: string | null, expected: Date | null): void {
  const expectedText = expected === null ? 'null' : expected.toISOString();
  const message = `nextBillingDate must be ${expectedText} or left out: the server sets it.`;
  if (sent === null || expected === null) {
    if (sent !== expected) throw new BadRequest(message);
    return;
  }
  const time = Date.parse(sent);
  if (Number.isNaN(time)) throw new BadRequest('nextBillingDate must be an ISO date-time.');
  if (Math.abs(time - expected.getTime()) > BILLING_DATE_TOLERANCE_MS) throw new BadRequest(message);
}
