import type { Receipt } from '@kora/contracts';
import { useQuery } from '@tanstack/react-query';
import { Printer } from 'lucide-react';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/dialog';
import { LoadError } from '../../ui/load-error';
import { LoadingRegion, Skeleton } from '../../ui/skeleton';
import { receiptQuery } from './billing-api';
import { formatAmount, formatBillingDate, formatBillingPeriod } from './billing-format';

const CHANNEL_NAMES: Record<string, string> = { card: 'Card', bank_transfer: 'Bank transfer', ussd: 'USSD' };

interface ReceiptDialogProps {
  transactionId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * A successful payment's receipt, from the server's receipt answer, on paper-coloured card that
 * prints as it shows: index.css leaves everything but [data-print-receipt] off the printed page.
 */
export function ReceiptDialog({ transactionId, open, onOpenChange }: ReceiptDialogProps) {
  const receipt = useQuery(receiptQuery(transactionId));
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Receipt">
      {receipt.isPending ? (
        <LoadingRegion label="Loading the receipt">
          <Skeleton className="h-72 rounded-card" />
        </LoadingRegion>
      ) : receipt.isError ? (
        <LoadError title="Could not load the receipt" error={receipt.error} onRetry={() => void receipt.refetch()} as="p" />
      ) : (
        <>
          <ReceiptSheet receipt={receipt.data} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Close
            </Button>
            <Button onClick={() => window.print()}>
              <Printer aria-hidden />
              Print
            </Button>
          </div>
        </>
      )}
    </Modal>
  );
}

function ReceiptSheet({ receipt }: { receipt: Receipt }) {
  const rows: [string, string][] = [
    ['Reference', receipt.reference],
    ['Date paid', formatBillingDate(receipt.paidAt)],
    ['Description', receipt.description],
    ['Billing period', formatBillingPeriod(receipt.billingPeriod)],
    ['Premium from', formatBillingDate(receipt.periodStart)],
    ['Premium until', formatBillingDate(receipt.periodEnd)],
    ['Paid by', CHANNEL_NAMES[receipt.channel] ?? receipt.channel],
    ['Billed to', receipt.customerEmail],
  ];
  return (
    <article data-print-receipt aria-label="Receipt" className="grid gap-4 rounded-card bg-paper p-5 text-paper-ink">
      <header className="flex flex-wrap items-baseline justify-between gap-2 border-b border-paper-ink/20 pb-3">
        <p className="text-xl font-bold">{receipt.businessName}</p>
        <p className="text-sm font-semibold tracking-wide uppercase">Receipt</p>
      </header>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-paper-ink/70">{term}</dt>
            <dd className="min-w-0 text-right font-medium break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="flex items-baseline justify-between border-t border-paper-ink/20 pt-3">
        <p className="font-semibold">{receipt.status === 'refunded' ? 'Amount (refunded)' : 'Amount paid'}</p>
        <p className="text-2xl font-bold tabular-nums">{formatAmount(receipt)}</p>
      </div>
      {receipt.status === 'refunded' && <p className="text-sm font-semibold">This payment was refunded.</p>}
    </article>
  );
}
