import { z } from 'zod';
import type { CardDetails, ProviderCustomer, ProviderPayment, ProviderSubscription } from '../payment-provider.js';

/**
 * The parts of Paystack's answers and events Kora reads (shapes of ../shared/paystack/paystack.yaml
 * and its webhook payloads). Read leniently: fields Kora does not use are ignored.
 */

export const envelopeSchema = z.object({ status: z.boolean(), message: z.string().optional(), data: z.unknown().optional() });

export const authorizationSchema = z
  .object({
    last4: z.string().nullish(),
    brand: z.string().nullish(),
    reusable: z.boolean().nullish(),
    channel: z.string().nullish(),
  })
  .nullish();

export const customerSchema = z.object({ email: z.string(), customer_code: z.string() });

const planSchema = z.union([z.looseObject({ plan_code: z.string().optional() }), z.string(), z.null()]).optional();

export const transactionSchema = z.object({
  reference: z.string(),
  status: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  paid_at: z.string().nullish(),
  channel: z.string().nullish(),
  metadata: z.unknown().optional(),
  authorization: authorizationSchema,
  customer: customerSchema,
  plan: planSchema,
  plan_object: z.looseObject({ plan_code: z.string().optional() }).nullish(),
});

export const subscriptionSchema = z.object({
  subscription_code: z.string(),
  email_token: z.string().nullish(),
  status: z.string().nullish(),
  next_payment_date: z.string().nullish(),
  authorization: authorizationSchema,
  customer: customerSchema,
});

export const planListSchema = z.array(
  z.object({
    plan_code: z.string(),
    name: z.string(),
    amount: z.number().int(),
    interval: z.string(),
    currency: z.string(),
    is_deleted: z.boolean().optional(),
    is_archived: z.boolean().optional(),
  }),
);

export function toCard(authorization: z.infer<typeof authorizationSchema>): CardDetails | null {
  if (!authorization?.last4 || authorization.channel !== 'card' || !authorization.reusable) return null;
  return { last4: authorization.last4, brand: (authorization.brand ?? 'card').toLowerCase() };
}

export function toCustomer(customer: z.infer<typeof customerSchema>): ProviderCustomer {
  return { code: customer.customer_code, email: customer.email };
}

function toDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Paystack names a transaction's plan as an object (events) or a code (verify, with plan_object). */
function planCodeOf(data: z.infer<typeof transactionSchema>): string | null {
  if (typeof data.plan === 'string' && data.plan !== '') return data.plan;
  if (data.plan && typeof data.plan === 'object' && data.plan.plan_code) return data.plan.plan_code;
  return data.plan_object?.plan_code ?? null;
}

function metadataOf(value: unknown): Record<string, unknown> {
  if (typeof value === 'string') {
    try {
      return metadataOf(JSON.parse(value));
    } catch {
      return {};
    }
  }
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

const PAYMENT_STATUSES = new Set(['success', 'failed', 'abandoned']);

export function toPayment(data: z.infer<typeof transactionSchema>): ProviderPayment {
  return {
    reference: data.reference,
    status: PAYMENT_STATUSES.has(data.status) ? (data.status as ProviderPayment['status']) : 'pending',
    amount: data.amount,
    currency: data.currency,
    paidAt: toDate(data.paid_at),
    channel: data.channel ?? 'card',
    card: toCard(data.authorization),
    customer: toCustomer(data.customer),
    planCode: planCodeOf(data),
    isRenewal: metadataOf(data.metadata).invoice_action !== undefined,
  };
}

export function toSubscription(data: z.infer<typeof subscriptionSchema>): ProviderSubscription {
  return {
    code: data.subscription_code,
    emailToken: data.email_token ?? null,
    customer: toCustomer(data.customer),
    nextPaymentDate: toDate(data.next_payment_date),
    card: toCard(data.authorization),
  };
}
