import { type Notification, notificationSchema } from '@kora/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepPassNotices } from '../../src/jobs/pass-notice-sweep.js';
import { type BillingTest, postWebhook, startBillingTest, startCheckout } from '../billing/billing-helpers.js';
import { setPlan } from '../helpers/catalogue-factories.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { DAY_MS } from '../subscription/subscription-helpers.js';

let b: BillingTest;
beforeAll(async () => {
  b = await startBillingTest();
}, 60_000);
afterAll(() => b.close());

/** A listener who bought a 30-day pass on the stand-in's checkout, its end then moved to `endsIn` from now. */
async function passHolder(endsInMs: number, method: 'bank_transfer' | 'ussd' = 'bank_transfer'): Promise<SignedInUser> {
  const listener = await signUp(b.t.app);
  const { reference } = await startCheckout(b, listener, method);
  b.paystack.checkout(reference, 'pay');
  expect((await postWebhook(b, b.paystack.events.chargeSuccess(reference))).json().outcome).toBe('applied');
  await setPlan(b.t.database.db, listener.user.id, { nextBillingDate: new Date(Date.now() + endsInMs) });
  return listener;
}

async function noticesOf(listener: SignedInUser, title: string): Promise<Notification[]> {
  const response = await b.t.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: listener.cookie } });
  expect(response.statusCode).toBe(200);
  return (response.json() as unknown[]).map((item) => notificationSchema.parse(item)).filter((notice) => notice.title === title);
}

const sweep = () => sweepPassNotices({ db: b.t.database.db });

describe('the pass notice sweep', () => {
  it('tells a listener whose pass ends within 3 days, with a Renew action, without their reading the subscription, and once', async () => {
    const listener = await passHolder(2 * DAY_MS);
    expect(await noticesOf(listener, 'Premium Ends Soon')).toEqual([]);

    await sweep();
    const [notice, ...more] = await noticesOf(listener, 'Premium Ends Soon');
    expect(more).toEqual([]);
    expect(notice).toMatchObject({ kind: 'subscription', action: 'renew-premium', isRead: false });
    expect(notice!.message).toMatch(/^Your Premium pass ends on \d+ \w+ \d{4}\. Renew it to keep Premium\.$/);

    // Swept again, by this process or another at once, and read: still one.
    await Promise.all([sweep(), sweep()]);
    expect((await b.api.subscription(listener.cookie)).effectivePlan).toBe('premium');
    expect(await noticesOf(listener, 'Premium Ends Soon')).toHaveLength(1);
  });

  it('leaves a pass with more than 3 days left and a card subscription near its billing date alone', async () => {
    const later = await passHolder(4 * DAY_MS, 'ussd');
    const card = await signUp(b.t.app);
    await setPlan(b.t.database.db, card.user.id, { plan: 'premium', renewal: 'provider', paymentMethodType: 'card', nextBillingDate: new Date(Date.now() + DAY_MS) });
    await sweep();
    expect(await noticesOf(later, 'Premium Ends Soon')).toEqual([]);
    expect(await noticesOf(card, 'Premium Ends Soon')).toEqual([]);
    expect((await b.api.subscription(card.cookie)).effectivePlan).toBe('premium');
  });

  it('tells a pass renewed after its notice again about the new end, once', async () => {
    const listener = await passHolder(2 * DAY_MS);
    await sweep();
    // A second pass adds 30 days to this one; its own end comes near later.
    await setPlan(b.t.database.db, listener.user.id, { nextBillingDate: new Date(Date.now() + 32 * DAY_MS) });
    await sweep();
    expect(await noticesOf(listener, 'Premium Ends Soon')).toHaveLength(1);
    await setPlan(b.t.database.db, listener.user.id, { nextBillingDate: new Date(Date.now() + DAY_MS) });
    await sweep();
    await sweep();
    expect(await noticesOf(listener, 'Premium Ends Soon')).toHaveLength(2);
  });

  it('moves an ended pass to Free and says so with a Renew action, once', async () => {
    const listener = await passHolder(-60_000);
    await sweep();
    await sweep();
    const ended = await noticesOf(listener, 'Downgraded to Free');
    expect(ended).toHaveLength(1);
    expect(ended[0]).toMatchObject({ action: 'renew-premium' });
    expect(ended[0]!.message).toMatch(/30-day Premium pass ended/);
    expect(await b.api.subscription(listener.cookie)).toMatchObject({ subscriptionPlan: 'free', effectivePlan: 'free' });
    expect(await noticesOf(listener, 'Downgraded to Free')).toHaveLength(1);
  });
});
