import { transactions } from '../../src/db/schema.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const charge = () => ({
  amount: 300000,
  currency: 'NGN',
  transactionType: 'subscription',
  status: 'pending' as const,
  billingPeriod: currentBillingPeriod(),
});

/** Premium with no charge recorded yet for this period (as after a renewal the month before). */
async function unchargedPremium(status: 'active' | 'canceled' = 'active'): Promise<SignedInUser> {
  const listener = await signUp(t.app);
  await setPlan(t.database.db, listener.user.id, { plan: 'premium', status, nextBillingDate: new Date(Date.now() + 10 * DAY_MS) });
  return listener;
}

function expectRefused(listener: SignedInUser, payload: unknown, status: number, message: string | RegExp) {
  return api.expectRefused(api.createTransaction, listener, payload, status, message);
}

describe('GET /api/user/transactions', () => {
  it('needs a session', async () => {
    expect((await api.call('GET', '/api/user/transactions', undefined)).statusCode).toBe(401);
    expect((await api.createTransaction(undefined as unknown as string, charge())).statusCode).toBe(401);
  });

  it("lists the caller's own charges, newest first", async () => {
    const listener = await signUp(t.app);
    const other = await signUp(t.app);
    const rows = [
      { billingPeriod: '2025-03', createdAt: new Date('2025-03-02T10:00:00Z') },
      { billingPeriod: '2025-05', createdAt: new Date('2025-05-01T10:00:00Z') },
      { billingPeriod: '2025-04', createdAt: new Date('2025-04-01T10:00:00Z') },
    ];
    await t.database.db.insert(transactions).values([
      ...rows.map((row) => ({ userId: listener.user.id, ...charge(), ...row })),
      { userId: other.user.id, ...charge(), billingPeriod: '2025-04' },
    ]);
    const list = await api.transactions(listener.cookie);
    expect(list.map((item) => item.billingPeriod)).toEqual(['2025-05', '2025-04', '2025-03']);
    expect(list[0]).toEqual({
      id: expect.any(Number),
      amount: 300000,
      currency: 'NGN',
      transactionType: 'subscription',
      status: 'pending',
      billingPeriod: '2025-05',
      reference: null,
      channel: null,
      paidAt: null,
      periodEnd: null,
      createdAt: '2025-05-01T10:00:00.000Z',
    });
    // A free user still sees their own history (the web asks only for premium users).
    expect((await api.subscription(listener.cookie)).subscriptionPlan).toBe('free');
    expect(await api.transactions((await signUp(t.app)).cookie)).toEqual([]);
  });
});

describe('POST /api/user/transactions', () => {
  it("records exactly the server's charge for this period, once", async () => {
    const listener = await unchargedPremium();
    const response = await api.createTransaction(listener.cookie, charge());
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject(charge());
    expect(await api.transactions(listener.cookie)).toEqual([response.json()]);
    await expectRefused(listener, charge(), 409, `The charge for ${currentBillingPeriod()} already exists.`);
  });

  it('refuses a second charge after an upgrade made this period', async () => {
    const listener = await signUp(t.app);
    expect((await api.changeSubscription(listener.cookie, { subscriptionPlan: 'premium' })).statusCode).toBe(200);
    await expectRefused(listener, charge(), 409, /already exists/);
  });

  it('refuses any other amount, currency, type, status or period, and any other field', async () => {
    const listener = await unchargedPremium();
    const nextMonth = new Date();
    nextMonth.setUTCDate(1);
    nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1);
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ amount: 3000 }, 'amount must be 300000 (₦3,000 in kobo): the server sets the price.'],
      [{ amount: 0 }, /^amount must be 300000/],
      [{ amount: -300000 }, /^amount must be 300000/],
      [{ amount: 300000.5 }, /amount/],
      [{ amount: '300000' }, /amount/],
      [{ currency: 'USD' }, 'currency must be NGN.'],
      [{ transactionType: 'refund' }, 'transactionType must be subscription.'],
      [{ status: 'success' }, 'status must be pending: a charge is paid later, never declared paid.'],
      [{ billingPeriod: nextMonth.toISOString().slice(0, 7) }, `billingPeriod must be the current period, ${currentBillingPeriod()}.`],
      [{ billingPeriod: '2025-13' }, 'billingPeriod must be YYYY-MM'],
      [{ id: 1 }, /Unrecognized key/],
    ];
    for (const [change, message] of cases) await expectRefused(listener, { ...charge(), ...change }, 400, message);
    const { currency: _currency, ...withoutCurrency } = charge();
    await expectRefused(listener, withoutCurrency, 400, /currency/);
  });

  it('refuses free and canceled subscriptions', async () => {
    await expectRefused(await signUp(t.app), charge(), 409, 'Only Premium subscribers are charged. Upgrade to Premium first.');
    await expectRefused(await unchargedPremium('canceled'), charge(), 409, 'A canceled subscription is not charged again.');
    const lapsed = await signUp(t.app);
    await setPlan(t.database.db, lapsed.user.id, { plan: 'premium', status: 'canceled', nextBillingDate: new Date(Date.now() - DAY_MS) });
    await expectRefused(lapsed, charge(), 409, 'Only Premium subscribers are charged. Upgrade to Premium first.');
  });

  it('creates one charge when several arrive at once', async () => {
    const listener = await unchargedPremium();
    const responses = await Promise.all(Array.from({ length: 4 }, () => api.createTransaction(listener.cookie, charge())));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409]);
    expect((await api.stored(listener.user.id)).charges).toHaveLength(1);
  });
});
