import { PREMIUM_PRICE_MINOR, RECENT_BILLING_LIMIT, type Subscription } from '@kora/contracts';
import { CreditCard, Landmark } from 'lucide-react';
import { Button } from '../../ui/button';
import { formatNaira } from '../../ui/format-naira';
import { LoadError } from '../../ui/load-error';
import { LoadingRegion, Skeleton } from '../../ui/skeleton';
import { useTransactions } from './api';
import { describePaymentMethod, formatBillingDate, hasPaymentMethod } from './billing-format';
import { PanelCard } from './panel-card';
import type { SubscriptionNavigation } from './subscription-navigation';
import { TransactionList } from './transaction-list';

/**
 * Premium only: the payment method, with Setup Payment or Change leading to the payment-methods
 * view. A pass has nothing to change: it was paid once and ends.
 */
export function PaymentMethodCard({ subscription, onNavigate }: { subscription: Subscription; onNavigate: SubscriptionNavigation }) {
  const isSet = hasPaymentMethod(subscription);
  return (
    <PanelCard
      title="Payment Method"
      action={
        isSet &&
        subscription.renewal !== 'none' && (
          <Button variant="ghost" size="sm" onClick={() => onNavigate('payment-methods')}>
            Change
          </Button>
        )
      }
    >
      {isSet ? (
        <PaymentMethodSummary subscription={subscription} />
      ) : (
        <>
          <p className="text-sm text-ink-muted">Your {formatNaira(PREMIUM_PRICE_MINOR)} payment is waiting for a payment method.</p>
          <Button variant="secondary" onClick={() => onNavigate('payment-methods')}>
            Setup Payment
          </Button>
        </>
      )}
    </PanelCard>
  );
}

/** Premium only: the latest charges, with View All leading to the billing-history view. */
export function RecentBillingCard({ onNavigate }: { onNavigate: SubscriptionNavigation }) {
  const { data: transactions, isPending, isError, error, refetch } = useTransactions();
  return (
    <PanelCard
      title="Recent Billing"
      action={
        <Button variant="ghost" size="sm" onClick={() => onNavigate('billing-history')}>
          View All
        </Button>
      }
    >
      {isPending ? (
        <LoadingRegion label="Loading recent billing" className="grid gap-2">
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
        </LoadingRegion>
      ) : isError ? (
        <LoadError title="Could not load your billing" error={error} onRetry={() => void refetch()} as="p" />
      ) : (
        <TransactionList transactions={transactions.slice(0, RECENT_BILLING_LIMIT)} label="Recent billing" />
      )}
    </PanelCard>
  );
}

/** The method on file: a card by its brand and real last 4, a pass by how it was paid and when it ends. */
export function PaymentMethodSummary({ subscription }: { subscription: Subscription }) {
  const { name, digits } = describePaymentMethod(subscription);
  const Icon = subscription.paymentMethodType === 'card' ? CreditCard : Landmark;
  const detail =
    subscription.renewal === 'none' && subscription.nextBillingDate
      ? `One-off pass until ${formatBillingDate(subscription.nextBillingDate)}`
      : subscription.renewal === 'local'
        ? 'Paid by transfer each billing period'
        : subscription.subscriptionStatus === 'active'
          ? 'Charged automatically every month'
          : null;
  return (
    <div className="flex min-w-0 items-center gap-3">
      <span className="grid size-10 shrink-0 place-items-center rounded-control bg-overlay text-ink-muted">
        <Icon aria-hidden className="size-5" />
      </span>
      <div className="grid min-w-0">
        <p className="font-semibold">
          {name}
          {digits && <span className="ml-2 font-normal text-ink-muted tabular-nums">{digits}</span>}
        </p>
        {detail && <p className="text-sm text-ink-muted">{detail}</p>}
      </div>
    </div>
  );
}
