import { createHash } from 'node:crypto';
import { PREMIUM_CURRENCY, PREMIUM_PRICE_MINOR } from '@kora/contracts';
import { z } from 'zod';
import type { PaystackSettings } from '../../../config.js';
import { type CheckoutInput, type PaymentProvider, PaymentProviderError, type ProviderPayment } from '../payment-provider.js';
import { envelopeSchema, planListSchema, toPayment, transactionSchema } from './paystack-shapes.js';
import { readPaystackEvent, readPaystackWebhook, verifyPaystackSignature } from './paystack-webhook.js';

/** The plan Kora subscribes card payers to: found by these values, created once when missing. */
export const PREMIUM_PLAN = { name: 'Kora Premium', amount: PREMIUM_PRICE_MINOR, interval: 'monthly', currency: PREMIUM_CURRENCY } as const;

const REQUEST_TIMEOUT_MS = 15_000;

/**
 * Paystack's API (https://paystack.com/docs/api, shapes in ../shared/paystack/paystack.yaml) as
 * Kora's payment provider. Every call carries the secret key; an answer that is not 2xx with
 * `status: true` becomes a PaymentProviderError with Paystack's message.
 */
export function createPaystackProvider(settings: PaystackSettings, fetchImpl: typeof fetch = fetch): PaymentProvider {
  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; data: unknown }> {
    let response: Response;
    try {
      response = await fetchImpl(`${settings.apiUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${settings.secretKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new PaymentProviderError(`Paystack could not be reached (${(error as Error).message}).`);
    }
    const json = envelopeSchema.safeParse(await response.json().catch(() => null));
    if (!json.success) throw new PaymentProviderError(`Paystack answered ${method} ${path} with ${response.status} and no readable body.`);
    if (!response.ok || !json.data.status) {
      return { status: response.status, data: new PaymentProviderError(json.data.message ?? `Paystack answered ${response.status}.`) };
    }
    return { status: response.status, data: json.data.data };
  }

  async function ok(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    const { data } = await call(method, path, body);
    if (data instanceof PaymentProviderError) throw data;
    return data;
  }

  let plan: Promise<string> | undefined;
  function preparePlan(): Promise<string> {
    // One lookup per process; a failed one is tried again by the next checkout.
    plan ??= findOrCreatePlan().catch((error: unknown) => {
      plan = undefined;
      throw error instanceof PaymentProviderError ? error : new PaymentProviderError(`Paystack's plans could not be read (${String(error)}).`);
    });
    return plan;
  }

  async function findOrCreatePlan(): Promise<string> {
    const query = new URLSearchParams({ amount: String(PREMIUM_PLAN.amount), interval: PREMIUM_PLAN.interval, perPage: '100' });
    const plans = planListSchema.parse(await ok('GET', `/plan?${query}`));
    const existing = plans.find(
      (p) =>
        p.name === PREMIUM_PLAN.name &&
        p.amount === PREMIUM_PLAN.amount &&
        p.interval === PREMIUM_PLAN.interval &&
        p.currency === PREMIUM_PLAN.currency &&
        !p.is_deleted &&
        !p.is_archived,
    );
    if (existing) return existing.plan_code;
    const created = z.object({ plan_code: z.string() }).parse(await ok('POST', '/plan', { ...PREMIUM_PLAN, description: 'Kora Premium, ₦3,000 a month' }));
    return created.plan_code;
  }

  return {
    preparePlan,

    async startCheckout(input: CheckoutInput) {
      const body = {
        email: input.email,
        amount: input.amount,
        currency: input.currency,
        reference: input.reference,
        callback_url: input.callbackUrl,
        channels: [input.channel === 'bank_transfer' ? 'bank_transfer' : input.channel],
        ...(input.subscribe ? { plan: await preparePlan() } : {}),
        metadata: { kora_checkout: input.reference },
      };
      const data = z.object({ authorization_url: z.string().url(), reference: z.string() }).parse(await ok('POST', '/transaction/initialize', body));
      if (data.reference !== input.reference) throw new PaymentProviderError('Paystack answered for another reference.');
      return { authorizationUrl: data.authorization_url };
    },

    async verifyPayment(reference: string): Promise<ProviderPayment | null> {
      const { status, data } = await call('GET', `/transaction/verify/${encodeURIComponent(reference)}`);
      if (data instanceof PaymentProviderError) {
        if (status === 404 || status === 400) return null;
        throw data;
      }
      const parsed = transactionSchema.safeParse(data);
      if (!parsed.success) throw new PaymentProviderError('Paystack answered a verification Kora cannot read.');
      return toPayment(parsed.data);
    },

    async disableSubscription(code: string, emailToken: string) {
      await ok('POST', '/subscription/disable', { code, token: emailToken });
    },

    async cardManagementLink(code: string) {
      const data = z.object({ link: z.string().url() }).parse(await ok('GET', `/subscription/${encodeURIComponent(code)}/manage/link`));
      return data.link;
    },

    verifyWebhook(rawBody, signature) {
      return verifyPaystackSignature(rawBody, signature, settings.secretKey);
    },

    readWebhook: readPaystackWebhook,

    readRecordedEvent(payload) {
      return readPaystackEvent(payload, () => `sha256:${createHash('sha256').update(JSON.stringify(payload)).digest('hex')}`);
    },
  };
}
