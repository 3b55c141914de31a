import { checkoutStartSchema } from '@kora/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { paymentEvents } from '../../src/db/schema.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { type PaystackStandin, startPaystackStandin } from '../helpers/paystack-standin.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { billingClient } from '../subscription/subscription-helpers.js';

export type BillingTest = { t: TestApp; paystack: PaystackStandin; api: ReturnType<typeof billingClient>; close(): Promise<void> };

/** The app with Paystack configured against a stand-in started for it. */
export async function startBillingTest(): Promise<BillingTest> {
  const paystack = await startPaystackStandin();
  const t = await createTestApp({ payments: { paystack: { apiUrl: paystack.apiUrl, secretKey: paystack.secretKey }, businessName: 'Kora Music Ltd' } });
  return {
    t,
    paystack,
    api: billingClient(t),
    async close() {
      await t.close();
      await paystack.close();
    },
  };
}

/** Posts a webhook as Paystack would (signed), or as `sign` says. */
export function postWebhook(b: BillingTest, body: unknown, signOptions?: Parameters<PaystackStandin['sign']>[1]) {
  const { payload, headers } = b.paystack.sign(body, signOptions);
  return b.t.app.inject({ method: 'POST', url: '/api/payments/paystack/webhook', headers, payload });
}

export async function startCheckout(b: BillingTest, listener: SignedInUser, method: 'card' | 'bank_transfer' | 'ussd') {
  const response = await b.t.app.inject({ method: 'POST', url: '/api/billing/checkout', headers: { cookie: listener.cookie }, payload: { method } });
  expect(response.statusCode, response.body).toBe(201);
  return checkoutStartSchema.strict().parse(response.json());
}

/** The listener returns from the checkout page to the callback URL Paystack redirects to. */
export async function returnFromCheckout(b: BillingTest, listener: SignedInUser, callbackUrl: string) {
  const url = new URL(callbackUrl);
  const response = await b.t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { cookie: listener.cookie } });
  expect(response.statusCode, response.body).toBe(303);
  return new URL(response.headers.location as string, 'http://kora');
}

/** A listener with a paid card subscription: checkout, Pay, the webhooks Paystack sends. */
export async function cardSubscriber(b: BillingTest) {
  const listener = await signUp(b.t.app);
  const { reference } = await startCheckout(b, listener, 'card');
  b.paystack.checkout(reference, 'pay');
  expect((await postWebhook(b, b.paystack.events.chargeSuccess(reference))).statusCode).toBe(200);
  const subscription = [...b.paystack.subscriptions.values()].find((s) => s.customer.email === listener.credentials.email)!;
  expect((await postWebhook(b, b.paystack.events.subscription('create', subscription.subscription_code))).statusCode).toBe(200);
  return { listener, reference, subscriptionCode: subscription.subscription_code };
}

export async function eventsOf(b: BillingTest, event?: string) {
  const db = b.t.database.db;
  return db
    .select()
    .from(paymentEvents)
    .where(event ? and(eq(paymentEvents.event, event)) : undefined)
    .orderBy(asc(paymentEvents.id));
}
