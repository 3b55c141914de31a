import type { Subscription } from '@kora/contracts';
import { useQuery } from '@tanstack/react-query';
import { Landmark } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/dialog';
import { LoadError } from '../../ui/load-error';
import { LoadingRegion, Skeleton } from '../../ui/skeleton';
import { isPremium, subscriptionQuery, useSubscriptionChange, useTransactions } from './api';
import { hasPaymentMethod, maskedPaymentDigits, paymentMethodName } from './billing-format';
import { CurrentPlanCard } from './current-plan-card';
import { PanelCard } from './panel-card';
import { PlansList } from './plans-list';
import { PaymentMethodCard, RecentBillingCard } from './premium-cards';
import type { SubscriptionNavigation } from './subscription-navigation';
import { SUBSCRIPTION_TOASTS } from './subscription-messages';
import { TransactionList } from './transaction-list';
import { UpgradeBanner } from './upgrade-banner';

export type { SubscriptionView } from './subscription-navigation';

/** The Settings dialog's subscription sub-view; onNavigate opens the payment-methods or billing-history one. */
export function SubscriptionPanel({ onNavigate }: { onNavigate: SubscriptionNavigation }) {
  const upgrade = useSubscriptionChange({ success: SUBSCRIPTION_TOASTS.upgraded, failure: SUBSCRIPTION_TOASTS.upgradeFailed });
  const handleUpgrade = () => upgrade.mutate({ subscriptionPlan: 'premium', subscriptionStatus: 'active' });

  return (
    <WithSubscription>
      {(subscription) => (
        <div className="grid gap-4">
          <CurrentPlanCard subscription={subscription} onUpgrade={handleUpgrade} isUpgrading={upgrade.isPending} />
          {isPremium(subscription) ? (
            <>
              <PaymentMethodCard subscription={subscription} onNavigate={onNavigate} />
              <RecentBillingCard onNavigate={onNavigate} />
            </>
          ) : (
            <UpgradeBanner onUpgrade={handleUpgrade} isUpgrading={upgrade.isPending} />
          )}
          <PlansList subscription={subscription} />
        </div>
      )}
    </WithSubscription>
  );
}

/** Sets up a bank transfer, or removes the method on file. */
export function PaymentMethodsPanel() {
  return <WithSubscription>{(subscription) => <PaymentMethods subscription={subscription} />}</WithSubscription>;
}

/** Every charge, newest first (premium only: transactions are fetched only for premium users). */
export function BillingHistoryPanel() {
  const { data: transactions, isPending, isError, error, refetch } = useTransactions();
  const { data: subscription } = useQuery(subscriptionQuery);
  if (subscription && !isPremium(subscription)) return <TransactionList transactions={[]} label="Billing history" />;
  if (isPending) return <PanelSkeleton label="Loading your billing history" />;
  if (isError) return <LoadError title="Could not load your billing history" error={error} onRetry={() => void refetch()} as="p" />;
  return <TransactionList transactions={transactions} label="Billing history" />;
}

function PaymentMethods({ subscription }: { subscription: Subscription }) {
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const setup = useSubscriptionChange({ success: SUBSCRIPTION_TOASTS.bankTransferSetup, failure: SUBSCRIPTION_TOASTS.setupFailed });
  const removal = useSubscriptionChange({ success: SUBSCRIPTION_TOASTS.paymentMethodRemoved, failure: SUBSCRIPTION_TOASTS.upgradeFailed });

  if (hasPaymentMethod(subscription)) {
    // A premium waits for a new method; a free plan simply has none.
    const emptied = isPremium(subscription) ? 'pending' : 'none';
    return (
      <PanelCard title="Payment Method">
        <div className="flex min-w-0 items-center gap-3">
          <span className="grid size-10 shrink-0 place-items-center rounded-control bg-overlay text-ink-muted">
            <Landmark aria-hidden className="size-5" />
          </span>
          <div className="grid min-w-0 flex-1">
            <p className="font-semibold">{paymentMethodName(subscription)}</p>
            <p className="text-sm text-ink-muted tabular-nums">{maskedPaymentDigits(subscription)}</p>
          </div>
        </div>
        <Button variant="outline" onClick={() => setConfirmingRemoval(true)}>
          Remove Payment Method
        </Button>
        <ConfirmDialog
          open={confirmingRemoval}
          onOpenChange={setConfirmingRemoval}
          title="Remove payment method?"
          description="Premium then waits for a new payment method; without one it ends at your next billing date."
          confirmLabel="Remove"
          pendingLabel="Removing..."
          isPending={removal.isPending}
          onConfirm={() => removal.mutate({ paymentMethodType: emptied }, { onSettled: () => setConfirmingRemoval(false) })}
        />
      </PanelCard>
    );
  }

  return (
    <div className="grid gap-3">
      <PanelCard title="Bank Transfer">
        <p className="text-sm text-ink-muted">
          Pay for Premium by bank transfer each billing period. Your payments show as pending until they arrive.
        </p>
        {isPremium(subscription) ? (
          <Button disabled={setup.isPending} onClick={() => setup.mutate({ paymentMethodType: 'bank_transfer' })}>
            {setup.isPending ? 'Setting up...' : 'Set Up Bank Transfer'}
          </Button>
        ) : (
          <p className="text-sm text-ink-subtle">Payment methods are for Premium. Upgrade to Premium first.</p>
        )}
      </PanelCard>
      <PanelCard title="Debit Card">
        <p className="text-sm text-ink-subtle">Card payments are not available yet.</p>
      </PanelCard>
    </div>
  );
}

/** Loads the subscription for a panel: a skeleton while it comes, a retry when it fails. */
function WithSubscription({ children }: { children: (subscription: Subscription) => ReactNode }) {
  const { data, isPending, isError, error, refetch } = useQuery(subscriptionQuery);
  if (isPending) return <PanelSkeleton label="Loading your subscription" />;
  if (isError) return <LoadError title="Could not load your subscription" error={error} onRetry={() => void refetch()} as="p" />;
  return children(data);
}

function PanelSkeleton({ label }: { label: string }) {
  return (
    <LoadingRegion label={label} className="grid gap-4">
      <Skeleton className="h-36 rounded-card" />
      <Skeleton className="h-24 rounded-card" />
    </LoadingRegion>
  );
}
