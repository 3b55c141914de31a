import { describe, expect, it } from 'vitest';
import { billingDateAfter, billingPeriodOf, premiumCharge } from './billing-calendar.js';

describe('billing calendar', () => {
  it('puts the billing date 30 days ahead, to the millisecond', () => {
    expect(billingDateAfter(new Date('2025-01-31T10:15:30.123Z')).toISOString()).toBe('2025-03-02T10:15:30.123Z');
  });

  it('names the period by the UTC month', () => {
    expect(billingPeriodOf(new Date('2025-06-30T23:59:59Z'))).toBe('2025-06');
    expect(billingPeriodOf(new Date('2025-07-01T00:00:00Z'))).toBe('2025-07');
    // 00:30 in Lagos is still the previous day in UTC.
    expect(billingPeriodOf(new Date('2025-07-01T00:30:00+01:00'))).toBe('2025-06');
  });

  it('charges ₦3,000 in kobo, NGN, as a pending subscription charge', () => {
    expect(premiumCharge('2025-06')).toEqual({
      amount: 300000,
      currency: 'NGN',
      transactionType: 'subscription',
      status: 'pending',
      billingPeriod: '2025-06',
    });
  });
});
