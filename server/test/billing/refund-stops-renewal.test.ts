import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../src/db/schema.js';
import { createPaystackProvider } from '../../src/features/billing/paystack/paystack-client.js';
import { createStopProviderRenewalHandler, STOP_PROVIDER_RENEWAL_JOB } from '../../src/jobs/handlers/stop-provider-renewal.js';
import { createJobQueue } from '../../src/jobs/queue.js';
import { createWorker } from '../../src/jobs/worker.js';
import { silentLog, waitFor } from '../jobs/job-helpers.js';
import { DAY_MS } from '../subscription/subscription-helpers.js';
import { type BillingTest, cardSubscriber, eventsOf, postWebhook, startBillingTest } from './billing-helpers.js';

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
    await waitFor(async () => (await stopRenewalJobs()).every((job) => job.status === 'done' || job.status === 'failed'), { what: 'the jobs to end' });
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
