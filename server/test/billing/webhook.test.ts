import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, subscriptions, transactions } from '../../src/db/schema.js';
import { signUp } from '../helpers/factories.js';
import { DAY_MS } from '../subscription/subscription-helpers.js';
import { type BillingTest, cardSubscriber, eventsOf, postWebhook, returnFromCheckout, startBillingTest, startCheckout } from './billing-helpers.js';

let b: BillingTest;
beforeAll(async () => {
  b = await startBillingTest();
}, 60_000);
afterAll(() => b.close());

async function everything() {
  const db = b.t.database.db;
  return {
    subscriptions: await db.select().from(subscriptions),
    transactions: await db.select().from(transactions),
    events: await eventsOf(b),
  };
}

async function paidCheckout(method: 'card' | 'bank_transfer' | 'ussd' = 'card') {
  const listener = await signUp(b.t.app);
  const { reference } = await startCheckout(b, listener, method);
  b.paystack.checkout(reference, 'pay');
  return { listener, reference };
}

describe('the webhook’s signature', () => {
  it('refuses a missing or wrong signature, another body’s signature and another key’s, with 401 and no change', async () => {
    const { reference } = await paidCheckout();
    const event = b.paystack.events.chargeSuccess(reference);
    const before = await everything();
    const attempts = [
      b.t.app.inject({ method: 'POST', url: '/api/payments/paystack/webhook', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(event) }),
      postWebhook(b, event, { key: 'sk_test_someone_else' }),
      postWebhook(b, event, { signatureOf: JSON.stringify({ event: 'charge.success', data: {} }) }),
      b.t.app.inject({ method: 'POST', url: '/api/payments/paystack/webhook', headers: { 'x-paystack-signature': 'ab'.repeat(64) }, payload: JSON.stringify(event) }),
      b.t.app.inject({ method: 'POST', url: '/api/payments/paystack/webhook', headers: { 'x-paystack-signature': 'short' }, payload: JSON.stringify(event) }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'The webhook signature is missing or wrong.' });
    }
    expect(await everything()).toEqual(before);
  });

  it('checks the signature over the raw bytes: the same JSON spelled differently is refused', async () => {
    const { reference } = await paidCheckout();
    const event = b.paystack.events.chargeSuccess(reference);
    const { headers } = b.paystack.sign(event);
    const respaced = JSON.stringify(event, null, 2);
    const response = await b.t.app.inject({ method: 'POST', url: '/api/payments/paystack/webhook', headers, payload: respaced });
    expect(response.statusCode).toBe(401);
  });

  it('is exempt from the Origin check and the session guard only: a cross-site signed call is accepted, other routes still refuse it', async () => {
    const { reference } = await paidCheckout();
    const { payload, headers } = b.paystack.sign(b.paystack.events.chargeSuccess(reference));
    const crossSite = { ...headers, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    const webhook = await b.t.app.inject({ method: 'POST', url: '/api/payments/paystack/webhook', headers: crossSite, payload });
    expect(webhook.statusCode).toBe(200);
    const other = await b.t.app.inject({ method: 'POST', url: '/api/auth/login', headers: crossSite, payload: '{}' });
    expect(other.statusCode).toBe(403);
  });
});

describe('charge.success', () => {
  it('makes the first payment a success, Premium active, and is applied once however often it is sent', async () => {
    const { listener, reference } = await paidCheckout();
    const event = b.paystack.events.chargeSuccess(reference);
    expect((await postWebhook(b, event)).json()).toEqual({ received: true, outcome: 'applied' });
    expect((await postWebhook(b, event)).json()).toEqual({ received: true, outcome: 'duplicate' });
    // The return after the webhook finds it applied, and adds nothing.
    await returnFromCheckout(b, listener, `http://localhost/api/billing/return?reference=${reference}`);
    const list = await b.api.transactions(listener.cookie);
    expect(list.map((t) => [t.status, t.reference])).toEqual([['success', reference]]);
    expect(await b.api.subscription(listener.cookie)).toMatchObject({ effectivePlan: 'premium', paymentMethodLast4: '4081', renewal: 'provider' });
    const notices = await b.t.database.db.select().from(notifications).where(eq(notifications.userId, listener.user.id));
    expect(notices.filter((n) => n.title === 'Payment Received')).toHaveLength(1);
  });

  it('answers a retry of a body it recorded without a statement, and one spelled differently from the database', async () => {
    const { reference } = await paidCheckout();
    const event = b.paystack.events.chargeSuccess(reference);
    expect((await postWebhook(b, event)).json().outcome).toBe('applied');
    const before = b.t.database.statementCount();
    expect((await postWebhook(b, event)).json().outcome).toBe('duplicate');
    expect(b.t.database.statementCount()).toBe(before);
    // The same event in other bytes has another signature: the database still knows its key.
    expect((await postWebhook(b, JSON.stringify(event, null, 1))).json().outcome).toBe('duplicate');
    expect(await eventsOf(b, 'charge.success').then((rows) => rows.filter((r) => r.reference === reference))).toHaveLength(1);
  });

  it('has exactly one effect when deliveries of the same event race, in the same bytes or not', async () => {
    const { listener, reference } = await paidCheckout();
    const event = b.paystack.events.chargeSuccess(reference);
    const bodies = [event, event, JSON.stringify(event, null, 1), JSON.stringify(event, null, 2)];
    const answers = await Promise.all(bodies.map((body) => postWebhook(b, body)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect(answers.map((a) => a.json().outcome).sort()).toEqual(['applied', 'duplicate', 'duplicate', 'duplicate']);
    expect(await b.api.transactions(listener.cookie)).toHaveLength(1);
    expect(await eventsOf(b, 'charge.success').then((rows) => rows.filter((r) => r.reference === reference))).toHaveLength(1);
  });

  it('grants a payment that went through after a declined attempt under the same reference', async () => {
    const listener = await signUp(b.t.app);
    const { reference } = await startCheckout(b, listener, 'card');
    await returnFromCheckout(b, listener, b.paystack.checkout(reference, 'decline'));
    expect((await b.api.transactions(listener.cookie)).map((t) => t.status)).toEqual(['failed']);
    // Another card on the same checkout page goes through.
    Object.assign(b.paystack.transactions.get(reference)!, { status: 'success', paidAt: new Date().toISOString() });
    expect((await postWebhook(b, b.paystack.events.chargeSuccess(reference))).json().outcome).toBe('applied');
    expect((await b.api.transactions(listener.cookie)).map((t) => [t.status, t.reference])).toEqual([['success', reference]]);
    expect((await b.api.subscription(listener.cookie)).effectivePlan).toBe('premium');
  });

  it('records an unknown reference with no effect, and answers 200 so Paystack stops retrying', async () => {
    // A one-off payment (no plan, so not a renewal) under a reference no checkout of Kora's made.
    const event = { event: 'charge.success', data: { ...b.paystack.events.chargeSuccess((await paidCheckout('ussd')).reference).data, reference: 'nobody-knows-this' } };
    const before = (await everything()).transactions;
    const response = await postWebhook(b, event);
    expect(response.statusCode).toBe(200);
    expect(response.json().outcome).toBe('unknown-reference');
    expect((await everything()).transactions).toEqual(before);
  });

  it('flags an amount or currency that is not the plan’s, and never grants Premium for it', async () => {
    for (const change of [{ amount: 100 }, { currency: 'USD' }]) {
      const { listener, reference } = await paidCheckout();
      const event = b.paystack.events.chargeSuccess(reference);
      const response = await postWebhook(b, { ...event, data: { ...event.data, ...change } });
      expect(response.json().outcome).toBe('flagged');
      const [row] = (await eventsOf(b, 'charge.success')).filter((r) => r.reference === reference);
      expect(row).toMatchObject({ outcome: 'flagged', userId: listener.user.id });
      expect(row!.note).toMatch(/expected 300000 NGN/);
      expect((await b.api.subscription(listener.cookie)).effectivePlan).toBe('free');
      expect(await b.api.transactions(listener.cookie)).toEqual([]);
    }
  });

  it('records events Kora does not act on, once', async () => {
    const body = { event: 'invoice.create', data: { invoice_code: 'INV_x' } };
    expect((await postWebhook(b, body)).json().outcome).toBe('ignored');
    expect((await postWebhook(b, body)).json().outcome).toBe('duplicate');
  });
});

describe('renewals and failures', () => {
  it('adds a renewal’s transaction and moves the billing date to Paystack’s next payment date', async () => {
    const { listener, subscriptionCode } = await cardSubscriber(b);
    const renewal = b.paystack.events.renewal(subscriptionCode, { paidAt: new Date(Date.now() + 1000) });
    expect((await postWebhook(b, renewal)).json().outcome).toBe('applied');
    const list = await b.api.transactions(listener.cookie);
    expect(list.map((t) => t.status)).toEqual(['success', 'success']);
    const subscription = await b.api.subscription(listener.cookie);
    expect(subscription).toMatchObject({ subscriptionStatus: 'active', effectivePlan: 'premium' });
    expect(Date.parse(subscription.nextBillingDate!)).toBeGreaterThan(Date.now() + 29 * DAY_MS);
  });

  it('makes a failed renewal past due with a notification, keeps Premium for 3 days, then Free', async () => {
    const { listener, subscriptionCode } = await cardSubscriber(b);
    expect((await postWebhook(b, b.paystack.events.invoiceFailed(subscriptionCode, new Date(Date.now() + 1000)))).json().outcome).toBe('applied');
    const pastDue = await b.api.subscription(listener.cookie);
    expect(pastDue).toMatchObject({ subscriptionStatus: 'past_due', effectivePlan: 'premium' });
    expect(Date.parse(pastDue.graceEndsAt!)).toBeGreaterThan(Date.now() + 2.9 * DAY_MS);
    const [failure] = (await b.t.database.db.select().from(notifications).where(eq(notifications.userId, listener.user.id))).filter((n) => n.title === 'Payment Failed');
    expect(failure).toMatchObject({ action: 'update-card' });
    expect((await b.api.transactions(listener.cookie)).map((t) => t.status)).toEqual(['failed', 'success']);

    // The grace period passes with no payment.
    await b.t.database.db.update(subscriptions).set({ graceEndsAt: new Date(Date.now() - 1000) }).where(eq(subscriptions.userId, listener.user.id));
    expect(await b.api.subscription(listener.cookie)).toMatchObject({ subscriptionPlan: 'free', effectivePlan: 'free' });
  });

  it('ends active after a renewal’s success that arrives after its failure, and ignores a failure older than a success', async () => {
    const { listener, subscriptionCode } = await cardSubscriber(b);
    await postWebhook(b, b.paystack.events.invoiceFailed(subscriptionCode, new Date(Date.now() + 1000)));
    await postWebhook(b, b.paystack.events.renewal(subscriptionCode, { paidAt: new Date(Date.now() + 2000) }));
    expect(await b.api.subscription(listener.cookie)).toMatchObject({ subscriptionStatus: 'active', graceEndsAt: null });
    const late = await postWebhook(b, b.paystack.events.invoiceFailed(subscriptionCode, new Date(Date.now() - 60_000)));
    expect(late.json().outcome).toBe('no-change');
    expect((await b.api.subscription(listener.cookie)).subscriptionStatus).toBe('active');
  });
});

describe('subscription events', () => {
  it('cancels at the period end on not_renew and disable, keeping Premium until the billing date', async () => {
    for (const kind of ['not_renew', 'disable'] as const) {
      const { listener, subscriptionCode } = await cardSubscriber(b);
      expect((await postWebhook(b, b.paystack.events.subscription(kind, subscriptionCode))).json().outcome).toBe('applied');
      expect(await b.api.subscription(listener.cookie)).toMatchObject({ subscriptionStatus: 'canceled', effectivePlan: 'premium' });
    }
  });

  it('ends canceled when subscription.disable arrives before charge.success', async () => {
    const { listener, reference } = await paidCheckout();
    const code = [...b.paystack.subscriptions.values()].find((s) => s.customer.email === listener.credentials.email)!.subscription_code;
    // Paystack's customer is found by the checkout's e-mail before any payment was applied.
    expect((await postWebhook(b, b.paystack.events.subscription('disable', code))).json().outcome).toBe('applied');
    expect((await postWebhook(b, b.paystack.events.chargeSuccess(reference))).json().outcome).toBe('applied');
    expect(await b.api.subscription(listener.cookie)).toMatchObject({ subscriptionPlan: 'premium', subscriptionStatus: 'canceled', effectivePlan: 'premium' });
  });

  it('cancels through Paystack when the listener cancels, and sends them to Paystack’s page to change the card', async () => {
    const { listener, subscriptionCode } = await cardSubscriber(b);
    const link = await b.t.app.inject({ method: 'GET', url: '/api/billing/manage-link', headers: { cookie: listener.cookie } });
    expect(link.json().url).toMatch(new RegExp(`/manage/subscriptions/${subscriptionCode}`));
    const cancel = await b.api.changeSubscription(listener.cookie, { subscriptionStatus: 'canceled' });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({ subscriptionStatus: 'canceled', effectivePlan: 'premium' });
    expect(b.paystack.subscriptions.get(subscriptionCode)!.status).toBe('non-renewing');
  });
});

describe('passes and refunds', () => {
  it('buys a 30-day pass by bank transfer or USSD that never renews, told 3 days before it ends with a Renew action', async () => {
    for (const method of ['bank_transfer', 'ussd'] as const) {
      const { listener, reference } = await paidCheckout(method);
      expect(b.paystack.transactions.get(reference)!.channels).toEqual([method]);
      await postWebhook(b, b.paystack.events.chargeSuccess(reference));
      const pass = await b.api.subscription(listener.cookie);
      expect(pass).toMatchObject({ effectivePlan: 'premium', renewal: 'none', paymentMethodType: method, paymentMethodLast4: null });
      expect(Math.abs(Date.parse(pass.nextBillingDate!) - (Date.now() + 30 * DAY_MS))).toBeLessThan(60_000);

      await b.t.database.db.update(subscriptions).set({ nextBillingDate: new Date(Date.now() + 2 * DAY_MS) }).where(eq(subscriptions.userId, listener.user.id));
      await b.api.subscription(listener.cookie);
      await b.api.subscription(listener.cookie);
      const ending = (await b.t.database.db.select().from(notifications).where(eq(notifications.userId, listener.user.id))).filter((n) => n.title === 'Premium Ends Soon');
      expect(ending).toHaveLength(1);
      expect(ending[0]).toMatchObject({ action: 'renew-premium' });

      await b.t.database.db.update(subscriptions).set({ nextBillingDate: new Date(Date.now() - 1000) }).where(eq(subscriptions.userId, listener.user.id));
      expect(await b.api.subscription(listener.cookie)).toMatchObject({ subscriptionPlan: 'free', paymentMethodType: 'none' });
    }
  });

  it('marks a refunded payment refunded and ends Premium when it paid for the current term; the receipt says so', async () => {
    const { listener, reference } = await paidCheckout();
    await postWebhook(b, b.paystack.events.chargeSuccess(reference));
    const [paid] = await b.api.transactions(listener.cookie);
    const receipt = await b.t.app.inject({ method: 'GET', url: `/api/billing/receipts/${paid!.id}`, headers: { cookie: listener.cookie } });
    expect(receipt.json()).toMatchObject({ businessName: 'Kora Music Ltd', reference, amount: 300000, currency: 'NGN', status: 'success', customerEmail: listener.credentials.email });

    expect((await postWebhook(b, b.paystack.events.refundProcessed(reference))).json().outcome).toBe('applied');
    expect((await b.api.transactions(listener.cookie))[0]!.status).toBe('refunded');
    expect((await b.api.subscription(listener.cookie)).effectivePlan).toBe('free');
    const again = await b.t.app.inject({ method: 'GET', url: `/api/billing/receipts/${paid!.id}`, headers: { cookie: listener.cookie } });
    expect(again.json().status).toBe('refunded');
    const other = await signUp(b.t.app);
    expect((await b.t.app.inject({ method: 'GET', url: `/api/billing/receipts/${paid!.id}`, headers: { cookie: other.cookie } })).statusCode).toBe(404);
  });
});
