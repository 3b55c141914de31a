import { describe, expect, it } from 'vitest';
import { type ListenerSubscription, resolveListenerPlan } from './listener-plan.js';

describe('resolveListenerPlan', () => {
  const now = new Date('2025-06-01T12:00:00Z');
  const later = new Date('2025-06-20T00:00:00Z');
  const earlier = new Date('2025-05-20T00:00:00Z');
  const premium = (
    status: ListenerSubscription['status'],
    nextBillingDate: Date | null,
    paymentMethodType: ListenerSubscription['paymentMethodType'] = 'pending',
  ): ListenerSubscription => ({ plan: 'premium', status, nextBillingDate, paymentMethodType, renewal: 'local', graceEndsAt: null });

  it('is free without a subscription or on the free plan', () => {
    expect(resolveListenerPlan(null, now)).toBe('free');
    expect(
      resolveListenerPlan({ plan: 'free', status: 'active', nextBillingDate: null, paymentMethodType: 'bank_transfer', renewal: 'local', graceEndsAt: null }, now),
    ).toBe('free');
  });

  it('is premium while active, and after canceling until the billing date', () => {
    expect(resolveListenerPlan(premium('active', later), now)).toBe('premium');
    expect(resolveListenerPlan(premium('canceled', later), now)).toBe('premium');
    expect(resolveListenerPlan(premium('canceled', earlier), now)).toBe('free');
    expect(resolveListenerPlan(premium('canceled', null), now)).toBe('free');
  });

  it('ends exactly at the billing date', () => {
    expect(resolveListenerPlan(premium('canceled', now), now)).toBe('free');
    expect(resolveListenerPlan(premium('active', now), now)).toBe('free');
  });

  it('lapses an active premium still without a payment method once the billing date passes', () => {
    expect(resolveListenerPlan(premium('active', earlier, 'pending'), now)).toBe('free');
    expect(resolveListenerPlan(premium('active', earlier, 'none'), now)).toBe('free');
  });

  it('keeps an active premium with a payment method past the billing date: it renews', () => {
    expect(resolveListenerPlan(premium('active', earlier, 'bank_transfer'), now)).toBe('premium');
    expect(resolveListenerPlan(premium('canceled', earlier, 'bank_transfer'), now)).toBe('free');
  });

  it('is free while a premium payment is past due, and without a billing date', () => {
    expect(resolveListenerPlan(premium('past_due', later, 'bank_transfer'), now)).toBe('free');
    expect(resolveListenerPlan(premium('active', null, 'bank_transfer'), now)).toBe('free');
  });

  it('keeps a card subscription the provider renews for a grace period past the billing date', () => {
    const card = { ...premium('active', earlier, 'card'), renewal: 'provider' as const };
    expect(resolveListenerPlan({ ...card, nextBillingDate: new Date(now.getTime() - 2 * 24 * 3600_000) }, now)).toBe('premium');
    expect(resolveListenerPlan({ ...card, nextBillingDate: new Date(now.getTime() - 3 * 24 * 3600_000) }, now)).toBe('free');
  });

  it('keeps a past-due premium until its grace period ends', () => {
    const pastDue = { ...premium('past_due', earlier, 'card'), renewal: 'provider' as const };
    expect(resolveListenerPlan({ ...pastDue, graceEndsAt: later }, now)).toBe('premium');
    expect(resolveListenerPlan({ ...pastDue, graceEndsAt: now }, now)).toBe('free');
  });

  it('ends a pass at its billing date: it never renews', () => {
    const pass = { ...premium('active', later, 'bank_transfer'), renewal: 'none' as const };
    expect(resolveListenerPlan(pass, now)).toBe('premium');
    expect(resolveListenerPlan({ ...pass, nextBillingDate: earlier }, now)).toBe('free');
  });
});
