import type { Transaction } from '@kora/contracts';
import { Receipt } from 'lucide-react';
import { EmptyState } from '../../ui/empty-state';
import {
  describeTransaction,
  displayStatus,
  formatAmount,
  formatBillingDate,
  formatBillingPeriod,
  type TransactionDisplayStatus,
} from './billing-format';
import { StatusPill, type PillTone } from './status-pill';
import { NO_BILLING_DESCRIPTION, NO_BILLING_TITLE } from './subscription-messages';

const STATUS_LABELS: Record<TransactionDisplayStatus, { label: string; tone: PillTone }> = {
  success: { label: 'Paid', tone: 'good' },
  pending: { label: 'Pending', tone: 'waiting' },
  failed: { label: 'Failed', tone: 'bad' },
};

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
  const status = STATUS_LABELS[displayStatus(transaction.status)];
  return (
    <div className="flex min-w-0 items-center gap-3">
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="truncate font-semibold">{describeTransaction(transaction)}</p>
        <p className="truncate text-xs text-ink-subtle">
          {formatBillingPeriod(transaction.billingPeriod)} · {formatBillingDate(transaction.createdAt)}
        </p>
      </div>
      <div className="grid shrink-0 justify-items-end gap-1">
        <span className="font-semibold tabular-nums">{formatAmount(transaction)}</span>
        <StatusPill tone={status.tone}>{status.label}</StatusPill>
      </div>
    </div>
  );
}
