import { billingOptionsSchema, checkoutSchema } from '@kora/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentCheckouts } from '../../src/db/schema.js';
import { signUp } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { billingClient } from '../subscription/subscription-helpers.js';
import { type BillingTest, returnFromCheckout, startBillingTest, startCheckout } from './billing-helpers.js';

let b: BillingTest;
beforeAll(async () => {
  b = await startBillingTest();
}, 60_000);
afterAll(() => b.close());

describe('checkout through Paystack', () => {
  it('needs a session', async () => {
    expect((await b.t.app.inject({ method: 'POST', url: '/api/billing/checkout', payload: { method: 'card' } })).statusCode).toBe(401);
    expect((await b.t.app.inject({ method: 'GET', url: '/api/billing/return?reference=kora-1' })).statusCode).toBe(401);
  });

  it('says card payments, bank transfer and USSD are offered at Premium’s price', async () => {
    const listener = await signUp(b.t.app);
    const response = await b.t.app.inject({ method: 'GET', url: '/api/billing/options', headers: { cookie: listener.cookie } });
    expect(billingOptionsSchema.strict().parse(response.json())).toEqual({
      paymentsConfigured: true,
      methods: ['card', 'bank_transfer', 'ussd'],
      amount: 300000,
      currency: 'NGN',
      passDays: 30,
    });
  });

  it('starts a card checkout on the Premium plan with the listener’s e-mail and Kora’s reference, and stores nothing else', async () => {
    const listener = await signUp(b.t.app);
    const start = await startCheckout(b, listener, 'card');
    expect(start.reference).toMatch(/^kora-[0-9a-f]{24}$/);
    expect(start.authorizationUrl).toMatch(new RegExp(`^${b.paystack.apiUrl}/checkout/`));
    const sent = b.paystack.transactions.get(start.reference)!;
    expect(b.paystack.plans).toHaveLength(1);
    expect(b.paystack.plans[0]).toMatchObject({ name: 'Kora Premium', amount: 300000, interval: 'monthly', currency: 'NGN' });
    expect(sent).toMatchObject({ email: listener.credentials.email, amount: 300000, currency: 'NGN', channels: ['card'], plan: b.paystack.plans[0] });
    expect(sent.callbackUrl).toBe('http://localhost:80/api/billing/return');
    // Nothing is paid yet: the listener is still free, with no transaction.
    expect((await b.api.subscription(listener.cookie)).effectivePlan).toBe('free');
    expect(await b.api.transactions(listener.cookie)).toEqual([]);
  });

  it('refuses a method it does not know, changing nothing', async () => {
    const listener = await signUp(b.t.app);
    for (const payload of [{ method: 'crypto' }, {}, { method: 'card', amount: 1 }]) {
      const response = await b.t.app.inject({ method: 'POST', url: '/api/billing/checkout', headers: { cookie: listener.cookie }, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await b.t.database.db.select().from(paymentCheckouts).where(eq(paymentCheckouts.userId, listener.user.id))).toEqual([]);
  });

  it('pays on the checkout page, verifies on return before anything shows as paid, and makes Premium active with the real card', async () => {
    const listener = await signUp(b.t.app);
    const { reference } = await startCheckout(b, listener, 'card');
    const callback = b.paystack.checkout(reference, 'pay');
    const landing = await returnFromCheckout(b, listener, callback);
    expect(landing.pathname).toBe('/');
    expect(Object.fromEntries(landing.searchParams)).toEqual({ payment: 'success', reference });

    const subscription = await b.api.subscription(listener.cookie);
    expect(subscription).toMatchObject({
      subscriptionPlan: 'premium',
      subscriptionStatus: 'active',
      effectivePlan: 'premium',
      paymentMethodType: 'card',
      paymentMethodLast4: '4081',
      paymentMethodBrand: 'visa',
      renewal: 'provider',
    });
    const [transaction] = await b.api.transactions(listener.cookie);
    expect(transaction).toMatchObject({ status: 'success', amount: 300000, currency: 'NGN', reference, channel: 'card' });
    expect(transaction!.periodEnd).toBe(subscription.nextBillingDate);
  });

  it('shows a declined or abandoned checkout as such, granting nothing', async () => {
    for (const outcome of ['decline', 'abandon'] as const) {
      const listener = await signUp(b.t.app);
      const { reference } = await startCheckout(b, listener, 'card');
      const landing = await returnFromCheckout(b, listener, b.paystack.checkout(reference, outcome));
      expect(landing.searchParams.get('payment')).toBe(outcome === 'decline' ? 'failed' : 'abandoned');
      expect((await b.api.subscription(listener.cookie)).effectivePlan).toBe('free');
      const transactions = await b.api.transactions(listener.cookie);
      expect(transactions.map((t) => t.status)).toEqual(outcome === 'decline' ? ['failed'] : []);
    }
  });

  it('grants nothing to a return URL visited without paying, nor to someone else’s reference', async () => {
    const listener = await signUp(b.t.app);
    const { reference } = await startCheckout(b, listener, 'card');
    const callback = `http://localhost/api/billing/return?trxref=${reference}&reference=${reference}`;
    const landing = await returnFromCheckout(b, listener, callback);
    expect(landing.searchParams.get('payment')).toBe('abandoned');
    expect((await b.api.subscription(listener.cookie)).effectivePlan).toBe('free');

    const other = await signUp(b.t.app);
    b.paystack.checkout(reference, 'pay');
    const stolen = await b.t.app.inject({ method: 'GET', url: `/api/billing/return?reference=${reference}`, headers: { cookie: other.cookie } });
    expect(stolen.statusCode).toBe(404);
    expect((await b.api.subscription(other.cookie)).effectivePlan).toBe('free');
    // Its owner's checkout, asked again, is what Paystack now says.
    const checkout = await b.t.app.inject({ method: 'GET', url: `/api/billing/checkouts/${reference}`, headers: { cookie: listener.cookie } });
    expect(checkoutSchema.strict().parse(checkout.json())).toMatchObject({ status: 'success', kind: 'subscription', method: 'card' });
  });

  it('refuses a second card subscription while Premium lasts', async () => {
    const listener = await signUp(b.t.app);
    const { reference } = await startCheckout(b, listener, 'card');
    await returnFromCheckout(b, listener, b.paystack.checkout(reference, 'pay'));
    const again = await b.t.app.inject({ method: 'POST', url: '/api/billing/checkout', headers: { cookie: listener.cookie }, payload: { method: 'card' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Your card subscription already renews Premium every month.');
  });

  it('refuses the local upgrade and a client-posted success: Premium is bought through checkout', async () => {
    const listener = await signUp(b.t.app);
    await b.api.expectRefused(b.api.changeSubscription, listener, { subscriptionPlan: 'premium' }, 409, /checkout/);
    await b.api.expectRefused(
      b.api.createTransaction,
      listener,
      { amount: 300000, currency: 'NGN', transactionType: 'subscription', status: 'success', billingPeriod: new Date().toISOString().slice(0, 7) },
      400,
      /never declared paid/,
    );
  });

  it('answers 502 and stores nothing when Paystack refuses the key', async () => {
    const wrong: TestApp = await createTestApp({ payments: { paystack: { apiUrl: b.paystack.apiUrl, secretKey: 'sk_test_wrong' }, businessName: 'Kora' } });
    try {
      const listener = await signUp(wrong.app);
      const response = await wrong.app.inject({ method: 'POST', url: '/api/billing/checkout', headers: { cookie: listener.cookie }, payload: { method: 'card' } });
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toMatch(/Invalid key/);
      expect(await wrong.database.db.select().from(paymentCheckouts)).toEqual([]);
    } finally {
      await wrong.close();
    }
  });
});

describe('without a Paystack secret key', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t.close());

  it('says card payments are not configured, and keeps the local upgrade', async () => {
    const listener = await signUp(t.app);
    const options = await t.app.inject({ method: 'GET', url: '/api/billing/options', headers: { cookie: listener.cookie } });
    expect(options.json()).toMatchObject({ paymentsConfigured: false, methods: [] });
    const checkout = await t.app.inject({ method: 'POST', url: '/api/billing/checkout', headers: { cookie: listener.cookie }, payload: { method: 'card' } });
    expect(checkout.statusCode).toBe(503);
    expect(checkout.json()).toEqual({ message: 'Card payments are not configured on this server.' });
    const webhook = await t.app.inject({ method: 'POST', url: '/api/payments/paystack/webhook', payload: { event: 'charge.success' } });
    expect(webhook.statusCode).toBe(503);
    expect((await billingClient(t).changeSubscription(listener.cookie, { subscriptionPlan: 'premium' })).statusCode).toBe(200);
  });
});
