import type { Subscription, Transaction } from '@kora/contracts';
import { resolveListenerPlan } from './listener-plan.js';
import type { TransactionRow } from './queries.js';
import type { SubscriptionState } from './subscription-state.js';

export function presentSubscription(state: SubscriptionState, now: Date): Subscription {
  return {
    subscriptionPlan: state.plan,
    subscriptionStatus: state.status,
    nextBillingDate: state.nextBillingDate?.toISOString() ?? null,
    paymentMethodType: state.paymentMethodType,
    paymentMethodLast4: state.paymentMethodLast4,
    paymentMethodBrand: state.paymentMethodBrand,
    renewal: state.renewal,
    graceEndsAt: state.graceEndsAt?.toISOString() ?? null,
    effectivePlan: resolveListenerPlan(state, now),
  };
}

export function presentTransaction(row: TransactionRow): Transaction {
  return {
    id: row.id,
    amount: row.amount,
    currency: row.currency,
    transactionType: row.transactionType,
    status: row.status,
    billingPeriod: row.billingPeriod,
    reference: row.reference,
    channel: row.channel,
    paidAt: row.paidAt?.toISOString() ?? null,
    periodEnd: row.periodEnd?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
