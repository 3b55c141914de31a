import { randomBytes } from 'node:crypto';
import {
  type BillingOptions,
  CHECKOUT_METHODS,
  type Checkout,
  type CheckoutStart,
  PREMIUM_CURRENCY,
  PREMIUM_PASS_DAYS,
  PREMIUM_PRICE_MINOR,
  type Receipt,
} from '@kora/contracts';
import { Conflict, HttpError, NotFound, ServiceUnavailable, Unauthorized } from '../../http/errors.js';
import { formatBillingDate } from '../subscription/subscription-notices.js';
import { resolveListenerPlan } from '../subscription/listener-plan.js';
import { settleSubscription } from '../subscription/subscription-lapse.js';
import { FREE_SUBSCRIPTION, type SubscriptionState } from '../subscription/subscription-state.js';
import { applyConfirmedPayment, applyEvent, paymentTarget, targetOf } from './event-effects.js';
import { type CheckoutChannel, type PaymentProvider, PaymentProviderError } from './payment-provider.js';
import type { BillingQueries, CheckoutRow } from './queries.js';

export const PAYMENTS_NOT_CONFIGURED_MESSAGE = 'Card payments are not configured on this server.';
export const INVALID_SIGNATURE_MESSAGE = 'The webhook signature is missing or wrong.';

type Deps = {
  queries: BillingQueries;
  /** Absent without PAYSTACK_SECRET_KEY: no checkout, and Upgrade keeps the local flow. */
  provider: PaymentProvider | undefined;
  businessName: string;
  /** The stored subscription (undefined for an account from before subscriptions), for the checkout's checks. */
  findSubscription: (userId: number) => Promise<SubscriptionState | undefined>;
  now?: () => Date;
};

const RECORDED_BODIES_KEPT = 10_000;

/** The webhook bodies (by signature) this process recorded, the last `limit` of them, and those it is recording now. */
function createBodyMemory(limit: number) {
  const recorded = new Set<string>();
  const recording = new Map<string, Promise<unknown>>();
  return {
    /** Whether the body is recorded: already, or once its delivery in progress is (false if that one fails). */
    async wasRecorded(body: string): Promise<boolean> {
      if (recorded.has(body)) return true;
      const inProgress = recording.get(body);
      return inProgress ? inProgress.then(() => true, () => false) : false;
    },

    async record<T>(body: string, work: Promise<T>): Promise<T> {
      recording.set(body, work);
      try {
        const result = await work;
        recorded.add(body);
        if (recorded.size > limit) recorded.delete(recorded.values().next().value!);
        return result;
      } finally {
        if (recording.get(body) === work) recording.delete(body);
      }
    },
  };
}

/** A provider that failed or refused a call: the listener's request fails with 502 and nothing changes. */
class BadGateway extends HttpError {
  constructor(message: string) {
    super(502, message);
  }
}

async function askProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PaymentProviderError) throw new BadGateway(`The payment provider could not do that: ${error.message}`);
    throw error;
  }
}

/**
 * Payments (issue 17): checkouts on the provider's page under Kora's references, the listener's
 * return verified with the provider before anything shows as paid, webhook events applied once
 * each, cancel and card management through the provider, and receipts. The provider is the source
 * of truth for what was paid; the server is the only judge of price, term and status.
 */
export function createBillingService({ queries, provider, businessName, findSubscription, now = () => new Date() }: Deps) {
  // A retry of a body this process recorded or is recording (Paystack's, or a replay) is a duplicate
  // answered without reading it or asking the database. Only a shortcut: a body it does not know is
  // recorded once by the database, as from any other process.
  const webhookBodies = createBodyMemory(RECORDED_BODIES_KEPT);

  function requireProvider(): PaymentProvider {
    if (!provider) throw new ServiceUnavailable(PAYMENTS_NOT_CONFIGURED_MESSAGE);
    return provider;
  }

  async function checkCanStart(userId: number, method: CheckoutChannel): Promise<void> {
    const at = now();
    const state = settleSubscription((await findSubscription(userId)) ?? FREE_SUBSCRIPTION, at).state;
    if (resolveListenerPlan(state, at) !== 'premium') return;
    const until = formatBillingDate(state.nextBillingDate);
    if (state.renewal === 'provider' && state.status !== 'canceled') {
      throw new Conflict('Your card subscription already renews Premium every month.');
    }
    if (method === 'card') throw new Conflict(`You have Premium until ${until}; you can subscribe by card from then.`);
  }

  return {
    options(): BillingOptions {
      return {
        paymentsConfigured: provider !== undefined,
        methods: provider ? [...CHECKOUT_METHODS] : [],
        amount: PREMIUM_PRICE_MINOR,
        currency: PREMIUM_CURRENCY,
        passDays: PREMIUM_PASS_DAYS,
      };
    },

    /** Nothing is stored unless the provider accepted the checkout. */
    async startCheckout(user: { id: number; email: string }, method: CheckoutChannel, callbackUrl: string): Promise<CheckoutStart> {
      const payments = requireProvider();
      await checkCanStart(user.id, method);
      // Paystack allows letters, digits, '-', '.' and '='; 24 random hex digits cannot be guessed.
      const reference = `kora-${randomBytes(12).toString('hex')}`;
      const kind = method === 'card' ? 'subscription' : 'pass';
      const checkout = { reference, email: user.email, amount: PREMIUM_PRICE_MINOR, currency: PREMIUM_CURRENCY, channel: method };
      const { authorizationUrl } = await askProvider(() => payments.startCheckout({ ...checkout, subscribe: kind === 'subscription', callbackUrl }));
      await queries.insertCheckout({ ...checkout, userId: user.id, kind });
      return { reference, authorizationUrl };
    },

    /**
     * The listener's checkout as the provider reports it: while it is pending, the provider is asked
     * (GET /transaction/verify) and a success applied, so returning from the checkout page, or
     * visiting the return URL without paying, shows only what the provider confirms.
     */
    async confirmCheckout(userId: number, reference: string): Promise<Checkout> {
      const payments = requireProvider();
      const found = await queries.findCheckout(userId, reference);
      if (!found) throw new NotFound('No such checkout.');
      // An abandoned checkout can still be paid: its page stays open on the provider's side.
      if (found.status === 'pending' || found.status === 'abandoned') {
        const payment = await askProvider(() => payments.verifyPayment(reference));
        if (payment) {
          await queries.inTransaction(paymentTarget(payment), (tx, listener) => applyConfirmedPayment(tx, payment, listener, now(), payments.readRecordedEvent));
        }
      }
      return presentCheckout((await queries.findCheckout(userId, reference))!);
    },

    /** A webhook: refused with 401 (and nothing recorded) unless its signature holds; else recorded once and applied once. */
    async receiveWebhook(rawBody: Buffer, signature: string | undefined) {
      const payments = requireProvider();
      const body = payments.verifyWebhook(rawBody, signature);
      if (body === null) throw new Unauthorized(INVALID_SIGNATURE_MESSAGE);
      if (await webhookBodies.wasRecorded(body)) return 'duplicate';
      const event = payments.readWebhook(rawBody);
      const recorded = { event: event.event, reference: event.key, payload: event.payload };
      return webhookBodies.record(
        body,
        queries.onceForEvent(recorded, targetOf(event), (tx, listener) => applyEvent(tx, event, listener, now(), payments.readRecordedEvent)),
      );
    },

    /** Before a card subscription is canceled here, the provider stops renewing it; if it cannot, nothing changes. */
    async stopRenewal(userId: number): Promise<void> {
      const payments = requireProvider();
      const subscription = await queries.findRenewingSubscription(userId);
      if (!subscription?.emailToken) {
        throw new Conflict('The payment provider has not confirmed your subscription yet. Please try again in a minute.');
      }
      await askProvider(() => payments.disableSubscription(subscription.code, subscription.emailToken!));
    },

    async cardManagementLink(userId: number): Promise<{ url: string }> {
      const payments = requireProvider();
      const subscription = await queries.findRenewingSubscription(userId);
      if (!subscription) throw new NotFound('You have no card subscription whose card can be changed.');
      return { url: await askProvider(() => payments.cardManagementLink(subscription.code)) };
    },

    async receipt(userId: number, transactionId: number): Promise<Receipt> {
      const row = await queries.findTransaction(userId, transactionId);
      if (!row || (row.status !== 'success' && row.status !== 'refunded') || !row.reference || !row.paidAt || !row.periodEnd) {
        throw new NotFound('Only a completed payment has a receipt.');
      }
      return {
        transactionId: row.id,
        businessName,
        reference: row.reference,
        description: row.channel === 'card' ? 'Kora Premium, monthly subscription' : `Kora Premium, ${PREMIUM_PASS_DAYS}-day pass`,
        amount: row.amount,
        currency: row.currency,
        billingPeriod: row.billingPeriod,
        periodStart: (row.periodStart ?? row.paidAt).toISOString(),
        periodEnd: row.periodEnd.toISOString(),
        paidAt: row.paidAt.toISOString(),
        channel: row.channel ?? 'card',
        customerEmail: row.email,
        status: row.status,
      };
    },
  };
}

function presentCheckout(row: CheckoutRow): Checkout {
  return {
    reference: row.reference,
    kind: row.kind,
    method: row.channel,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    createdAt: row.createdAt.toISOString(),
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
