import { PREMIUM_PRICE_MINOR, type Subscription } from '@kora/contracts';
import { useQuery } from '@tanstack/react-query';
import { formatNaira } from '../../ui/format-naira';
import { subscriptionQuery } from '../subscription/api';
import { RowButton, SettingGroup, SettingRow } from './setting-controls';

const dateFormat = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'long', year: 'numeric' });

function describePlan(subscription: Subscription): string {
  if (subscription.effectivePlan === 'free') return 'Free';
  if (subscription.subscriptionStatus === 'past_due' && subscription.graceEndsAt) {
    return `Premium · payment failed, kept until ${dateFormat.format(new Date(subscription.graceEndsAt))}`;
  }
  // A canceled subscription and a pass both end at the billing date.
  if ((subscription.subscriptionStatus === 'canceled' || subscription.renewal === 'none') && subscription.nextBillingDate) {
    return `Premium until ${dateFormat.format(new Date(subscription.nextBillingDate))}`;
  }
  return `Premium · ${formatNaira(PREMIUM_PRICE_MINOR)} a month`;
}

/** The plan row of the main view; Manage opens the subscription sub-view. */
export function PlanSettings({ onManage }: { onManage: () => void }) {
  const subscription = useQuery(subscriptionQuery);
  const planText = subscription.data
    ? describePlan(subscription.data)
    : subscription.isError
      ? 'Could not load your plan'
      : 'Loading...';

  return (
    <SettingGroup title="Subscription">
      <SettingRow label="Plan" description={planText}>
        <RowButton label="Manage" name="subscription" onClick={onManage} />
      </SettingRow>
    </SettingGroup>
  );
}
