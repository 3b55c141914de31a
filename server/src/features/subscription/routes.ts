import { createTransactionRequestSchema, subscriptionUpdateRequestSchema } from '@kora/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseInput } from '../../http/validate.js';
import { currentUser } from '../auth/session-guard.js';
import type { SubscriptionService } from './service.js';

export async function subscriptionRoutes(app: FastifyInstance, { subscriptions }: { subscriptions: SubscriptionService }) {
  app.get('/api/user/subscription', async (request) => subscriptions.getSubscription(currentUser(request).id));

  // An upgrade and a charge wait for a confirmed e-mail address (features/account-email); a cancel does not.
  app.post('/api/user/subscription', { config: { needsConfirmedEmail: asksForPremium } }, async (request) => {
    const body = parseInput(subscriptionUpdateRequestSchema, request.body);
    return subscriptions.changeSubscription(currentUser(request).id, body);
  });

  app.get('/api/user/transactions', async (request) => subscriptions.listTransactions(currentUser(request).id));

  app.post('/api/user/transactions', { config: { needsConfirmedEmail: true } }, async (request, reply) => {
    const body = parseInput(createTransactionRequestSchema, request.body);
    return reply.status(201).send(await subscriptions.createTransaction(currentUser(request).id, body));
  });
}

function asksForPremium(request: FastifyRequest): boolean {
  return (request.body as { subscriptionPlan?: unknown } | null | undefined)?.subscriptionPlan === 'premium';
}
