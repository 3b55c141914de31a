import type { PAYMENT_METHOD_TYPES, SUBSCRIPTION_PLANS, SUBSCRIPTION_RENEWALS, SUBSCRIPTION_STATUSES } from '@kora/contracts';

export type SubscriptionPlan = (typeof SUBSCRIPTION_PLANS)[number];
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export type PaymentMethodType = (typeof PAYMENT_METHOD_TYPES)[number];
export type SubscriptionRenewal = (typeof SUBSCRIPTION_RENEWALS)[number];

/** A subscription row as the rules see it (no ids, no timestamps of their own). */
export type SubscriptionState = {
  plan: SubscriptionPlan;
  status: SubscriptionStatus;
  nextBillingDate: Date | null;
  paymentMethodType: PaymentMethodType;
  paymentMethodLast4: string | null;
  paymentMethodBrand: string | null;
  /** Who renews the term: the server itself (no payment provider), the provider (a card), nobody (a pass). */
  renewal: SubscriptionRenewal;
  /** Past due keeps Premium until then. */
  graceEndsAt: Date | null;
  /** The billing date whose "ends soon" notification was sent. */
  endingNoticeFor: Date | null;
};

/** What a user has before anything was chosen: signup stores the same row. */
export const FREE_SUBSCRIPTION: SubscriptionState = {
  plan: 'free',
  status: 'active',
  nextBillingDate: null,
  paymentMethodType: 'none',
  paymentMethodLast4: null,
  paymentMethodBrand: null,
  renewal: 'local',
  graceEndsAt: null,
  endingNoticeFor: null,
};

/** A real way to pay is on file ('pending' and 'none' are the absence of one). */
export function hasPaymentMethod(state: Pick<SubscriptionState, 'paymentMethodType'>): boolean {
  return state.paymentMethodType === 'bank_transfer' || state.paymentMethodType === 'card' || state.paymentMethodType === 'ussd';
}
