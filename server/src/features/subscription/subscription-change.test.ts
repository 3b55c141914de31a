import type { SubscriptionUpdateRequest } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { BadRequest, Conflict } from '../../http/errors.js';
import { planSubscriptionChange } from './subscription-change.js';
import { FREE_SUBSCRIPTION, type SubscriptionState } from './subscription-state.js';

const now = new Date('2025-06-15T12:00:00Z');
const inThirtyDays = new Date('2025-07-15T12:00:00Z');
const billingDate = new Date('2025-07-01T08:00:00Z');
const premium = (values: Partial<SubscriptionState> = {}): SubscriptionState => ({
  plan: 'premium',
  status: 'active',
  nextBillingDate: billingDate,
  paymentMethodType: 'pending',
  paymentMethodLast4: null,
  paymentMethodBrand: null,
  renewal: 'local',
  graceEndsAt: null,
  endingNoticeFor: null,
  ...values,
});

function refusal(current: SubscriptionState, request: SubscriptionUpdateRequest, options?: { justLapsed?: boolean }) {
  try {
    planSubscriptionChange(current, request, now, options);
  } catch (error) {
    if (error instanceof BadRequest || error instanceof Conflict) return { status: error.statusCode, message: error.message };
    throw error;
  }
  throw new Error('the change was accepted');
}

describe('upgrading', () => {
  it('makes a free plan premium: active, billed in 30 days, payment method pending', () => {
    expect(planSubscriptionChange(FREE_SUBSCRIPTION, { subscriptionPlan: 'premium' }, now)).toEqual({
      kind: 'upgrade',
      next: premium({ nextBillingDate: inThirtyDays }),
    });
  });

  it('keeps a bank transfer already on file', () => {
    const current = { ...FREE_SUBSCRIPTION, paymentMethodType: 'bank_transfer' as const };
    expect(planSubscriptionChange(current, { subscriptionPlan: 'premium' }, now).next.paymentMethodType).toBe('bank_transfer');
  });

  it("accepts the spec's full payload when it says what the server would set", () => {
    const request: SubscriptionUpdateRequest = {
      subscriptionPlan: 'premium',
      subscriptionStatus: 'active',
      nextBillingDate: new Date(inThirtyDays.getTime() - 90_000).toISOString(),
      paymentMethodType: 'pending',
      paymentMethodLast4: null,
    };
    // The stored date is the server's, not the one sent.
    expect(planSubscriptionChange(FREE_SUBSCRIPTION, request, now).next.nextBillingDate).toEqual(inThirtyDays);
  });

  it.each([
    [{ nextBillingDate: '2030-01-01T00:00:00Z' }, 400, `nextBillingDate must be ${inThirtyDays.toISOString()} or left out: the server sets it.`],
    [{ nextBillingDate: new Date(inThirtyDays.getTime() + 6 * 60_000).toISOString() }, 400, /nextBillingDate must be/],
    [{ nextBillingDate: null }, 400, /nextBillingDate must be/],
    [{ nextBillingDate: 'next month' }, 400, 'nextBillingDate must be an ISO date-time.'],
    [{ subscriptionStatus: 'canceled' }, 400, 'subscriptionStatus must be active for this change: the server sets it.'],
    [{ subscriptionStatus: 'past_due' }, 400, 'subscriptionStatus must be active for this change: the server sets it.'],
    [{ paymentMethodType: 'bank_transfer' }, 400, 'paymentMethodType must be pending for this change: the server sets it.'],
    [{ paymentMethodLast4: '1234' }, 400, 'paymentMethodLast4 must be left out: Kora keeps no card digits.'],
  ] as const)('refuses an upgrade that also sends %o', (extra, status, message) => {
    const result = refusal(FREE_SUBSCRIPTION, { subscriptionPlan: 'premium', ...extra } as SubscriptionUpdateRequest);
    expect(result.status).toBe(status);
    expect(result.message).toMatch(message);
  });

  it('refuses upgrading a premium again', () => {
    expect(refusal(premium(), { subscriptionPlan: 'premium' })).toEqual({ status: 409, message: 'You are already on Premium.' });
    expect(refusal(premium({ status: 'canceled' }), { subscriptionPlan: 'premium', subscriptionStatus: 'active' })).toEqual({
      status: 409,
      message: 'A canceled subscription cannot be resumed: it stays Premium until 1 July 2025.',
    });
  });
});

describe('canceling', () => {
  it('cancels an active premium, keeping the billing date and payment method', () => {
    const current = premium({ paymentMethodType: 'bank_transfer' });
    expect(planSubscriptionChange(current, { subscriptionStatus: 'canceled' }, now)).toEqual({
      kind: 'cancel',
      next: { ...current, status: 'canceled' },
    });
    const full = { subscriptionPlan: 'premium', subscriptionStatus: 'canceled', nextBillingDate: billingDate.toISOString() } as const;
    expect(planSubscriptionChange(current, full, now).kind).toBe('cancel');
  });

  it('refuses a cancel that moves the billing date', () => {
    expect(refusal(premium(), { subscriptionStatus: 'canceled', nextBillingDate: inThirtyDays.toISOString() }).status).toBe(400);
  });

  it('refuses canceling a free plan or a canceled one', () => {
    expect(refusal(FREE_SUBSCRIPTION, { subscriptionStatus: 'canceled' })).toEqual({ status: 409, message: 'Only a Premium subscription can be canceled.' });
    expect(refusal(premium({ status: 'canceled' }), { subscriptionStatus: 'canceled' })).toEqual({
      status: 409,
      message: 'Your subscription is already canceled.',
    });
  });
});

describe('moving to free', () => {
  it('refuses before the billing date, with the date', () => {
    expect(refusal(premium({ status: 'canceled' }), { subscriptionPlan: 'free' })).toEqual({
      status: 409,
      message: 'Your Premium features last until 1 July 2025; you can move to Free from then.',
    });
    expect(refusal(premium(), { subscriptionPlan: 'free' })).toEqual({
      status: 409,
      message: 'Cancel your Premium subscription first: it then stays Premium until 1 July 2025 and moves to Free.',
    });
  });

  it('succeeds when the subscription lapsed at the billing date in this very request', () => {
    expect(planSubscriptionChange(FREE_SUBSCRIPTION, { subscriptionPlan: 'free' }, now, { justLapsed: true })).toEqual({
      kind: 'downgrade',
      next: FREE_SUBSCRIPTION,
    });
    expect(refusal(FREE_SUBSCRIPTION, { subscriptionPlan: 'free' })).toEqual({ status: 409, message: 'You are already on the Free plan.' });
  });
});

describe('payment methods', () => {
  it('sets up a bank transfer from pending or none, on premium', () => {
    for (const paymentMethodType of ['pending', 'none'] as const) {
      expect(planSubscriptionChange(premium({ paymentMethodType }), { paymentMethodType: 'bank_transfer' }, now)).toEqual({
        kind: 'payment-setup',
        next: premium({ paymentMethodType: 'bank_transfer' }),
      });
    }
  });

  it('removes a method back to pending on premium, and to none on free', () => {
    expect(planSubscriptionChange(premium({ paymentMethodType: 'bank_transfer' }), { paymentMethodType: 'pending' }, now)).toEqual({
      kind: 'payment-removal',
      next: premium({ paymentMethodType: 'pending' }),
    });
    const freeWithTransfer = { ...FREE_SUBSCRIPTION, paymentMethodType: 'bank_transfer' as const };
    expect(planSubscriptionChange(freeWithTransfer, { paymentMethodType: 'none' }, now).next).toEqual(FREE_SUBSCRIPTION);
    expect(refusal(freeWithTransfer, { paymentMethodType: 'pending' }).message).toBe(
      'paymentMethodType must be none for this change: the server sets it.',
    );
  });

  it('refuses cards, card digits, a second method, setup on free and removing nothing', () => {
    expect(refusal(premium(), { paymentMethodType: 'card', paymentMethodLast4: '1234' })).toEqual({
      status: 400,
      message: 'Card payments are not configured on this server. Please set up a bank transfer.',
    });
    expect(refusal(premium(), { paymentMethodType: 'bank_transfer', paymentMethodLast4: '9999' }).status).toBe(400);
    expect(refusal(premium({ paymentMethodType: 'bank_transfer' }), { paymentMethodType: 'bank_transfer' })).toEqual({
      status: 409,
      message: 'That payment method is already set up.',
    });
    expect(refusal(premium({ paymentMethodType: 'card', paymentMethodLast4: '1234' }), { paymentMethodType: 'bank_transfer' }).status).toBe(409);
    expect(refusal(FREE_SUBSCRIPTION, { paymentMethodType: 'bank_transfer' })).toEqual({
      status: 409,
      message: 'Payment methods are for Premium. Upgrade to Premium first.',
    });
    expect(refusal(premium(), { paymentMethodType: 'none' })).toEqual({ status: 409, message: 'There is no payment method to remove.' });
  });
});

describe('requests that name no change', () => {
  it('refuses an empty request and one sending only server-set fields', () => {
    expect(refusal(premium(), {})).toEqual({ status: 400, message: 'Nothing to change: send subscriptionPlan, subscriptionStatus or paymentMethodType.' });
    expect(refusal(premium(), { nextBillingDate: '2030-01-01T00:00:00Z' }).status).toBe(400);
    expect(refusal(premium(), { subscriptionStatus: 'past_due' })).toEqual({ status: 400, message: 'subscriptionStatus past_due is set by the server.' });
  });
});
