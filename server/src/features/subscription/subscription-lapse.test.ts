import { describe, expect, it } from 'vitest';
import { isSettled, settleSubscription } from './subscription-lapse.js';
import { FREE_SUBSCRIPTION, type SubscriptionState } from './subscription-state.js';

const now = new Date('2025-06-15T12:00:00Z');
const due = new Date('2025-06-10T09:00:00Z');
const future = new Date('2025-07-01T00:00:00Z');
const premium = (values: Partial<SubscriptionState>): SubscriptionState => ({
  plan: 'premium',
  status: 'active',
  nextBillingDate: future,
  paymentMethodType: 'pending',
  paymentMethodLast4: null,
  paymentMethodBrand: null,
  renewal: 'local',
  graceEndsAt: null,
  endingNoticeFor: null,
  ...values,
});
const free: SubscriptionState = FREE_SUBSCRIPTION;

describe('settleSubscription', () => {
  it('leaves free subscriptions and premium before its billing date as they are', () => {
    for (const state of [free, premium({}), premium({ status: 'canceled' }), premium({ paymentMethodType: 'bank_transfer' })]) {
      const settlement = settleSubscription(state, now);
      expect(settlement.state).toBe(state);
      expect(isSettled(settlement)).toBe(true);
    }
  });

  it('makes a canceled premium free at its billing date, keeping a bank transfer on file', () => {
    const settlement = settleSubscription(premium({ status: 'canceled', nextBillingDate: due, paymentMethodType: 'bank_transfer' }), now);
    expect(settlement.state).toEqual({ ...free, paymentMethodType: 'bank_transfer' });
    expect(settlement.lapse).toEqual({ reason: 'canceled', endedAt: due });
    expect(settlement.renewals).toEqual([]);
    expect(isSettled(settlement)).toBe(false);
  });

  it('lapses exactly at the billing date, not a millisecond before', () => {
    const canceled = premium({ status: 'canceled', nextBillingDate: now });
    expect(settleSubscription(canceled, now).lapse?.reason).toBe('canceled');
    expect(isSettled(settleSubscription(canceled, new Date(now.getTime() - 1)))).toBe(true);
  });

  it('makes an active premium still waiting for a payment method free at the date (past due means free)', () => {
    const settlement = settleSubscription(premium({ nextBillingDate: due }), now);
    expect(settlement.state).toEqual(free);
    expect(settlement.lapse).toEqual({ reason: 'unpaid', endedAt: due });
  });

  it('makes a past-due or dateless premium free at once', () => {
    expect(settleSubscription(premium({ status: 'past_due' }), now).state).toEqual(free);
    expect(settleSubscription(premium({ nextBillingDate: null, paymentMethodType: 'bank_transfer' }), now).lapse?.reason).toBe('unpaid');
  });

  it('renews an active premium with a payment method, one charge per billing date passed', () => {
    const once = settleSubscription(premium({ nextBillingDate: due, paymentMethodType: 'bank_transfer' }), now);
    expect(once.state).toEqual(premium({ nextBillingDate: new Date('2025-07-10T09:00:00Z'), paymentMethodType: 'bank_transfer' }));
    expect(once.renewals).toEqual([due]);
    expect(once.lapse).toBeUndefined();

    const long = settleSubscription(premium({ nextBillingDate: new Date('2025-04-11T09:00:00Z'), paymentMethodType: 'bank_transfer' }), now);
    expect(long.renewals.map((date) => date.toISOString())).toEqual([
      '2025-04-11T09:00:00.000Z',
      '2025-05-11T09:00:00.000Z',
      '2025-06-10T09:00:00.000Z',
    ]);
    expect(long.state.nextBillingDate?.toISOString()).toBe('2025-07-10T09:00:00.000Z');
  });
});
