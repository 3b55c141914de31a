import { type Checkout, CHECKOUT_RETURN_PARAM } from '@kora/contracts';

/** How often, and for how long, a checkout the provider has not confirmed yet is asked about again. */
export const PENDING_POLL_INTERVAL_MS = 2_000;
export const PENDING_POLL_LIMIT_MS = 30_000;

// The server's references, as its return route accepts them.
const REFERENCE_PATTERN = /^[A-Za-z0-9.=-]{1,100}$/;

/**
 * The checkout a page load returns from (`/?payment=<status>&reference=<reference>`), or null.
 * Only the reference is kept: the status in the address is not trusted, the server is asked.
 */
export function readPaymentReturn(search: string): { reference: string } | null {
  const params = new URLSearchParams(search);
  const reference = params.get('reference');
  if (!params.has(CHECKOUT_RETURN_PARAM) || !reference || !REFERENCE_PATTERN.test(reference)) return null;
  return { reference };
}

/** The address without the return's parameters, for history.replaceState. */
export function withoutPaymentReturn(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(CHECKOUT_RETURN_PARAM);
  params.delete('reference');
  params.delete('trxref');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

export type ReturnOutcome = {
  title: string;
  message: string;
  tone: 'good' | 'waiting' | 'bad';
  /** Premium was paid for: the subscription and its history are fetched again. */
  paid: boolean;
  /** Nothing more will change by asking again. */
  settled: boolean;
};

/**
 * What the listener is told about a checkout as the server confirmed it. A pending checkout is
 * asked about again for a while ('Confirming'); after that it is said to be still pending.
 */
export function describeCheckout(checkout: Pick<Checkout, 'status' | 'kind'>, stillPolling: boolean): ReturnOutcome {
  switch (checkout.status) {
    case 'success':
      return {
        title: 'Payment received',
        message:
          checkout.kind === 'subscription'
            ? 'Premium is active. Your card renews it every month until you cancel.'
            : 'Premium is active for 30 days. A pass never renews by itself.',
        tone: 'good',
        paid: true,
        settled: true,
      };
    case 'failed':
      return {
        title: 'Payment declined',
        message: 'Your payment did not go through and Premium was not started. You can try again or choose another way to pay.',
        tone: 'bad',
        paid: false,
        settled: true,
      };
    case 'abandoned':
      return {
        title: 'Payment not completed',
        message: 'You left the checkout before paying, so nothing was charged and you are still on Free.',
        tone: 'bad',
        paid: false,
        settled: true,
      };
    case 'flagged':
      return {
        title: 'Payment needs a look',
        message: 'What was paid is not the Premium price, so Premium was not started. Please contact support with the reference below.',
        tone: 'bad',
        paid: false,
        settled: true,
      };
    case 'pending':
      return stillPolling
        ? {
            title: 'Confirming your payment',
            message: 'Waiting for Paystack to confirm your payment…',
            tone: 'waiting',
            paid: false,
            settled: false,
          }
        : {
            title: 'Payment still pending',
            message: 'Paystack has not confirmed your payment yet. Premium starts as soon as it does, and you will get a notification.',
            tone: 'waiting',
            paid: false,
            settled: true,
          };
  }
}
