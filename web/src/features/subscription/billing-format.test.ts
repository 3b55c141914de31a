import type { Subscription, Transaction } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { describeTransaction, displayStatus, formatAmount, formatBillingPeriod, maskedPaymentDigits } from './billing-format';

const transaction = (values: Partial<Transaction>): Transaction => ({
  id: 1,
  amount: 300000,
  currency: 'NGN',
  transactionType: 'subscription',
  status: 'pending',
  billingPeriod: '2025-06',
  reference: null,
  channel: null,
  paidAt: null,
  periodEnd: null,
  createdAt: '2025-06-15T12:00:00.000Z',
  ...values,
});

describe('billing display', () => {
  it('shows minor units divided by 100, in naira', () => {
    expect(formatAmount(transaction({}))).toBe('₦3,000');
    expect(formatAmount(transaction({ amount: 150, currency: 'USD' }))).toBe('1.50 USD');
  });

  it('names subscription charges Premium Plan', () => {
    expect(describeTransaction(transaction({}))).toBe('Premium Plan');
    expect(describeTransaction(transaction({ transactionType: 'refund' }))).toBe('refund');
  });

  it('shows success and pending as they are, anything else as failed', () => {
    expect(['success', 'pending', 'declined', ''].map(displayStatus)).toEqual(['success', 'pending', 'failed', 'failed']);
  });

  it('writes billing periods as month and year', () => {
    expect(formatBillingPeriod('2025-06')).toBe('June 2025');
    expect(formatBillingPeriod('2025-12')).toBe('December 2025');
    expect(formatBillingPeriod('soon')).toBe('soon');
  });

  it("shows the spec's demo digits", () => {
    const subscription = { paymentMethodLast4: null } as Subscription;
    expect(maskedPaymentDigits(subscription)).toBe('•••• 1234');
  });
});
