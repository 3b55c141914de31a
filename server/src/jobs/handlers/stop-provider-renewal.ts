import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { paymentSubscriptions } from '../../db/schema.js';
import type { PaymentProvider } from '../../features/billing/payment-provider.js';
import type { JobHandler } from '../worker.js';

/** Payload { code }, enqueued with the refund that ended the term the subscription renews (features/billing). */
export const STOP_PROVIDER_RENEWAL_JOB = 'stop-provider-renewal';

/** Paystack may be down for a while: 10 s, 40 s, 160 s, then every 10 minutes, about an hour in all. */
export const STOP_PROVIDER_RENEWAL_ATTEMPTS = 9;

const payloadSchema = z.object({ code: z.string().min(1) });

/**
 * 'stop-provider-renewal' ({ code }): asks the provider to disable a card subscription Kora no
 * longer honours, so it does not charge the listener again. A job rather than a call in the webhook,
 * so a provider that cannot be reached is asked again later, and the refund is applied meanwhile.
 */
export function createStopProviderRenewalHandler({ db, provider }: { db: Db; provider: PaymentProvider }): JobHandler {
  return {
    async run(payload) {
      const { code } = payloadSchema.parse(payload);
      const [subscription] = await db
        .select({ emailToken: paymentSubscriptions.emailToken })
        .from(paymentSubscriptions)
        .where(eq(paymentSubscriptions.code, code));
      // The token comes with the provider's subscription events; a later attempt may find it.
      if (!subscription?.emailToken) throw new Error(`The provider has not given the e-mail token of ${code} yet.`);
      await provider.disableSubscription(code, subscription.emailToken);
      return { disabled: code };
    },
  };
}
