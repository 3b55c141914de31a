import { PREMIUM_PASS_DAYS, PREMIUM_PRICE_MINOR, type Subscription } from '@kora/contracts';
import { Crown } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/dialog';
import { formatNaira } from '../../ui/format-naira';
import { useSubscriptionChange } from './api';
import { useOpenCardManagement } from './billing-api';
import { describeStatus, formatBillingDate } from './billing-format';
import { PanelCard } from './panel-card';
import { StatusPill } from './status-pill';
import { SUBSCRIPTION_TOASTS } from './subscription-messages';
import { isPassEndingSoon } from './upgrade-choices';
import { openUpgradeSheet } from './upgrade-sheet-state';

/**
 * The plan the listener holds: Upgrade to Premium on free; on premium, when it renews or ends,
 * Cancel Subscription while something renews it, a past due's grace with Update card, and a
 * pass's end with Renew in its last days.
 */
export function CurrentPlanCard({ subscription }: { subscription: Subscription }) {
  const premium = subscription.subscriptionPlan === 'premium';
  const pass = premium && subscription.renewal === 'none';
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
          <p className="text-sm text-ink-muted">
            {pass
              ? `${formatNaira(PREMIUM_PRICE_MINOR)} · ${PREMIUM_PASS_DAYS}-day pass`
              : `${formatNaira(premium ? PREMIUM_PRICE_MINOR : 0)}/month`}
          </p>
        </div>
      </div>
      <BillingDateLine subscription={subscription} />
      {!premium && <Button onClick={openUpgradeSheet}>Upgrade to Premium</Button>}
      {subscription.subscriptionStatus === 'past_due' && <UpdateCardButton />}
      {pass && isPassEndingSoon(subscription, new Date()) && <Button onClick={openUpgradeSheet}>Renew</Button>}
      {premium && !pass && subscription.subscriptionStatus === 'active' && <CancelSubscriptionButton subscription={subscription} />}
    </PanelCard>
  );
}

function BillingDateLine({ subscription }: { subscription: Subscription }) {
  if (subscription.subscriptionPlan !== 'premium' || !subscription.nextBillingDate) return null;
  const date = formatBillingDate(subscription.nextBillingDate);
  if (subscription.subscriptionStatus === 'past_due') {
    const until = subscription.graceEndsAt ? formatBillingDate(subscription.graceEndsAt) : date;
    return (
      <p role="alert" className="rounded-control bg-coral-900 px-3 py-2 text-sm text-coral-300">
        Your renewal payment failed. Premium stays until <span className="font-semibold text-ink">{until}</span>; update your
        card to keep it.
      </p>
    );
  }
  if (subscription.renewal === 'none') {
    return (
      <p className="text-sm text-ink-muted">
        Premium until <span className="font-semibold text-ink">{date}</span>. A pass never renews by itself.
      </p>
    );
  }
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

/** A card subscription's card is changed on the payment provider's own page. */
function UpdateCardButton() {
  const manage = useOpenCardManagement();
  const leaving = manage.isPending || manage.isSuccess;
  return (
    <Button onClick={() => manage.mutate()} disabled={leaving}>
      {leaving ? 'Opening Paystack...' : 'Update card'}
    </Button>
  );
}
