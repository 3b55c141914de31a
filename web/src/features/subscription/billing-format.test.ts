import type { Subscription, Transaction } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { describePaymentMethod, describeTransaction, displayStatus, formatAmount, formatBillingPeriod, hasReceipt } from './billing-format';

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

  it('shows success, pending and refunded as they are, anything else as failed', () => {
    expect(['success', 'pending', 'refunded', 'failed', 'declined', ''].map(displayStatus)).toEqual([
      'success',
      'pending',
      'refunded',
      'failed',
      'failed',
      'failed',
    ]);
  });

  it('offers a receipt for completed payments only', () => {
    expect(hasReceipt(transaction({ status: 'success', reference: 'kora-1' }))).toBe(true);
    expect(hasReceipt(transaction({ status: 'refunded', reference: 'kora-1' }))).toBe(true);
    expect(hasReceipt(transaction({ status: 'pending', reference: 'kora-1' }))).toBe(false);
    expect(hasReceipt(transaction({ status: 'failed', reference: 'kora-1' }))).toBe(false);
    // The server's own pending charges of the local flow were never paid anywhere.
    expect(hasReceipt(transaction({ status: 'success', reference: null }))).toBe(false);
  });

  it('writes billing periods as month and year', () => {
    expect(formatBillingPeriod('2025-06')).toBe('June 2025');
    expect(formatBillingPeriod('2025-12')).toBe('December 2025');
    expect(formatBillingPeriod('soon')).toBe('soon');
  });

  it("shows a card by its brand and real last 4, and never digits that are not the listener's", () => {
    const method = (values: Partial<Subscription>) =>
      describePaymentMethod({ paymentMethodType: 'card', paymentMethodLast4: null, paymentMethodBrand: null, ...values } as Subscription);
    expect(method({ paymentMethodLast4: '4081', paymentMethodBrand: 'visa' })).toEqual({ name: 'Visa', digits: '•••• 4081' });
    expect(method({ paymentMethodLast4: '5678', paymentMethodBrand: 'verve' })).toEqual({ name: 'Verve', digits: '•••• 5678' });
    expect(method({ paymentMethodLast4: '1111', paymentMethodBrand: 'discover' })).toEqual({ name: 'Discover', digits: '•••• 1111' });
    expect(method({})).toEqual({ name: 'Card', digits: null });
    expect(method({ paymentMethodType: 'bank_transfer' })).toEqual({ name: 'Bank Transfer', digits: null });
    expect(method({ paymentMethodType: 'ussd' })).toEqual({ name: 'USSD', digits: null });
    expect(method({ paymentMethodType: 'pending' })).toEqual({ name: 'No payment method', digits: null });
  });
});
