import { describe, expect, it } from 'vitest';
import { chooseRendition, resolveListenerPlan, type SubscriptionState } from './rendition-choice.js';

const all = [{ bitrateKbps: 320 }, { bitrateKbps: 64 }, { bitrateKbps: 128 }];

describe('chooseRendition', () => {
  it.each([
    ['free', 'auto', 128],
    ['free', 'high', 128],
    ['free', 'medium', 128],
    ['free', 'low', 64],
    ['free', 'data-saver', 64],
    ['premium', 'auto', 320],
    ['premium', 'high', 320],
    ['premium', 'medium', 128],
    ['premium', 'low', 64],
    ['premium', 'data-saver', 64],
  ] as const)('%s listener asking for %s gets %i kbps', (plan, quality, expected) => {
    expect(chooseRendition(all, plan, quality)?.bitrateKbps).toBe(expected);
  });

  it('serves the original when the song has no renditions', () => {
    expect(chooseRendition([], 'premium', 'auto')).toBeUndefined();
  });

  it('serves the original when every rendition is above what is allowed', () => {
    expect(chooseRendition([{ bitrateKbps: 320 }], 'free', 'auto')).toBeUndefined();
    expect(chooseRendition([{ bitrateKbps: 128 }, { bitrateKbps: 320 }], 'premium', 'low')).toBeUndefined();
  });

  it('gives data saver the lowest rendition even when it is above the low setting', () => {
    expect(chooseRendition([{ bitrateKbps: 320 }, { bitrateKbps: 128 }], 'premium', 'data-saver')?.bitrateKbps).toBe(128);
  });

  it('returns the rendition object itself, so its file can be served', () => {
    const renditions = [{ bitrateKbps: 128, fileKey: 'a' }, { bitrateKbps: 64, fileKey: 'b' }];
    expect(chooseRendition(renditions, 'free', 'auto')).toBe(renditions[0]);
  });
});

describe('resolveListenerPlan', () => {
  const now = new Date('2025-06-01T12:00:00Z');
  const later = new Date('2025-06-20T00:00:00Z');
  const earlier = new Date('2025-05-20T00:00:00Z');
  const premium = (status: SubscriptionState['status'], nextBillingDate: Date | null): SubscriptionState => ({
    plan: 'premium',
    status,
    nextBillingDate,
  });

  it('is free without a subscription or on the free plan', () => {
    expect(resolveListenerPlan(null, now)).toBe('free');
    expect(resolveListenerPlan({ plan: 'free', status: 'active', nextBillingDate: null }, now)).toBe('free');
  });

  it('is premium while active, and after canceling until the billing date', () => {
    expect(resolveListenerPlan(premium('active', later), now)).toBe('premium');
    expect(resolveListenerPlan(premium('canceled', later), now)).toBe('premium');
    expect(resolveListenerPlan(premium('canceled', earlier), now)).toBe('free');
    expect(resolveListenerPlan(premium('canceled', null), now)).toBe('free');
  });

  it('is free while a premium payment is past due', () => {
    expect(resolveListenerPlan(premium('past_due', later), now)).toBe('free');
  });
});
