import type { Transaction } from '@kora/contracts';
import { FileText, Receipt } from 'lucide-react';
import { lazy, useState } from 'react';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { OpenedOnce } from '../../ui/opened-once';
import {
  describeTransaction,
  displayStatus,
  formatAmount,
  formatBillingDate,
  formatBillingPeriod,
  hasReceipt,
  type TransactionDisplayStatus,
} from './billing-format';
import { StatusPill, type PillTone } from './status-pill';
import { NO_BILLING_DESCRIPTION, NO_BILLING_TITLE } from './subscription-messages';

const ReceiptDialog = lazy(() => import('./receipt-dialog').then((m) => ({ default: m.ReceiptDialog })));

const STATUS_LABELS: Record<TransactionDisplayStatus, { label: string; tone: PillTone }> = {
  success: { label: 'Paid', tone: 'good' },
  pending: { label: 'Pending', tone: 'waiting' },
  failed: { label: 'Failed', tone: 'bad' },
  refunded: { label: 'Refunded', tone: 'quiet' },
};

const CHANNEL_NAMES: Record<string, string> = { card: 'Card', bank_transfer: 'Bank transfer', ussd: 'USSD' };

/** Charges, newest first, or the spec's empty text. */
export function TransactionList({ transactions, label }: { transactions: Transaction[]; label: string }) {
  if (transactions.length === 0) {
    return <EmptyState icon={Receipt} title={NO_BILLING_TITLE} description={NO_BILLING_DESCRIPTION} className="py-6" />;
  }
  return (
    <ul aria-label={label} className="grid divide-y divide-line">
      {transactions.map((transaction) => (
        <li key={transaction.id} className="py-3 first:pt-0 last:pb-0">
          <TransactionItem transaction={transaction} />
        </li>
      ))}
    </ul>
  );
}

function TransactionItem({ transaction }: { transaction: Transaction }) {
  const [showingReceipt, setShowingReceipt] = useState(false);
  const status = STATUS_LABELS[displayStatus(transaction.status)];
  const channel = transaction.channel ? CHANNEL_NAMES[transaction.channel] ?? transaction.channel : null;
  const period = formatBillingPeriod(transaction.billingPeriod);
  return (
    <div className="grid gap-2">
      <div className="flex min-w-0 items-center gap-3">
        <div className="grid min-w-0 flex-1 gap-0.5">
          <p className="truncate font-semibold">
            {describeTransaction(transaction)}
            {channel && <span className="font-normal text-ink-muted"> · {channel}</span>}
          </p>
          <p className="truncate text-xs text-ink-subtle">
            {period} · {formatBillingDate(transaction.paidAt ?? transaction.createdAt)}
          </p>
          {transaction.periodEnd && (
            <p className="truncate text-xs text-ink-subtle">Premium until {formatBillingDate(transaction.periodEnd)}</p>
          )}
        </div>
        <div className="grid shrink-0 justify-items-end gap-1">
          <span className="font-semibold tabular-nums">{formatAmount(transaction)}</span>
          <StatusPill tone={status.tone}>{status.label}</StatusPill>
        </div>
      </div>
      {hasReceipt(transaction) && (
        <>
          <Button
            variant="ghost"
            size="sm"
            className="justify-self-start"
            aria-label={`Receipt for ${period}, ${formatBillingDate(transaction.paidAt ?? transaction.createdAt)}`}
            onClick={() => setShowingReceipt(true)}
          >
            <FileText aria-hidden />
            Receipt
          </Button>
          <OpenedOnce open={showingReceipt}>
            <ReceiptDialog transactionId={transaction.id} open={showingReceipt} onOpenChange={setShowingReceipt} />
          </OpenedOnce>
        </>
      )}
    </div>
  );
}
