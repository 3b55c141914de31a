import { BILLING_PERIOD_DAYS, PREMIUM_CURRENCY, PREMIUM_PRICE_MINOR, PREMIUM_TRANSACTION_TYPE } from '@kora/contracts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The billing date a premium term started at `start` ends on (spec section 9: 30 days ahead). */
export function billingDateAfter(start: Date): Date {
  return new Date(start.getTime() + BILLING_PERIOD_DAYS * DAY_MS);
}

/** YYYY-MM of the month `at` falls in, in UTC: one calendar for every listener and every server. */
export function billingPeriodOf(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** The one charge Kora makes: ₦3,000 of Premium for a period, pending until it is paid. */
export function premiumCharge(billingPeriod: string) {
  return {
    amount: PREMIUM_PRICE_MINOR,
    currency: PREMIUM_CURRENCY,
    transactionType: PREMIUM_TRANSACTION_TYPE,
    status: 'pending',
    billingPeriod,
  } as const;
}

export type PremiumCharge = ReturnType<typeof premiumCharge>;
