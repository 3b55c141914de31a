import type { BillingOptions, Subscription } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { defaultChoice, isPassEndingSoon, isRunningPass, upgradeChoices } from './upgrade-choices';

const NOW = new Date('2026-03-01T10:00:00.000Z');
const DAY_MS = 24 * 60 * 60 * 1000;
const options: BillingOptions = { paymentsConfigured: true, methods: ['card', 'bank_transfer', 'ussd'], amount: 300000, currency: 'NGN', passDays: 30 };

const subscription = (values: Partial<Subscription> = {}): Subscription => ({
  subscriptionPlan: 'free',
  subscriptionStatus: 'active',
  nextBillingDate: null,
  paymentMethodType: 'none',
  paymentMethodLast4: null,
  paymentMethodBrand: null,
  renewal: 'local',
  graceEndsAt: null,
  effectivePlan: 'free',
  ...values,
});

const pass = (daysLeft: number) =>
  subscription({
    subscriptionPlan: 'premium',
    effectivePlan: 'premium',
    renewal: 'none',
    paymentMethodType: 'bank_transfer',
    nextBillingDate: new Date(NOW.getTime() + daysLeft * DAY_MS).toISOString(),
  });

describe('the ways to pay offered in the upgrade sheet', () => {
  it('offers a card that renews monthly and passes that never renew, each with its date', () => {
    const choices = upgradeChoices(options, subscription(), NOW);
    expect(choices.map((choice) => [choice.method, choice.label, choice.unavailable])).toEqual([
      ['card', 'Card', null],
      ['bank_transfer', 'Bank transfer', null],
      ['ussd', 'USSD', null],
    ]);
    expect(choices[0]!.description).toBe('Renews automatically every month. Next billing date: 31 Mar 2026. Cancel any time.');
    expect(choices[1]!.description).toBe('A one-off 30-day pass until 31 Mar 2026. It never renews.');
    expect(defaultChoice(choices)).toBe('card');
  });

  it('offers only what the server offers', () => {
    expect(upgradeChoices({ ...options, paymentsConfigured: false, methods: [] }, subscription(), NOW)).toEqual([]);
    expect(defaultChoice([])).toBeUndefined();
  });

  it('renews a running pass from its end, and offers a card only once it ends', () => {
    const choices = upgradeChoices(options, pass(2), NOW);
    expect(choices[0]!.unavailable).toBe('Available when your pass ends on 3 Mar 2026.');
    expect(choices[1]!.description).toBe('A one-off 30-day pass until 2 Apr 2026. It never renews.');
    expect(defaultChoice(choices)).toBe('bank_transfer');
  });
});

describe('a pass', () => {
  it('runs until its billing date and is ending soon in its last 3 days', () => {
    expect(isRunningPass(pass(10), NOW)).toBe(true);
    expect(isPassEndingSoon(pass(10), NOW)).toBe(false);
    expect(isPassEndingSoon(pass(3), NOW)).toBe(true);
    expect(isPassEndingSoon(pass(0.5), NOW)).toBe(true);
    expect(isRunningPass(pass(-1), NOW)).toBe(false);
    expect(isPassEndingSoon(pass(-1), NOW)).toBe(false);
  });

  it('is not a card subscription or a free plan', () => {
    const card = subscription({ subscriptionPlan: 'premium', renewal: 'provider', nextBillingDate: pass(2).nextBillingDate });
    expect(isRunningPass(card, NOW)).toBe(false);
    expect(isRunningPass(subscription(), NOW)).toBe(false);
  });
});
