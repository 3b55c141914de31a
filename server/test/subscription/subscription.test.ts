import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../src/db/schema.js';
import { setPlan } from '../helpers/catalogue-factories.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { billingClient, currentBillingPeriod, DAY_MS } from './subscription-helpers.js';

let t: TestApp;
let api: ReturnType<typeof billingClient>;
beforeAll(async () => {
  t = await createTestApp();
  api = billingClient(t);
}, 60_000);
afterAll(() => t.close());

async function premiumListener(values: Parameters<typeof setPlan>[2] = {}): Promise<SignedInUser> {
  const listener = await signUp(t.app);
  await setPlan(t.database.db, listener.user.id, {
    plan: 'premium',
    status: 'active',
    nextBillingDate: new Date(Date.now() + 10 * DAY_MS),
    paymentMethodType: 'pending',
    ...values,
  });
  return listener;
}

function expectRefused(listener: SignedInUser, payload: unknown, status: number, message: string | RegExp) {
  return api.expectRefused(api.changeSubscription, listener, payload, status, message);
}

describe('GET /api/user/subscription', () => {
  it('needs a session', async () => {
    expect((await api.call('GET', '/api/user/subscription', undefined)).statusCode).toBe(401);
    expect((await api.changeSubscription('kora_session=nope', { subscriptionPlan: 'premium' })).statusCode).toBe(401);
  });

  it('starts free, with no billing date and no payment method', async () => {
    const listener = await signUp(t.app);
    expect(await api.subscription(listener.cookie)).toEqual({
      subscriptionPlan: 'free',
      subscriptionStatus: 'active',
      nextBillingDate: null,
      paymentMethodType: 'none',
      paymentMethodLast4: null,
      paymentMethodBrand: null,
      renewal: 'local',
      graceEndsAt: null,
      effectivePlan: 'free',
    });
  });

  it('answers free for an account that has no subscription row, without creating one', async () => {
    const listener = await signUp(t.app);
    await t.database.db.delete(subscriptions).where(eq(subscriptions.userId, listener.user.id));
    expect((await api.subscription(listener.cookie)).subscriptionPlan).toBe('free');
    expect((await api.stored(listener.user.id)).subscription).toBeUndefined();
    // The first change creates it.
    expect((await api.changeSubscription(listener.cookie, { subscriptionPlan: 'premium' })).statusCode).toBe(200);
    expect((await api.stored(listener.user.id)).subscription?.plan).toBe('premium');
  });
});

describe('upgrading to premium', () => {
  it('makes the plan premium, bills in 30 days and records a pending ₦3,000 charge and a notification', async () => {
    const listener = await signUp(t.app);
    const before = Date.now();
    const response = await api.changeSubscription(listener.cookie, { subscriptionPlan: 'premium' });
    const after = Date.now();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      subscriptionPlan: 'premium',
      subscriptionStatus: 'active',
      paymentMethodType: 'pending',
      paymentMethodLast4: null,
      effectivePlan: 'premium',
    });
    const billingDate = Date.parse(body.nextBillingDate);
    expect(billingDate).toBeGreaterThanOrEqual(before + 30 * DAY_MS);
    expect(billingDate).toBeLessThanOrEqual(after + 30 * DAY_MS);
    expect(await api.subscription(listener.cookie)).toEqual(body);

    const [charge, ...others] = await api.transactions(listener.cookie);
    expect(others).toEqual([]);
    expect(charge).toMatchObject({
      amount: 300000,
      currency: 'NGN',
      transactionType: 'subscription',
      status: 'pending',
      billingPeriod: currentBillingPeriod(),
    });
    const { notices } = await api.stored(listener.user.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.title).toBe('Subscription Updated');
    expect(notices[0]!.message).toContain(`₦3,000 payment for ${currentBillingPeriod()} is pending`);
  });

  it("accepts the spec's full payload when its values are the server's, and stores the server's date", async () => {
    const listener = await signUp(t.app);
    const sentDate = new Date(Date.now() + 30 * DAY_MS - 60_000).toISOString();
    const response = await api.changeSubscription(listener.cookie, {
      subscriptionPlan: 'premium',
      subscriptionStatus: 'active',
      nextBillingDate: sentDate,
      paymentMethodType: 'pending',
      paymentMethodLast4: null,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().nextBillingDate).not.toBe(sentDate);
    expect(Date.parse(response.json().nextBillingDate)).toBeGreaterThan(Date.parse(sentDate));
  });

  it('refuses values the server would not set, changing nothing', async () => {
    const listener = await signUp(t.app);
    const upgrade = { subscriptionPlan: 'premium' };
    await expectRefused(listener, { ...upgrade, nextBillingDate: new Date(Date.now() + 365 * DAY_MS).toISOString() }, 400, /^nextBillingDate must be .* or left out: the server sets it\.$/);
    await expectRefused(listener, { ...upgrade, nextBillingDate: 'soon' }, 400, 'nextBillingDate must be an ISO date-time.');
    await expectRefused(listener, { ...upgrade, subscriptionStatus: 'past_due' }, 400, 'subscriptionStatus must be active for this change: the server sets it.');
    await expectRefused(listener, { ...upgrade, paymentMethodType: 'bank_transfer' }, 400, 'paymentMethodType must be pending for this change: the server sets it.');
    await expectRefused(listener, { ...upgrade, paymentMethodLast4: '1234' }, 400, 'paymentMethodLast4 must be left out: Kora keeps no card digits.');
    await expectRefused(listener, { ...upgrade, amount: 1 }, 400, /Unrecognized key/);
    await expectRefused(listener, { subscriptionPlan: 'gold' }, 400, 'subscriptionPlan must be one of free, premium');
    await expectRefused(listener, { subscriptionPlan: 'premium', nextBillingDate: 12 }, 400, 'nextBillingDate must be an ISO date-time or null');
    await expectRefused(listener, {}, 400, 'Nothing to change: send subscriptionPlan, subscriptionStatus or paymentMethodType.');
  });

  it('refuses upgrading twice', async () => {
    const listener = await premiumListener();
    await expectRefused(listener, { subscriptionPlan: 'premium' }, 409, 'You are already on Premium.');
  });

  it('creates one charge when several upgrades arrive at once', async () => {
    const listener = await signUp(t.app);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => api.changeSubscription(listener.cookie, { subscriptionPlan: 'premium', subscriptionStatus: 'active' })),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const { charges, notices } = await api.stored(listener.user.id);
    expect(charges).toHaveLength(1);
    expect(notices).toHaveLength(1);
  });
});

describe('canceling', () => {
  it('cancels an active premium, which keeps its features until the billing date', async () => {
    const listener = await premiumListener({ paymentMethodType: 'bank_transfer' });
    const before = await api.subscription(listener.cookie);
    const response = await api.changeSubscription(listener.cookie, { subscriptionStatus: 'canceled' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...before, subscriptionStatus: 'canceled', effectivePlan: 'premium' });
    const { notices, charges } = await api.stored(listener.user.id);
    expect(charges).toEqual([]);
    expect(notices.map((notice) => notice.title)).toEqual(['Subscription Canceled']);
    expect(notices[0]!.message).toMatch(/^Your Premium features stay until \d{1,2} \w+ \d{4}, then you move to Free\.$/);
  });

  it("accepts the spec's payload when the billing date is the stored one", async () => {
    const listener = await premiumListener();
    const { nextBillingDate } = await api.subscription(listener.cookie);
    const response = await api.changeSubscription(listener.cookie, {
      subscriptionPlan: 'premium',
      subscriptionStatus: 'canceled',
      nextBillingDate,
      paymentMethodType: 'pending',
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses canceling a free plan, canceling twice, resuming, and moving the billing date', async () => {
    await expectRefused(await signUp(t.app), { subscriptionStatus: 'canceled' }, 409, 'Only a Premium subscription can be canceled.');
    const canceled = await premiumListener({ status: 'canceled' });
    await expectRefused(canceled, { subscriptionStatus: 'canceled' }, 409, 'Your subscription is already canceled.');
    await expectRefused(canceled, { subscriptionStatus: 'active' }, 409, /^A canceled subscription cannot be resumed: it stays Premium until /);
    const active = await premiumListener();
    await expectRefused(active, { subscriptionStatus: 'canceled', nextBillingDate: new Date(Date.now() + 40 * DAY_MS).toISOString() }, 400, /^nextBillingDate must be/);
  });
});

describe('moving to free', () => {
  it('refuses before the billing date, saying until when premium lasts', async () => {
    await expectRefused(await premiumListener({ status: 'canceled' }), { subscriptionPlan: 'free' }, 409, /^Your Premium features last until \d{1,2} \w+ \d{4}; you can move to Free from then\.$/);
    await expectRefused(await premiumListener(), { subscriptionPlan: 'free' }, 409, /^Cancel your Premium subscription first/);
    await expectRefused(await signUp(t.app), { subscriptionPlan: 'free' }, 409, 'You are already on the Free plan.');
  });

  it('accepts it at the billing date', async () => {
    const listener = await premiumListener({ status: 'canceled', nextBillingDate: new Date(Date.now() - 1000) });
    const response = await api.changeSubscription(listener.cookie, { subscriptionPlan: 'free', subscriptionStatus: 'active', nextBillingDate: null });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ subscriptionPlan: 'free', nextBillingDate: null, effectivePlan: 'free' });
    expect((await api.stored(listener.user.id)).notices.map((notice) => notice.title)).toEqual(['Downgraded to Free']);
  });
});

describe('lapsing at the billing date', () => {
  it('makes a canceled premium free on the next read, once, with a notification', async () => {
    const endedAt = new Date(Date.now() - 2 * DAY_MS);
    const listener = await premiumListener({ status: 'canceled', nextBillingDate: endedAt, paymentMethodType: 'bank_transfer' });
    const expected = {
      subscriptionPlan: 'free',
      subscriptionStatus: 'active',
      nextBillingDate: null,
      paymentMethodType: 'bank_transfer',
      paymentMethodLast4: null,
      paymentMethodBrand: null,
      renewal: 'local',
      graceEndsAt: null,
      effectivePlan: 'free',
    };
    expect(await api.subscription(listener.cookie)).toEqual(expected);
    expect(await api.subscription(listener.cookie)).toEqual(expected);
    const { subscription, notices, charges } = await api.stored(listener.user.id);
    expect(subscription).toMatchObject({ plan: 'free', nextBillingDate: null });
    expect(charges).toEqual([]);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ title: 'Downgraded to Free' });
    expect(notices[0]!.message).toMatch(/^Your canceled Premium subscription ended on .*\. You are now on the Free plan\.$/);
  });

  it('makes an active premium that never got a payment method free (past due means free)', async () => {
    const listener = await premiumListener({ nextBillingDate: new Date(Date.now() - 1000), paymentMethodType: 'pending' });
    // Reading the transactions settles the row too.
    expect(await api.transactions(listener.cookie)).toEqual([]);
    expect((await api.stored(listener.user.id)).subscription).toMatchObject({ plan: 'free', status: 'active', paymentMethodType: 'none' });
    expect((await api.stored(listener.user.id)).notices[0]!.message).toMatch(/^No payment method was set up by /);
  });

  it('renews an active premium with a bank transfer: a new billing date and a pending charge for the period', async () => {
    const due = new Date(Date.now() - 1000);
    const listener = await premiumListener({ nextBillingDate: due, paymentMethodType: 'bank_transfer' });
    const renewed = await api.subscription(listener.cookie);
    expect(renewed).toMatchObject({ subscriptionPlan: 'premium', subscriptionStatus: 'active', effectivePlan: 'premium' });
    expect(Date.parse(renewed.nextBillingDate!)).toBe(due.getTime() + 30 * DAY_MS);
    const charges = await api.transactions(listener.cookie);
    expect(charges).toEqual([expect.objectContaining({ amount: 300000, status: 'pending', billingPeriod: due.toISOString().slice(0, 7) })]);
    expect(Date.parse(charges[0]!.createdAt)).toBe(due.getTime());
    expect((await api.stored(listener.user.id)).notices.map((notice) => notice.title)).toEqual(['Subscription Renewed']);
  });

  it('does not apply a lapse that a refused request would have carried', async () => {
    const listener = await premiumListener({ status: 'canceled', nextBillingDate: new Date(Date.now() - 1000) });
    await expectRefused(listener, { subscriptionPlan: 'premium', paymentMethodType: 'card' }, 400, /paymentMethodType must be/);
  });
});

describe('payment methods', () => {
  it('sets up a bank transfer and removes it back to pending, each with a notification', async () => {
    const listener = await premiumListener();
    const setup = await api.changeSubscription(listener.cookie, { paymentMethodType: 'bank_transfer' });
    expect(setup.statusCode).toBe(200);
    expect(setup.json()).toMatchObject({ subscriptionPlan: 'premium', paymentMethodType: 'bank_transfer', paymentMethodLast4: null });
    await expectRefused(listener, { paymentMethodType: 'bank_transfer' }, 409, 'That payment method is already set up.');

    const removal = await api.changeSubscription(listener.cookie, { paymentMethodType: 'pending' });
    expect(removal.statusCode).toBe(200);
    expect(removal.json()).toMatchObject({ paymentMethodType: 'pending', effectivePlan: 'premium' });
    await expectRefused(listener, { paymentMethodType: 'pending' }, 409, 'There is no payment method to remove.');
    expect((await api.stored(listener.user.id)).notices.map((notice) => notice.title)).toEqual(['Bank Transfer Setup', 'Payment Method Removed']);
  });

  it('refuses cards, card digits, methods on the free plan and setting "none"', async () => {
    const listener = await premiumListener();
    await expectRefused(listener, { paymentMethodType: 'card', paymentMethodLast4: '1234' }, 400, 'Card payments are not configured on this server. Please set up a bank transfer.');
    await expectRefused(listener, { paymentMethodType: 'bank_transfer', paymentMethodLast4: '4242' }, 400, 'paymentMethodLast4 must be left out: Kora keeps no card digits.');
    await expectRefused(listener, { paymentMethodType: 'none' }, 409, 'There is no payment method to remove.');
    await expectRefused(await signUp(t.app), { paymentMethodType: 'bank_transfer' }, 409, 'Payment methods are for Premium. Upgrade to Premium first.');
  });

  it("changes only the caller's own subscription", async () => {
    const listener = await premiumListener();
    const other = await premiumListener();
    const otherBefore = await api.stored(other.user.id);
    expect((await api.changeSubscription(listener.cookie, { subscriptionStatus: 'canceled' })).statusCode).toBe(200);
    expect(await api.stored(other.user.id)).toEqual(otherBefore);
  });
});
