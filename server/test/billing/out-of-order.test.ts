import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, notifications, paymentEvents, paymentSubscriptions } from '../../src/db/schema.js';
import { STOP_PROVIDER_RENEWAL_JOB } from '../../src/jobs/handlers/stop-provider-renewal.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { type BillingTest, postWebhook, returnFromCheckout, startBillingTest, startCheckout } from './billing-helpers.js';

let b: BillingTest;
beforeAll(async () => {
  b = await startBillingTest();
}, 60_000);
afterAll(() => b.close());

async function paidCheckout(method: 'card' | 'bank_transfer' = 'card') {
  const listener = await signUp(b.t.app);
  const { reference } = await startCheckout(b, listener, method);
  const callbackUrl = b.paystack.checkout(reference, 'pay');
  const subscription = [...b.paystack.subscriptions.values()].find((s) => s.customer.email === listener.credentials.email);
  return { listener, reference, callbackUrl, subscriptionCode: subscription?.subscription_code };
}

/** Paystack's customer now has another e-mail than the checkout sent: only its code, set by a payment, finds the listener. */
function hideCustomerEmail(listener: SignedInUser) {
  b.paystack.changeCustomerEmail(listener.credentials.email, `paystack.${listener.credentials.email}`);
}

async function outcome(body: unknown) {
  const response = await postWebhook(b, body);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { outcome: string }).outcome;
}

async function eventRow(event: string, reference: string) {
  const [row] = await b.t.database.db
    .select()
    .from(paymentEvents)
    .where(and(eq(paymentEvents.event, event), eq(paymentEvents.reference, reference)));
  return row!;
}

async function noticeTitles(userId: number) {
  const rows = await b.t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'subscription')))
    .orderBy(asc(notifications.id));
  return rows.map((n) => n.title);
}

describe('a refund that arrives before the payment it refunds', () => {
  it('waits parked, granting nothing, and is applied when the charge.success arrives', async () => {
    const { listener, reference } = await paidCheckout();
    const refund = b.paystack.events.refundProcessed(reference);
    expect(await outcome(refund)).toBe('parked');
    expect(await eventRow('refund.processed', refund.data.refund_reference)).toMatchObject({
      outcome: 'parked',
      waitingFor: `reference:${reference}`,
      userId: null,
    });
    // A second delivery of the parked refund changes nothing.
    expect(await outcome(refund)).toBe('duplicate');
    expect(await b.api.transactions(listener.cookie)).toEqual([]);
    expect((await b.api.subscription(listener.cookie)).effectivePlan).toBe('free');

    expect(await outcome(b.paystack.events.chargeSuccess(reference))).toBe('applied');
    expect(await eventRow('refund.processed', refund.data.refund_reference)).toMatchObject({
      outcome: 'applied',
      waitingFor: null,
      userId: listener.user.id,
    });
    expect((await b.api.transactions(listener.cookie)).map((t) => [t.status, t.reference])).toEqual([['refunded', reference]]);
    expect(await b.api.subscription(listener.cookie)).toMatchObject({ subscriptionPlan: 'free', effectivePlan: 'free' });
    expect(await noticeTitles(listener.user.id)).toEqual(['Payment Received', 'Payment Refunded']);

    // Replayed once: another delivery of either event does nothing more.
    expect(await outcome(refund)).toBe('duplicate');
    expect(await outcome(b.paystack.events.chargeSuccess(reference))).toBe('duplicate');
    expect(await noticeTitles(listener.user.id)).toEqual(['Payment Received', 'Payment Refunded']);
  });

  it('is applied when the listener’s return confirms the payment before any charge.success', async () => {
    const { listener, reference, callbackUrl } = await paidCheckout('bank_transfer');
    const refund = b.paystack.events.refundProcessed(reference);
    expect(await outcome(refund)).toBe('parked');
    await returnFromCheckout(b, listener, callbackUrl);
    expect((await b.api.transactions(listener.cookie)).map((t) => t.status)).toEqual(['refunded']);
    expect(await b.api.subscription(listener.cookie)).toMatchObject({ subscriptionPlan: 'free', effectivePlan: 'free' });
    expect((await eventRow('refund.processed', refund.data.refund_reference)).outcome).toBe('applied');
    expect(await outcome(b.paystack.events.chargeSuccess(reference))).toBe('no-change');
  });

  it('stays parked, visible as such, when its payment never shows up', async () => {
    const { reference } = await paidCheckout();
    const refund = b.paystack.events.refundProcessed(reference);
    const orphan = { ...refund, data: { ...refund.data, transaction_reference: 'nobody-paid-this', refund_reference: 'RF_orphan' } };
    expect(await outcome(orphan)).toBe('parked');
    expect(await outcome(orphan)).toBe('duplicate');
    // Other payments, even one by the same customer, do not wake it.
    expect(await outcome(b.paystack.events.chargeSuccess(reference))).toBe('applied');
    const row = await eventRow('refund.processed', 'RF_orphan');
    expect(row).toMatchObject({ outcome: 'parked', waitingFor: 'reference:nobody-paid-this', userId: null });
    const parked = await b.t.database.db.select().from(paymentEvents).where(eq(paymentEvents.outcome, 'parked'));
    expect(parked.map((r) => r.reference)).toContain('RF_orphan');
  });
});

describe('subscription events and failures that arrive before the first payment', () => {
  it('park while Paystack’s customer is unknown, and apply in their order of arrival once the first charge.success makes it known', async () => {
    const { listener, reference, subscriptionCode } = await paidCheckout();
    hideCustomerEmail(listener);
    const create = b.paystack.events.subscription('create', subscriptionCode!);
    const failure = b.paystack.events.invoiceFailed(subscriptionCode!, new Date(Date.now() + 60_000));
    expect(await outcome(create)).toBe('parked');
    expect(await outcome(failure)).toBe('parked');
    const customerCode = (create.data.customer as { customer_code: string }).customer_code;
    expect(await eventRow('subscription.create', subscriptionCode!)).toMatchObject({ outcome: 'parked', waitingFor: `customer:${customerCode}` });
    expect(await outcome(create)).toBe('duplicate');
    expect((await b.api.subscription(listener.cookie)).effectivePlan).toBe('free');

    expect(await outcome(b.paystack.events.chargeSuccess(reference))).toBe('applied');
    for (const [event, key] of [['subscription.create', subscriptionCode!], ['invoice.payment_failed', failure.data.invoice_code]] as const) {
      expect(await eventRow(event, key)).toMatchObject({ outcome: 'applied', waitingFor: null, userId: listener.user.id });
    }
    const subscription = await b.api.subscription(listener.cookie);
    expect(subscription).toMatchObject({ subscriptionStatus: 'past_due', effectivePlan: 'premium', renewal: 'provider' });
    expect(subscription.nextBillingDate).toBe(new Date(create.data.next_payment_date as string).toISOString());
    expect(await noticeTitles(listener.user.id)).toEqual(['Payment Received', 'Payment Failed']);
    const [stored] = await b.t.database.db.select().from(paymentSubscriptions).where(eq(paymentSubscriptions.code, subscriptionCode!));
    expect(stored).toMatchObject({ userId: listener.user.id, status: 'active' });
  });

  it('ends canceled when subscription.disable for an unknown customer arrives before the first payment', async () => {
    const { listener, reference, subscriptionCode } = await paidCheckout();
    hideCustomerEmail(listener);
    expect(await outcome(b.paystack.events.subscription('disable', subscriptionCode!))).toBe('parked');
    expect(await outcome(b.paystack.events.chargeSuccess(reference))).toBe('applied');
    expect(await b.api.subscription(listener.cookie)).toMatchObject({ subscriptionPlan: 'premium', subscriptionStatus: 'canceled', effectivePlan: 'premium' });
  });
});

type Step = 'charge' | 'create' | 'refund';

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, index) => permutations([...items.slice(0, index), ...items.slice(index + 1)]).map((rest) => [item, ...rest]));
}

/** One listener's first payment, its subscription.create and the refund of the payment, delivered in `order`. */
async function deliverInOrder(order: readonly Step[], customerKnownByEmail: boolean) {
  const { listener, reference, subscriptionCode } = await paidCheckout();
  if (!customerKnownByEmail) hideCustomerEmail(listener);
  const bodies = {
    charge: b.paystack.events.chargeSuccess(reference),
    create: b.paystack.events.subscription('create', subscriptionCode!),
    refund: b.paystack.events.refundProcessed(reference),
  };
  for (const step of order) expect(await outcome(bodies[step])).not.toBe('duplicate');
  return stateOf(listener, subscriptionCode!, [reference, subscriptionCode!, bodies.refund.data.refund_reference]);
}

/** Everything the three events can change for the listener, without ids, references or times that differ between listeners. */
async function stateOf(listener: SignedInUser, subscriptionCode: string, eventKeys: string[]) {
  const db = b.t.database.db;
  const stopJobs = await db.select().from(jobs).where(eq(jobs.type, STOP_PROVIDER_RENEWAL_JOB));
  return {
    subscription: await b.api.subscription(listener.cookie),
    payments: (await b.api.transactions(listener.cookie)).map((t) => [t.status, t.amount, t.channel]),
    providerSubscriptions: (await db.select().from(paymentSubscriptions).where(eq(paymentSubscriptions.userId, listener.user.id))).map((s) => [
      s.status,
      s.disabledAt !== null,
    ]),
    stopJobs: stopJobs.filter((job) => (job.payload as { code: string }).code === subscriptionCode).length,
    notices: (await noticeTitles(listener.user.id)).sort(),
    events: (await db.select().from(paymentEvents).where(inArray(paymentEvents.reference, eventKeys))).map((e) => e.outcome),
  };
}

describe('every order of charge.success, subscription.create and refund.processed', () => {
  it('ends in the state the natural order ends in, whether Paystack’s customer is found by e-mail or only by its code', async () => {
    const natural = await deliverInOrder(['charge', 'create', 'refund'], true);
    expect(natural).toMatchObject({
      subscription: { subscriptionPlan: 'free', effectivePlan: 'free' },
      payments: [['refunded', 300000, 'card']],
      providerSubscriptions: [['disabled', true]],
      stopJobs: 1,
      notices: ['Payment Received', 'Payment Refunded'],
      events: ['applied', 'applied', 'applied'],
    });
    for (const customerKnownByEmail of [true, false]) {
      for (const order of permutations<Step>(['charge', 'create', 'refund'])) {
        expect(await deliverInOrder(order, customerKnownByEmail), `${order.join(', ')}${customerKnownByEmail ? '' : ' (customer by code only)'}`).toEqual(natural);
      }
    }
  });
});

describe('a payment and the events waiting for it, delivered at the same moment', () => {
  it('never leaves one of them parked', async () => {
    const listeners = await Promise.all(Array.from({ length: 6 }, () => paidCheckout()));
    const refunds = listeners.map(({ reference }) => b.paystack.events.refundProcessed(reference));
    const bodies = listeners.flatMap(({ listener, reference, subscriptionCode }, i) => {
      hideCustomerEmail(listener);
      return [refunds[i], b.paystack.events.subscription('create', subscriptionCode!), b.paystack.events.chargeSuccess(reference)];
    });
    await Promise.all(bodies.map((body) => outcome(body)));
    for (const { listener, subscriptionCode } of listeners) {
      expect((await b.api.transactions(listener.cookie)).map((t) => t.status)).toEqual(['refunded']);
      expect(await b.api.subscription(listener.cookie)).toMatchObject({ subscriptionPlan: 'free' });
      const [stored] = await b.t.database.db.select().from(paymentSubscriptions).where(eq(paymentSubscriptions.code, subscriptionCode!));
      expect(stored).toMatchObject({ userId: listener.user.id, status: 'disabled' });
    }
    const keys = listeners.flatMap(({ reference, subscriptionCode }) => [reference, subscriptionCode!]);
    const refundKeys = refunds.map((refund) => refund.data.refund_reference);
    const rows = await b.t.database.db.select().from(paymentEvents).where(inArray(paymentEvents.reference, [...keys, ...refundKeys]));
    expect(rows).toHaveLength(listeners.length * 3);
    expect(rows.filter((row) => row.outcome !== 'applied')).toEqual([]);
  });
});
