import { type Subscription, subscriptionSchema, type Transaction, transactionSchema } from '@kora/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { notifications, subscriptions, transactions } from '../../src/db/schema.js';
import type { TestApp } from '../helpers/test-app.js';

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The calls of the billing API for one test app. */
export function billingClient(t: TestApp) {
  const call = (method: 'GET' | 'POST', url: string, cookie: string | undefined, payload?: unknown) =>
    t.app.inject({ method, url, headers: cookie === undefined ? {} : { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

  return {
    call,
    async subscription(cookie: string): Promise<Subscription> {
      const response = await call('GET', '/api/user/subscription', cookie);
      expect(response.statusCode).toBe(200);
      return subscriptionSchema.strict().parse(response.json());
    },
    changeSubscription: (cookie: string, payload: unknown) => call('POST', '/api/user/subscription', cookie, payload),
    async transactions(cookie: string): Promise<Transaction[]> {
      const response = await call('GET', '/api/user/transactions', cookie);
      expect(response.statusCode).toBe(200);
      return (response.json() as unknown[]).map((item) => transactionSchema.strict().parse(item));
    },
    createTransaction: (cookie: string, payload: unknown) => call('POST', '/api/user/transactions', cookie, payload),

    /** Sends a request that must be refused, and checks it changed nothing at all. */
    async expectRefused(
      send: (cookie: string, payload: unknown) => ReturnType<typeof call>,
      listener: { cookie: string; user: { id: number } },
      payload: unknown,
      status: number,
      message: string | RegExp,
    ): Promise<void> {
      const before = await this.stored(listener.user.id);
      const response = await send(listener.cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().message).toMatch(message);
      expect(await this.stored(listener.user.id)).toEqual(before);
    },

    /** What the database holds for a user: compared before and after a refused request. */
    async stored(userId: number) {
      const db = t.database.db;
      const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
      const charges = await db.select().from(transactions).where(eq(transactions.userId, userId)).orderBy(asc(transactions.id));
      const notices = await db
        .select({ title: notifications.title, message: notifications.message })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'subscription')))
        .orderBy(asc(notifications.id));
      return { subscription, charges, notices };
    },
  };
}

/** YYYY-MM of now in UTC, as the server bills. */
export function currentBillingPeriod(): string {
  return new Date().toISOString().slice(0, 7);
}
