import type { Subscription } from '@kora/contracts';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/dialog';
import { LoadError } from '../../ui/load-error';
import { LoadingRegion, Skeleton } from '../../ui/skeleton';
import { isPremium, subscriptionQuery, useSubscriptionChange, useTransactions } from './api';
import { billingOptionsQuery, useOpenCardManagement } from './billing-api';
import { hasPaymentMethod } from './billing-format';
import { CurrentPlanCard } from './current-plan-card';
import { PanelCard } from './panel-card';
import { PlansList } from './plans-list';
import { PaymentMethodCard, PaymentMethodSummary, RecentBillingCard } from './premium-cards';
import type { SubscriptionNavigation } from './subscription-navigation';
import { SUBSCRIPTION_TOASTS } from './subscription-messages';
import { TransactionList } from './transaction-list';
import { UpgradeBanner } from './upgrade-banner';
import { openUpgradeSheet } from './upgrade-sheet-state';

export type { SubscriptionView } from './subscription-navigation';

/** The Settings dialog's subscription sub-view; onNavigate opens the payment-methods or billing-history one. */
export function SubscriptionPanel({ onNavigate }: { onNavigate: SubscriptionNavigation }) {
  return (
    <WithSubscription>
      {(subscription) => (
        <div className="grid gap-4">
          <CurrentPlanCard subscription={subscription} />
          {isPremium(subscription) ? (
            <>
              <PaymentMethodCard subscription={subscription} onNavigate={onNavigate} />
              <RecentBillingCard onNavigate={onNavigate} />
            </>
          ) : (
            <UpgradeBanner />
          )}
          <PlansList subscription={subscription} />
        </div>
      )}
    </WithSubscription>
  );
}

/**
 * With a payment provider: the card on file, changed on the provider's page, or the pass. Without
 * one: sets up a bank transfer, or removes the method on file.
 */
export function PaymentMethodsPanel() {
  const options = useQuery(billingOptionsQuery);
  return (
    <WithSubscription>
      {(subscription) =>
        options.isPending ? (
          <PanelSkeleton label="Loading your payment methods" />
        ) : options.isError ? (
          <LoadError title="Could not load your payment methods" error={options.error} onRetry={() => void options.refetch()} as="p" />
        ) : options.data.paymentsConfigured ? (
          <ProviderPaymentMethods subscription={subscription} />
        ) : (
          <PaymentMethods subscription={subscription} />
        )
      }
    </WithSubscription>
  );
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
        <PaymentMethodSummary subscription={subscription} />
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
        <p className="text-sm text-ink-subtle">Card payments are not configured on this server.</p>
      </PanelCard>
    </div>
  );
}

function ProviderPaymentMethods({ subscription }: { subscription: Subscription }) {
  const manage = useOpenCardManagement();
  const leaving = manage.isPending || manage.isSuccess;
  if (!isPremium(subscription) || !hasPaymentMethod(subscription)) {
    return (
      <PanelCard title="Payment Method">
        <p className="text-sm text-ink-muted">Pay for Premium by card, bank transfer or USSD when you upgrade.</p>
        <Button onClick={openUpgradeSheet}>Upgrade to Premium</Button>
      </PanelCard>
    );
  }
  if (subscription.renewal === 'none') {
    return (
      <PanelCard title="Payment Method">
        <PaymentMethodSummary subscription={subscription} />
        <p className="text-sm text-ink-muted">A pass is paid once and never renews, so there is nothing to change.</p>
      </PanelCard>
    );
  }
  return (
    <PanelCard title="Payment Method">
      <PaymentMethodSummary subscription={subscription} />
      <p className="text-sm text-ink-muted">You change your card on Paystack's secure page. Kora never sees your card number.</p>
      <Button variant="secondary" disabled={leaving} onClick={() => manage.mutate()}>
        {leaving ? 'Opening Paystack...' : 'Change payment method'}
      </Button>
    </PanelCard>
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
