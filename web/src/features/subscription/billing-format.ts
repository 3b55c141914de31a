import { DEMO_PAYMENT_LAST4, PREMIUM_TRANSACTION_TYPE, type Subscription, type Transaction } from '@kora/contracts';
import { formatNaira } from '../../ui/format-naira';

const dateFormat = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', year: 'numeric' });
const periodFormat = new Intl.DateTimeFormat('en-NG', { month: 'long', year: 'numeric', timeZone: 'UTC' });

export function formatBillingDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/** '2025-06' → 'June 2025'; anything else as it came. */
export function formatBillingPeriod(period: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(period);
  if (!match) return period;
  return periodFormat.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)));
}

/** Spec section 3: type subscription is shown as Premium Plan. */
export function describeTransaction(transaction: Transaction): string {
  return transaction.transactionType === PREMIUM_TRANSACTION_TYPE ? 'Premium Plan' : transaction.transactionType;
}

export type TransactionDisplayStatus = 'success' | 'pending' | 'failed';

/** Spec section 3: success and pending as they are, anything else shown as failed. */
export function displayStatus(status: string): TransactionDisplayStatus {
  return status === 'success' || status === 'pending' ? status : 'failed';
}

/** The amount in minor units divided by 100 for display: 300000 → '₦3,000'. */
export function formatAmount(transaction: Transaction): string {
  return transaction.currency === 'NGN' ? formatNaira(transaction.amount) : `${(transaction.amount / 100).toFixed(2)} ${transaction.currency}`;
}

const METHOD_NAMES: Record<Subscription['paymentMethodType'], string> = {
  bank_transfer: 'Bank Transfer',
  card: 'Card',
  ussd: 'USSD',
  pending: 'No payment method',
  none: 'No payment method',
};

export function hasPaymentMethod(subscription: Subscription): boolean {
  return subscription.paymentMethodType === 'bank_transfer' || subscription.paymentMethodType === 'card';
}

export function paymentMethodName(subscription: Subscription): string {
  return METHOD_NAMES[subscription.paymentMethodType];
}

/** The spec's fixed demo text ('•••• 1234'): Kora keeps no account or card digits. */
export function maskedPaymentDigits(subscription: Subscription): string {
  return `•••• ${subscription.paymentMethodLast4 ?? DEMO_PAYMENT_LAST4}`;
}

/** The plan card's status line. */
export function describeStatus(subscription: Subscription): string {
  if (subscription.subscriptionPlan === 'free') return 'Active';
  if (subscription.subscriptionStatus === 'canceled') return 'Canceled';
  if (subscription.subscriptionStatus === 'past_due') return 'Past due';
  return 'Active';
}
