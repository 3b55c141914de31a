import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, LoaderCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/dialog';
import { LoadError } from '../../ui/load-error';
import { subscriptionQuery, transactionsQuery } from './api';
import { checkoutQuery } from './billing-api';
import { describePaymentMethod, formatBillingDate } from './billing-format';
import { describeCheckout, PENDING_POLL_INTERVAL_MS, PENDING_POLL_LIMIT_MS, type ReturnOutcome } from './payment-return';
import { openUpgradeSheet } from './upgrade-sheet-state';

const TONE_ICONS = { good: CircleCheck, waiting: LoaderCircle, bad: CircleAlert } as const;
const TONE_COLOURS = { good: 'text-jade-400', waiting: 'text-gold-400 animate-spin', bad: 'text-coral-400' } as const;

interface PaymentReturnDialogProps {
  reference: string;
  /** The dialog is closed: the return's parameters leave the address. */
  onClose: () => void;
  /** The server gave a final answer: the address can be cleaned while the dialog still says it. */
  onSettled: () => void;
}

/**
 * Back from the provider's checkout: the server is asked what happened (it verifies with the
 * provider first) and the listener is told, asked again every 2 s for a while when it is pending.
 * Paid is shown only once the server says so.
 */
export function PaymentReturnDialog({ reference, onClose, onSettled }: PaymentReturnDialogProps) {
  const queryClient = useQueryClient();
  const [pollingEnded, setPollingEnded] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setPollingEnded(true), PENDING_POLL_LIMIT_MS);
    return () => clearTimeout(timer);
  }, []);
  const checkout = useQuery({
    ...checkoutQuery(reference),
    refetchInterval: (query) => (query.state.data?.status === 'pending' && !pollingEnded ? PENDING_POLL_INTERVAL_MS : false),
  });
  const outcome = checkout.data ? describeCheckout(checkout.data, !pollingEnded) : undefined;
  const settled = outcome?.settled === true || checkout.isError;

  useEffect(() => {
    if (!settled) return;
    onSettled();
    if (!outcome?.paid) return;
    void Promise.all([
      queryClient.invalidateQueries({ queryKey: subscriptionQuery.queryKey }),
      queryClient.invalidateQueries({ queryKey: transactionsQuery.queryKey }),
      queryClient.invalidateQueries({ queryKey: ['/api/notifications'] }),
      queryClient.invalidateQueries({ queryKey: ['/api/notifications/unread-count'] }),
    ]);
  }, [settled, outcome?.paid, onSettled, queryClient]);

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={outcome?.title ?? 'Checking your payment'}>
      {checkout.isError ? (
        <LoadError title="Could not check your payment" error={checkout.error} onRetry={() => void checkout.refetch()} as="p" />
      ) : (
        <OutcomeBody outcome={outcome} reference={reference} />
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {outcome && !outcome.paid && outcome.settled && outcome.tone === 'bad' && (
          <Button
            variant="outline"
            onClick={() => {
              onClose();
              openUpgradeSheet();
            }}
          >
            Try again
          </Button>
        )}
        <Button autoFocus onClick={onClose}>
          Done
        </Button>
      </div>
    </Modal>
  );
}

function OutcomeBody({ outcome, reference }: { outcome: ReturnOutcome | undefined; reference: string }) {
  const Icon = TONE_ICONS[outcome?.tone ?? 'waiting'];
  return (
    <div className="grid gap-3" role="status">
      <div className="flex items-start gap-3">
        <Icon aria-hidden className={`mt-0.5 size-6 shrink-0 ${TONE_COLOURS[outcome?.tone ?? 'waiting']}`} />
        <p className="text-sm">{outcome?.message ?? 'Asking Paystack what happened…'}</p>
      </div>
      {outcome?.paid && <PaidPremium />}
      <p className="text-xs break-all text-ink-subtle">Reference {reference}</p>
    </div>
  );
}

/** Once paid: the plan as the server now has it, with the real card when Premium renews on one. */
function PaidPremium() {
  const { data: subscription } = useQuery(subscriptionQuery);
  if (!subscription || subscription.effectivePlan !== 'premium' || !subscription.nextBillingDate) return null;
  const method = describePaymentMethod(subscription);
  const date = formatBillingDate(subscription.nextBillingDate);
  return (
    <div className="grid gap-0.5 rounded-control bg-overlay p-3 text-sm">
      <p className="font-semibold">
        {method.name}
        {method.digits && <span className="ml-2 text-ink-muted tabular-nums">{method.digits}</span>}
      </p>
      <p className="text-ink-muted">{subscription.renewal === 'provider' ? `Next billing date: ${date}` : `Premium until ${date}`}</p>
    </div>
  );
}
