/**
 * What Kora needs of a payment provider (Paystack today, paystack/): checkouts under Kora's own
 * references, the verified result of one, the provider's card subscriptions, and its signed
 * webhook events read into the few facts billing acts on. Amounts are minor units (kobo).
 */

export type CheckoutChannel = 'card' | 'bank_transfer' | 'ussd';

export type CheckoutInput = {
  reference: string;
  email: string;
  amount: number;
  currency: string;
  /** Card checkouts subscribe to the monthly Premium plan; the others are one-off payments on these channels. */
  channel: CheckoutChannel;
  subscribe: boolean;
  callbackUrl: string;
};

export type CardDetails = { last4: string; brand: string };

/** A payment the provider says was made (or not), as Kora judges it. */
export type ProviderPayment = {
  reference: string;
  /** 'success' is the only status that grants anything. */
  status: 'success' | 'failed' | 'abandoned' | 'pending';
  amount: number;
  currency: string;
  paidAt: Date | null;
  channel: string;
  /** A reusable card's details (renewals are charged to it). */
  card: CardDetails | null;
  customer: ProviderCustomer;
  /** Set when the payment was for the Premium plan (a subscription's first payment or a renewal). */
  planCode: string | null;
  /** Renewals are charged by the provider under its own references, flagged in their metadata. */
  isRenewal: boolean;
};

export type ProviderCustomer = { code: string; email: string };

export type ProviderSubscription = {
  code: string;
  emailToken: string | null;
  customer: ProviderCustomer;
  nextPaymentDate: Date | null;
  card: CardDetails | null;
};

/** A webhook event read into what billing acts on; `key` with `event` identifies it for idempotency. */
export type ProviderEvent = { event: string; key: string; payload: unknown } & (
  | { type: 'payment'; payment: ProviderPayment }
  | { type: 'subscription-created'; subscription: ProviderSubscription }
  | { type: 'subscription-ending'; subscription: ProviderSubscription }
  | { type: 'subscription-disabled'; subscription: ProviderSubscription }
  | { type: 'renewal-failed'; subscription: ProviderSubscription; amount: number; currency: string; at: Date }
  | { type: 'refund'; transactionReference: string; amount: number; currency: string }
  | { type: 'other' }
);

export interface PaymentProvider {
  /** Finds or creates the monthly Premium plan; checkouts wait for it. */
  preparePlan(): Promise<string>;
  startCheckout(input: CheckoutInput): Promise<{ authorizationUrl: string }>;
  /** The provider's own answer for a reference: never trust a redirect or a client. Null when the provider knows no such payment. */
  verifyPayment(reference: string): Promise<ProviderPayment | null>;
  disableSubscription(code: string, emailToken: string): Promise<void>;
  /** A page of the provider's where the listener changes the card of a subscription. */
  cardManagementLink(code: string): Promise<string>;
  /** Checks a webhook's signature over its raw bytes: null when it does not hold (nothing may be done with it then), else one string that identifies the body. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): string | null;
  /** Reads a webhook whose signature held. */
  readWebhook(rawBody: Buffer): ProviderEvent;
  /** Reads again the payload of an event recorded when its signature held (a parked event, to apply it later). */
  readRecordedEvent(payload: unknown): ProviderEvent;
}

/** The provider could not be reached or refused a call: the request fails and nothing changes. */
export class PaymentProviderError extends Error {}
