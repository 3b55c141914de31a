import { z } from 'zod';
import { CHECKOUT_METHODS, CHECKOUT_STATUSES } from './constants.js';

/* ---------- Payments through a payment provider (issue 17) ---------- */

/** GET /api/billing/options: what this server can take money for, and the price it charges. */
export const billingOptionsSchema = z.object({
  /**
   * Whether a payment provider is configured. Without one, card payments, bank-transfer and USSD
   * passes are not available on this server, and Upgrade keeps the local flow (a pending charge).
   */
  paymentsConfigured: z.boolean(),
  /** The ways to pay this server offers: none without a provider. */
  methods: z.array(z.enum(CHECKOUT_METHODS)),
  /** Minor units (kobo): 300000 is ₦3,000. */
  amount: z.number().int(),
  currency: z.string(),
  /** A card subscription renews every month; a pass lasts this many days and never renews. */
  passDays: z.number().int(),
});
export type BillingOptions = z.infer<typeof billingOptionsSchema>;

/** POST /api/billing/checkout: card starts a monthly subscription; bank_transfer and ussd buy a 30-day pass. */
export const checkoutRequestSchema = z
  .object({
    method: z.enum(CHECKOUT_METHODS, { error: `method must be one of ${CHECKOUT_METHODS.join(', ')}` }),
  })
  .strict();
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

/** The answer to POST /api/billing/checkout: send the listener to `authorizationUrl` (the provider's checkout page). */
export const checkoutStartSchema = z.object({
  reference: z.string(),
  authorizationUrl: z.string(),
});
export type CheckoutStart = z.infer<typeof checkoutStartSchema>;

/**
 * GET /api/billing/checkouts/{reference}: a checkout the listener started, as the provider confirmed
 * it ('pending' until the provider says it was paid, declined or abandoned; 'flagged' when what was
 * paid is not Premium's price, which grants nothing).
 */
export const checkoutSchema = z.object({
  reference: z.string(),
  kind: z.enum(['subscription', 'pass']),
  method: z.enum(CHECKOUT_METHODS),
  status: z.enum(CHECKOUT_STATUSES),
  amount: z.number().int(),
  currency: z.string(),
  createdAt: z.string(),
});
export type Checkout = z.infer<typeof checkoutSchema>;

/** GET /api/billing/manage-link: the provider's page where the listener changes the card of their subscription. */
export const cardManagementLinkSchema = z.object({ url: z.string() });
export type CardManagementLink = z.infer<typeof cardManagementLinkSchema>;

/** GET /api/billing/receipts/{transactionId}: what a printable receipt of a successful payment shows. */
export const receiptSchema = z.object({
  transactionId: z.number().int(),
  /** The business name setting (BUSINESS_NAME). */
  businessName: z.string(),
  reference: z.string(),
  description: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  /** YYYY-MM of the payment, and the term it paid for. */
  billingPeriod: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  paidAt: z.string(),
  channel: z.string(),
  customerEmail: z.string(),
  /** success or refunded: a refunded receipt says so. */
  status: z.enum(['success', 'refunded']),
});
export type Receipt = z.infer<typeof receiptSchema>;
