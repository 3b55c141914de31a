import { PREMIUM_PRICE_MINOR, type Subscription } from '@kora/contracts';
import { Crown } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/dialog';
import { formatNaira } from '../../ui/format-naira';
import { useSubscriptionChange } from './api';
import { describeStatus, formatBillingDate } from './billing-format';
import { PanelCard } from './panel-card';
import { StatusPill } from './status-pill';
import { SUBSCRIPTION_TOASTS } from './subscription-messages';

interface CurrentPlanCardProps {
  subscription: Subscription;
  onUpgrade: () => void;
  isUpgrading: boolean;
}

/** The plan the listener holds: Upgrade to Premium on free, Cancel Subscription on an active premium. */
export function CurrentPlanCard({ subscription, onUpgrade, isUpgrading }: CurrentPlanCardProps) {
  const premium = subscription.subscriptionPlan === 'premium';
  const status = describeStatus(subscription);
  return (
    <PanelCard title="Current Plan">
      <div className="flex min-w-0 items-center gap-3">
        <span className="grid size-11 shrink-0 place-items-center rounded-full bg-gold-400/15 text-gold-400">
          <Crown aria-hidden className="size-5" />
        </span>
        <div className="grid min-w-0 flex-1 gap-0.5">
          <div className="flex flex-wrap items-center gap-2">
            <p className="text-lg font-bold">{premium ? 'Premium' : 'Free'}</p>
            <StatusPill tone={status === 'Active' ? 'good' : status === 'Canceled' ? 'quiet' : 'bad'}>{status}</StatusPill>
          </div>
          <p className="text-sm text-ink-muted">{premium ? `${formatNaira(PREMIUM_PRICE_MINOR)}/month` : `${formatNaira(0)}/month`}</p>
        </div>
      </div>
      <BillingDateLine subscription={subscription} />
      {premium ? (
        subscription.subscriptionStatus === 'active' && <CancelSubscriptionButton subscription={subscription} />
      ) : (
        <Button onClick={onUpgrade} disabled={isUpgrading}>
          {isUpgrading ? 'Upgrading...' : 'Upgrade to Premium'}
        </Button>
      )}
    </PanelCard>
  );
}

function BillingDateLine({ subscription }: { subscription: Subscription }) {
  if (subscription.subscriptionPlan !== 'premium' || !subscription.nextBillingDate) return null;
  const date = formatBillingDate(subscription.nextBillingDate);
  if (subscription.subscriptionStatus === 'canceled') {
    return (
      <p className="rounded-control bg-overlay px-3 py-2 text-sm text-ink-muted">
        Premium stays yours until <span className="font-semibold text-ink">{date}</span>, then you move to Free.
      </p>
    );
  }
  return (
    <p className="text-sm text-ink-muted">
      Next billing date: <span className="font-semibold text-ink">{date}</span>
    </p>
  );
}

function CancelSubscriptionButton({ subscription }: { subscription: Subscription }) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useSubscriptionChange({ success: SUBSCRIPTION_TOASTS.canceled, failure: SUBSCRIPTION_TOASTS.cancelFailed });
  const until = subscription.nextBillingDate ? formatBillingDate(subscription.nextBillingDate) : 'your billing date';

  function handleConfirm() {
    cancel.mutate({ subscriptionStatus: 'canceled' }, { onSettled: () => setConfirming(false) });
  }

  return (
    <>
      <Button variant="outline" onClick={() => setConfirming(true)}>
        Cancel Subscription
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Cancel Premium?"
        description={`You keep Premium features until ${until}. After that you move to the Free plan and are not billed again.`}
        confirmLabel="Cancel Subscription"
        pendingLabel="Canceling..."
        isPending={cancel.isPending}
        onConfirm={handleConfirm}
      />
    </>
  );
}
