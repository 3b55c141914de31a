import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { ProviderEvent } from '../payment-provider.js';
import { customerSchema, subscriptionSchema, toPayment, toSubscription, transactionSchema } from './paystack-shapes.js';

/** Paystack's `x-paystack-signature`: the hex HMAC-SHA512 of the raw body, keyed with the secret key. */
export function signPaystackBody(rawBody: Buffer | string, secretKey: string): string {
  return createHmac('sha512', secretKey).update(rawBody).digest('hex');
}

/**
 * The body's signature when the given one is it, else null (nothing may be done with the body then).
 * Constant-time: the comparison takes as long whichever byte differs.
 */
export function verifyPaystackSignature(rawBody: Buffer, signature: string | undefined, secretKey: string): string | null {
  if (signature === undefined) return null;
  const expected = signPaystackBody(rawBody, secretKey);
  const given = Buffer.from(signature.trim().toLowerCase(), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, Buffer.from(expected, 'utf8')) ? expected : null;
}

const envelopeSchema = z.object({ event: z.string().min(1).max(100), data: z.record(z.string(), z.unknown()) });

const invoiceSchema = z.object({
  invoice_code: z.string(),
  amount: z.number().int(),
  created_at: z.string().nullish(),
  subscription: subscriptionSchema.omit({ customer: true }),
  customer: customerSchema,
  authorization: subscriptionSchema.shape.authorization,
  transaction: z.object({ currency: z.string().nullish() }).nullish(),
});

const refundSchema = z.object({
  transaction_reference: z.string(),
  refund_reference: z.string().nullish(),
  id: z.union([z.number(), z.string()]).nullish(),
  amount: z.number().int(),
  currency: z.string(),
});

/**
 * A body whose signature held, read into an event. One Kora cannot read (an event it does not act
 * on, or a shape it does not know) is an 'other' event: recorded and answered 200, so Paystack does
 * not retry it forever.
 */
export function readPaystackWebhook(rawBody: Buffer): ProviderEvent {
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    json = null;
  }
  // Kora's key for an event it cannot read: the body itself, so only an exact replay matches.
  return readPaystackEvent(json, () => `sha256:${createHash('sha256').update(rawBody).digest('hex')}`);
}

/** A webhook's JSON (checked already, or recorded when it was) read into an event; `otherKey` keys one Kora does not act on. */
export function readPaystackEvent(json: unknown, otherKey: () => string): ProviderEvent {
  const envelope = envelopeSchema.safeParse(json);
  if (!envelope.success) return { type: 'other', event: 'unreadable', key: otherKey(), payload: json };
  const { event, data } = envelope.data;
  const other = () => ({ type: 'other' as const, event, key: otherKey(), payload: json });

  switch (event) {
    case 'charge.success': {
      const parsed = transactionSchema.safeParse(data);
      return parsed.success ? { type: 'payment', event, key: parsed.data.reference, payload: json, payment: toPayment(parsed.data) } : other();
    }
    case 'subscription.create':
    case 'subscription.not_renew':
    case 'subscription.disable': {
      const parsed = subscriptionSchema.safeParse(data);
      if (!parsed.success) return other();
      const type = event === 'subscription.create' ? 'subscription-created' : event === 'subscription.not_renew' ? 'subscription-ending' : 'subscription-disabled';
      return { type, event, key: parsed.data.subscription_code, payload: json, subscription: toSubscription(parsed.data) };
    }
    case 'invoice.payment_failed': {
      const parsed = invoiceSchema.safeParse(data);
      if (!parsed.success) return other();
      const invoice = parsed.data;
      const at = invoice.created_at ? new Date(invoice.created_at) : new Date();
      return {
        type: 'renewal-failed',
        event,
        key: invoice.invoice_code,
        payload: json,
        subscription: toSubscription({ ...invoice.subscription, customer: invoice.customer, authorization: invoice.authorization }),
        amount: invoice.amount,
        currency: invoice.transaction?.currency ?? 'NGN',
        at: Number.isNaN(at.getTime()) ? new Date() : at,
      };
    }
    case 'refund.processed': {
      const parsed = refundSchema.safeParse(data);
      if (!parsed.success) return other();
      const refund = parsed.data;
      return {
        type: 'refund',
        event,
        key: refund.refund_reference ?? `${refund.transaction_reference}:${refund.id ?? refund.amount}`,
        payload: json,
        transactionReference: refund.transaction_reference,
        amount: refund.amount,
        currency: refund.currency,
      };
    }
    default:
      return other();
  }
}
