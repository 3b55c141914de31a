import { BILLING_PERIOD_DAYS, type BillingOptions, PREMIUM_PRICE_MINOR, type Subscription } from '@kora/contracts';
import { useQuery } from '@tanstack/react-query';
import { Check, Info } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { Modal } from '../../ui/dialog';
import { formatNaira } from '../../ui/format-naira';
import { LoadError } from '../../ui/load-error';
import { LoadingRegion, Skeleton } from '../../ui/skeleton';
import { ConfirmEmailNotice } from '../account-email/confirm-email-notice';
import { useAuth } from '../auth/use-auth';
import { subscriptionQuery, useSubscriptionChange } from './api';
import { billingOptionsQuery, useStartCheckout } from './billing-api';
import { formatBillingDate } from './billing-format';
import { PREMIUM_FEATURES } from './plans-list';
import { SUBSCRIPTION_TOASTS } from './subscription-messages';
import { type CheckoutMethod, defaultChoice, isRunningPass, upgradeChoices } from './upgrade-choices';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Upgrading is a decision: the price, what Premium gives, the billing date and the ways to pay,
 * and nothing is created until the listener confirms. With a payment provider the browser then
 * goes to its checkout; without one, the server's local upgrade (a pending charge) is kept.
 */
export function UpgradeSheet({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const options = useQuery(billingOptionsQuery);
  const subscription = useQuery(subscriptionQuery);
  const { user } = useAuth();
  const renewing = subscription.data ? isRunningPass(subscription.data, new Date()) : false;

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={renewing ? 'Renew Premium' : 'Upgrade to Premium'}
      description={`${formatNaira(PREMIUM_PRICE_MINOR)} a month`}
    >
      <ul aria-label="What Premium gives" className="grid gap-1.5 text-sm">
        {PREMIUM_FEATURES.map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-jade-400" />
            {feature}
          </li>
        ))}
      </ul>
      {/* The server takes payments only from a confirmed address (features/account-email). */}
      {user?.emailConfirmationNeeded ? (
        <ConfirmEmailNotice user={user} purpose="pay for Premium" />
      ) : options.isPending || subscription.isPending ? (
        <LoadingRegion label="Loading the ways to pay" className="grid gap-2">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </LoadingRegion>
      ) : options.isError ? (
        <LoadError title="Could not load the ways to pay" error={options.error} onRetry={() => void options.refetch()} as="p" />
      ) : subscription.isError ? (
        <LoadError title="Could not load your subscription" error={subscription.error} onRetry={() => void subscription.refetch()} as="p" />
      ) : options.data.paymentsConfigured ? (
        <CheckoutChoice options={options.data} subscription={subscription.data} onCancel={() => onOpenChange(false)} />
      ) : (
        <LocalUpgrade onCancel={() => onOpenChange(false)} onDone={() => onOpenChange(false)} />
      )}
    </Modal>
  );
}

function CheckoutChoice({ options, subscription, onCancel }: { options: BillingOptions; subscription: Subscription; onCancel: () => void }) {
  const choices = upgradeChoices(options, subscription, new Date());
  const [method, setMethod] = useState<CheckoutMethod | undefined>(() => defaultChoice(choices));
  const checkout = useStartCheckout();
  // Once the provider's page is on its way, the sheet stays as it is until the browser leaves.
  const leaving = checkout.isPending || checkout.isSuccess;

  return (
    <form
      className="grid gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        if (method) checkout.mutate(method);
      }}
    >
      <fieldset className="grid gap-2" disabled={leaving}>
        <legend className="mb-2 text-sm font-semibold text-ink-muted">How would you like to pay?</legend>
        {choices.map((choice) => (
          <label
            key={choice.method}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-control border p-3 transition-colors',
              method === choice.method ? 'border-gold-400 bg-gold-400/10' : 'border-line hover:border-line-strong',
              choice.unavailable && 'cursor-not-allowed opacity-60',
            )}
          >
            <input
              type="radio"
              name="payment-method"
              value={choice.method}
              checked={method === choice.method}
              disabled={choice.unavailable !== null}
              onChange={() => setMethod(choice.method)}
              className="mt-1 size-4 shrink-0 accent-gold-400"
            />
            <span className="grid min-w-0 gap-0.5">
              <span className="font-semibold">{choice.label}</span>
              <span className="text-sm text-ink-muted">{choice.unavailable ?? choice.description}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <p className="text-xs text-ink-subtle">
        You pay {formatNaira(PREMIUM_PRICE_MINOR)} on Paystack's secure page and come back here. Premium starts once Paystack
        confirms the payment.
      </p>
      <SheetButtons
        onCancel={onCancel}
        confirmLabel={leaving ? 'Opening Paystack...' : `Continue to pay ${formatNaira(PREMIUM_PRICE_MINOR)}`}
        disabled={leaving || !method}
      />
    </form>
  );
}

/** No payment provider on this server: it says so, and the local upgrade records a pending charge. */
function LocalUpgrade({ onCancel, onDone }: { onCancel: () => void; onDone: () => void }) {
  const upgrade = useSubscriptionChange({ success: SUBSCRIPTION_TOASTS.upgraded, failure: SUBSCRIPTION_TOASTS.upgradeFailed });
  const [billed] = useState(() => formatBillingDate(new Date(Date.now() + BILLING_PERIOD_DAYS * DAY_MS).toISOString()));
  return (
    <form
      className="grid gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        upgrade.mutate({ subscriptionPlan: 'premium', subscriptionStatus: 'active' }, { onSuccess: onDone });
      }}
    >
      <div className="flex items-start gap-3 rounded-control bg-overlay p-3 text-sm">
        <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-gold-400" />
        <p className="grid gap-1">
          <span className="font-semibold">Card payments are not configured on this server.</span>
          <span className="text-ink-muted">
            Premium starts now with a {formatNaira(PREMIUM_PRICE_MINOR)} charge that stays pending: no money is taken.
          </span>
        </p>
      </div>
      <p className="text-sm text-ink-muted">
        Next billing date: <span className="font-semibold text-ink">{billed}</span>
      </p>
      <SheetButtons onCancel={onCancel} confirmLabel={upgrade.isPending ? 'Upgrading...' : 'Confirm Upgrade'} disabled={upgrade.isPending} />
    </form>
  );
}

function SheetButtons({ onCancel, confirmLabel, disabled }: { onCancel: () => void; confirmLabel: string; disabled: boolean }) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="outline" onClick={onCancel}>
        Not now
      </Button>
      <Button type="submit" disabled={disabled}>
        {confirmLabel}
      </Button>
    </div>
  );
}
