import { PREMIUM_TRANSACTION_TYPE, type Subscription, type Transaction } from '@kora/contracts';
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

export type TransactionDisplayStatus = 'success' | 'pending' | 'failed' | 'refunded';

/** Spec section 3 with issue 17's refunds: success, pending and refunded as they are, anything else shown as failed. */
export function displayStatus(status: string): TransactionDisplayStatus {
  return status === 'success' || status === 'pending' || status === 'refunded' ? status : 'failed';
}

/** Only a completed payment has a receipt (a refunded one's says so). */
export function hasReceipt(transaction: Transaction): boolean {
  return (transaction.status === 'success' || transaction.status === 'refunded') && transaction.reference !== null;
}

/** The amount in minor units divided by 100 for display: 300000 → '₦3,000'. */
export function formatAmount(transaction: Pick<Transaction, 'amount' | 'currency'>): string {
  return transaction.currency === 'NGN' ? formatNaira(transaction.amount) : `${(transaction.amount / 100).toFixed(2)} ${transaction.currency}`;
}

const METHOD_NAMES: Record<Subscription['paymentMethodType'], string> = {
  bank_transfer: 'Bank Transfer',
  card: 'Card',
  ussd: 'USSD',
  pending: 'No payment method',
  none: 'No payment method',
};

const CARD_BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', verve: 'Verve', 'american express': 'American Express' };

export function hasPaymentMethod(subscription: Subscription): boolean {
  const type = subscription.paymentMethodType;
  return type === 'bank_transfer' || type === 'card' || type === 'ussd';
}

/**
 * The payment method as the listener knows it: a card by its brand and real last 4 digits from
 * the payment provider, or the way a pass was paid. No digits are shown that are not theirs.
 */
export function describePaymentMethod(subscription: Subscription): { name: string; digits: string | null } {
  if (subscription.paymentMethodType !== 'card') return { name: METHOD_NAMES[subscription.paymentMethodType], digits: null };
  const brand = subscription.paymentMethodBrand?.trim().toLowerCase();
  const name = brand ? (CARD_BRANDS[brand] ?? `${brand.charAt(0).toUpperCase()}${brand.slice(1)}`) : 'Card';
  return { name, digits: subscription.paymentMethodLast4 ? `•••• ${subscription.paymentMethodLast4}` : null };
}

/** The plan card's status line. */
export function describeStatus(subscription: Subscription): string {
  if (subscription.subscriptionPlan === 'free') return 'Active';
  if (subscription.subscriptionStatus === 'canceled') return 'Canceled';
  if (subscription.subscriptionStatus === 'past_due') return 'Past due';
  return 'Active';
}
