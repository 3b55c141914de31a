import { CHECKOUT_RETURN_PARAM, checkoutRequestSchema } from '@kora/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../http/validate.js';
import { currentUser } from '../auth/session-guard.js';
import type { BillingService } from './service.js';

// Paystack allows letters, digits, '-', '.' and '=' in a reference.
const referenceSchema = z.string({ error: 'reference is required' }).regex(/^[A-Za-z0-9.=-]{1,100}$/, 'reference is not a checkout reference');
const returnQuerySchema = z.object({ reference: referenceSchema, trxref: z.string().optional() });
const idSchema = z.object({ id: z.coerce.number({ error: 'id must be a number' }).int().positive('id must be a number').max(2_147_483_647) });

/** Where the provider's checkout sends the listener back: this server's own origin as the browser sees it. */
function returnUrl(request: FastifyRequest, publicOrigin: string | undefined): string {
  return `${publicOrigin ?? `${request.protocol}://${request.host}`}/api/billing/return`;
}

export async function billingRoutes(app: FastifyInstance, { billing, publicOrigin }: { billing: BillingService; publicOrigin: string | undefined }) {
  app.get('/api/billing/options', async () => billing.options());

  // A payment waits for a confirmed e-mail address (features/account-email): receipts go to it.
  app.post('/api/billing/checkout', { config: { needsConfirmedEmail: true } }, async (request, reply) => {
    const { method } = parseInput(checkoutRequestSchema, request.body);
    const user = currentUser(request);
    return reply.status(201).send(await billing.startCheckout(user, method, returnUrl(request, publicOrigin)));
  });

  // The provider's checkout redirects the listener here (Paystack adds ?trxref=&reference=). The
  // payment is verified with the provider before the app is told anything, and the app is told only
  // the checkout's status as the provider confirmed it.
  app.get('/api/billing/return', async (request, reply) => {
    const { reference } = parseInput(returnQuerySchema, request.query);
    const checkout = await billing.confirmCheckout(currentUser(request).id, reference);
    const query = new URLSearchParams({ [CHECKOUT_RETURN_PARAM]: checkout.status, reference });
    return reply.redirect(`/?${query}`, 303);
  });

  app.get<{ Params: { reference: string } }>('/api/billing/checkouts/:reference', async (request) =>
    billing.confirmCheckout(currentUser(request).id, parseInput(referenceSchema, request.params.reference)),
  );

  app.get('/api/billing/manage-link', async (request) => billing.cardManagementLink(currentUser(request).id));

  app.get<{ Params: { id: string } }>('/api/billing/receipts/:id', async (request) =>
    billing.receipt(currentUser(request).id, parseInput(idSchema, request.params).id),
  );
}

/**
 * Paystack's webhook: public (Paystack has no session) and cross-site (its servers are not a page of
 * ours), authenticated by the signature over the raw body alone. In its own plugin so the raw-body
 * parser applies to this route only.
 */
export async function paystackWebhookRoute(app: FastifyInstance, { billing }: { billing: BillingService }) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));

  app.post('/api/payments/paystack/webhook', { config: { public: true, crossSite: true } }, async (request) => {
    const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const signature = request.headers['x-paystack-signature'];
    const outcome = await billing.receiveWebhook(rawBody, typeof signature === 'string' ? signature : undefined);
    return { received: true, outcome };
  });
}
