import { describe, expect, it } from 'vitest';
import { describeCheckout, readPaymentReturn, withoutPaymentReturn } from './payment-return';

describe('the return from the checkout', () => {
  it('keeps only a well-formed reference, never the status the address claims', () => {
    expect(readPaymentReturn('?payment=success&reference=kora-0123abcd')).toEqual({ reference: 'kora-0123abcd' });
    expect(readPaymentReturn('?payment=failed&reference=T_abc')).toBeNull();
    expect(readPaymentReturn('?payment=success')).toBeNull();
    expect(readPaymentReturn('?reference=kora-1')).toBeNull();
    expect(readPaymentReturn('?payment=success&reference=kora%2F..%2Fx')).toBeNull();
    expect(readPaymentReturn('')).toBeNull();
  });

  it('cleans the address of the return, keeping anything else', () => {
    expect(withoutPaymentReturn('?payment=success&reference=kora-1&trxref=kora-1')).toBe('');
    expect(withoutPaymentReturn('?tab=liked&payment=failed&reference=kora-1')).toBe('?tab=liked');
    expect(withoutPaymentReturn('')).toBe('');
  });
});

describe('what the listener is told', () => {
  it('says paid only for a success, by what was bought', () => {
    const card = describeCheckout({ status: 'success', kind: 'subscription' }, true);
    expect(card).toMatchObject({ title: 'Payment received', paid: true, settled: true, tone: 'good' });
    expect(card.message).toMatch(/renews it every month/);
    expect(describeCheckout({ status: 'success', kind: 'pass' }, true).message).toMatch(/never renews/);
    for (const status of ['failed', 'abandoned', 'flagged', 'pending'] as const) {
      expect(describeCheckout({ status, kind: 'subscription' }, false).paid).toBe(false);
    }
  });

  it('tells a decline from an abandoned checkout and a flagged payment, each final', () => {
    expect(describeCheckout({ status: 'failed', kind: 'subscription' }, true)).toMatchObject({ title: 'Payment declined', settled: true });
    expect(describeCheckout({ status: 'abandoned', kind: 'pass' }, true)).toMatchObject({ title: 'Payment not completed', settled: true });
    expect(describeCheckout({ status: 'flagged', kind: 'pass' }, true)).toMatchObject({ title: 'Payment needs a look', settled: true });
  });

  it('keeps asking about a pending payment for a while, then says it is still pending', () => {
    expect(describeCheckout({ status: 'pending', kind: 'subscription' }, true)).toMatchObject({
      title: 'Confirming your payment',
      settled: false,
    });
    expect(describeCheckout({ status: 'pending', kind: 'subscription' }, false)).toMatchObject({
      title: 'Payment still pending',
      settled: true,
      paid: false,
    });
  });
});
