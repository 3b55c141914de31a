import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, notifications, paymentSubscriptions } from '../../src/db/schema.js';
import { createPaystackProvider } from '../../src/features/billing/paystack/paystack-client.js';
import { createStopProviderRenewalHandler, STOP_PROVIDER_RENEWAL_JOB } from '../../src/jobs/handlers/stop-provider-renewal.js';
import { createJobQueue } from '../../src/jobs/queue.js';
import { createWorker } from '../../src/jobs/worker.js';
import { signUp } from '../helpers/factories.js';
import { silentLog, waitFor } from '../jobs/job-helpers.js';
import { DAY_MS } from '../subscription/subscription-helpers.js';
import { type BillingTest, cardSubscriber, eventsOf, postWebhook, startBillingTest, startCheckout } from './billing-helpers.js';

let b: BillingTest;
beforeAll(async () => {
  b = await startBillingTest();
}, 60_000);
afterAll(() => b.close());

async function stopRenewalJobs() {
  return b.t.database.db.select().from(jobs).where(eq(jobs.type, STOP_PROVIDER_RENEWAL_JOB));
}

/** Runs the server's worker for the stop-renewal jobs until none is left to do, as a running server would. */
async function runStopRenewalJobs() {
  const db = b.t.database.db;
  const worker = createWorker({
    queue: createJobQueue(db, { workerId: 'test', leaseMs: 30_000, retryDelayMs: () => 0 }),
    handlers: { [STOP_PROVIDER_RENEWAL_JOB]: createStopProviderRenewalHandler({ db, provider: createPaystackProvider(b.t.config.payments.paystack!) }) },
    concurrency: 1,
    pollIntervalMs: 20,
    log: silentLog,
  });
  worker.start();
  try {
    await waitFor(async () => (await stopRenewalJobs()).every((job) => job.status === 'done' || job.status === 'dead'), { what: 'the jobs to end' });
  } finally {
    await worker.stop(1_000);
  }
}

const disableCalls = () => b.paystack.calls.filter((call) => call.path === '/subscription/disable');

describe('a refund of the current term', () => {
  it('disables the Paystack subscription, so a later renewal charge does not make the listener Premium', async () => {
    const { listener, reference, subscriptionCode } = await cardSubscriber(b);
    const before = disableCalls().length;
    expect((await postWebhook(b, b.paystack.events.refundProcessed(reference))).json().outcome).toBe('applied');
    expect(await b.api.subscription(listener.cookie)).toMatchObject({ subscriptionPlan: 'free', effectivePlan: 'free' });

    await runStopRenewalJobs();
    const emailToken = b.paystack.subscriptions.get(subscriptionCode)!.email_token;
    expect(disableCalls().slice(before)).toEqual([{ method: 'POST', path: '/subscription/disable', body: { code: subscriptionCode, token: emailToken } }]);
    expect(b.paystack.subscriptions.get(subscriptionCode)!.status).toBe('non-renewing');
    // Paystack tells Kora the subscription will not renew; it stays stopped.
    await postWebhook(b, b.paystack.events.subscription('not_renew', subscriptionCode));

    // A renewal charged anyway (Paystack charged before it disabled it) is flagged for a person, and grants nothing.
    const renewal = b.paystack.events.renewal(subscriptionCode, { paidAt: new Date(Date.now() + 1000) });
    expect((await postWebhook(b, renewal)).json().outcome).toBe('flagged');
    const flagged = (await eventsOf(b, 'charge.success')).filter((row) => row.outcome === 'flagged' && row.userId === listener.user.id);
    expect(flagged.map((row) => row.note)).toEqual(['A renewal of a disabled subscription: Premium not granted.']);
    expect(await b.api.subscription(listener.cookie)).toMatchObject({ subscriptionPlan: 'free', effectivePlan: 'free' });
    expect((await b.api.transactions(listener.cookie)).map((t) => [t.status, t.reference])).toEqual([['refunded', reference]]);
  });

  it('stops the subscription once when the refund is delivered twice at once', async () => {
    const { reference, subscriptionCode } = await cardSubscriber(b);
    const refund = b.paystack.events.refundProcessed(reference);
    const answers = await Promise.all([postWebhook(b, refund), postWebhook(b, refund)]);
    expect(answers.map((answer) => answer.json().outcome).sort()).toEqual(['applied', 'duplicate']);
    expect((await stopRenewalJobs()).filter((job) => (job.payload as { code: string }).code === subscriptionCode)).toHaveLength(1);
  });

  it('keeps Premium and the subscription when the refunded payment was an earlier term’s', async () => {
    const { listener, reference, subscriptionCode } = await cardSubscriber(b);
    // The next month's renewal, charged at the end of the first term.
    await postWebhook(b, b.paystack.events.renewal(subscriptionCode, { paidAt: new Date(Date.now() + 30 * DAY_MS + 60_000) }));
    const jobsBefore = (await stopRenewalJobs()).length;
    expect((await postWebhook(b, b.paystack.events.refundProcessed(reference))).json().outcome).toBe('applied');
    expect(await b.api.subscription(listener.cookie)).toMatchObject({ subscriptionStatus: 'active', effectivePlan: 'premium' });
    expect(await stopRenewalJobs()).toHaveLength(jobsBefore);
    expect(b.paystack.subscriptions.get(subscriptionCode)!.status).toBe('active');
  });
});

const HOUR_MS = 60 * 60 * 1000;

/** A card subscriber whose first month was paid 30 days and an hour ago: Paystack charges the renewal about now. */
async function subscriberAtRenewal() {
  const listener = await signUp(b.t.app);
  const { reference } = await startCheckout(b, listener, 'card');
  b.paystack.checkout(reference, 'pay', new Date(Date.now() - 30 * DAY_MS - HOUR_MS));
  const subscriptionCode = [...b.paystack.subscriptions.values()].find((s) => s.customer.email === listener.credentials.email)!.subscription_code;
  expect((await postWebhook(b, b.paystack.events.chargeSuccess(reference))).json().outcome).toBe('applied');
  expect((await postWebhook(b, b.paystack.events.subscription('create', subscriptionCode))).json().outcome).toBe('applied');
  return { listener, reference, subscriptionCode };
}

describe('a renewal reported after the subscription was disabled', () => {
  it('grants the renewal’s own term when it was paid before a refund stopped the subscription, and does not renew it again', async () => {
    const { listener, reference, subscriptionCode } = await subscriberAtRenewal();
    // Paystack charged the renewal half an hour ago; its charge.success comes after the refund of the first month.
    const renewalPaidAt = new Date(Date.now() - HOUR_MS / 2);
    const renewal = b.paystack.events.renewal(subscriptionCode, { paidAt: renewalPaidAt });
    expect((await postWebhook(b, b.paystack.events.refundProcessed(reference))).json().outcome).toBe('applied');
    expect((await b.api.subscription(listener.cookie)).effectivePlan).toBe('free');
    const jobsAfterRefund = (await stopRenewalJobs()).length;

    expect((await postWebhook(b, renewal)).json().outcome).toBe('applied');
    const subscription = await b.api.subscription(listener.cookie);
    expect(subscription).toMatchObject({ subscriptionPlan: 'premium', subscriptionStatus: 'canceled', effectivePlan: 'premium', renewal: 'provider', paymentMethodLast4: '4081' });
    expect(Date.parse(subscription.nextBillingDate!)).toBe(renewalPaidAt.getTime() + 30 * DAY_MS);
    expect((await b.api.transactions(listener.cookie)).map((t) => t.status).sort()).toEqual(['refunded', 'success']);
    // The subscription stays stopped, here and with Paystack (no second job).
    const [stored] = await b.t.database.db.select().from(paymentSubscriptions).where(eq(paymentSubscriptions.code, subscriptionCode));
    expect(stored!.status).toBe('disabled');
    expect(await stopRenewalJobs()).toHaveLength(jobsAfterRefund);
    const renewed = (await b.t.database.db.select().from(notifications).where(eq(notifications.userId, listener.user.id))).filter(
      (n) => n.title === 'Subscription Renewed',
    );
    expect(renewed.map((n) => n.message)).toEqual([expect.stringMatching(/does not renew/)]);
  });

  it('grants a renewal paid before Paystack disabled the subscription, as if it had arrived in order', async () => {
    const inOrder = await subscriberAtRenewal();
    const late = await subscriberAtRenewal();
    const paidAt = new Date(Date.now() - HOUR_MS / 2);
    const lateRenewal = b.paystack.events.renewal(late.subscriptionCode, { paidAt });
    await postWebhook(b, b.paystack.events.renewal(inOrder.subscriptionCode, { paidAt }));
    await postWebhook(b, b.paystack.events.subscription('disable', inOrder.subscriptionCode));
    await postWebhook(b, b.paystack.events.subscription('disable', late.subscriptionCode));
    expect((await postWebhook(b, lateRenewal)).json().outcome).toBe('applied');

    const expected = await b.api.subscription(inOrder.listener.cookie);
    expect(expected).toMatchObject({ subscriptionStatus: 'canceled', effectivePlan: 'premium' });
    expect(await b.api.subscription(late.listener.cookie)).toEqual(expected);
  });

  it('still flags a renewal paid after Paystack disabled the subscription', async () => {
    const { listener, subscriptionCode } = await cardSubscriber(b);
    await postWebhook(b, b.paystack.events.subscription('disable', subscriptionCode));
    const renewal = b.paystack.events.renewal(subscriptionCode, { paidAt: new Date(Date.now() + 1000) });
    expect((await postWebhook(b, renewal)).json().outcome).toBe('flagged');
    expect((await b.api.transactions(listener.cookie)).map((t) => t.status)).toEqual(['success']);
  });
});
