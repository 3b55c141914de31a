import { ACCOUNT_DELETION_GRACE_DAYS, DATA_EXPORT_LINK_HOURS, type DataExportState } from '@kora/contracts';
import { useQuery } from '@tanstack/react-query';
import { Download, LoaderCircle, MailCheck, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../ui/button';
import { LoadError } from '../../ui/load-error';
import { Skeleton } from '../../ui/skeleton';
import { dataExportQuery, formatWhen, PREPARING_POLL_MS, useRequestDataExport } from './api';
import { DeleteAccountDialog } from './delete-account-dialog';

/**
 * The Settings dialog's "Your data" sub-view (issue 18): a copy of the listener's data, prepared in
 * the background and e-mailed as a link, and deleting the account with its 7-day way back.
 */
export function YourDataPanel({ email }: { email: string }) {
  const [isDeleteOpen, setIsDeleteOpen] = useState(false);
  return (
    <div className="grid gap-6">
      <section aria-labelledby="download-data-title" className="grid gap-3">
        <h3 id="download-data-title" className="text-sm font-semibold tracking-wide text-ink-muted uppercase">
          Download my data
        </h3>
        <p className="text-sm text-ink-muted">
          A ZIP of your profile, settings, playlists, likes, follows, plays, uploads, payments and notifications, as JSON
          files. We prepare it in the background and e-mail a link to {email}. The link works once, for {DATA_EXPORT_LINK_HOURS}{' '}
          hours, and only while you are signed in to this account.
        </p>
        <ExportControls />
      </section>

      <section aria-labelledby="delete-account-title" className="grid gap-3 rounded-card border border-coral-900 p-4">
        <h3 id="delete-account-title" className="text-sm font-semibold tracking-wide text-coral-300 uppercase">
          Delete my account
        </h3>
        <p className="text-sm text-ink-muted">
          You are signed out everywhere at once, your uploads are taken down and your playlists and profile are hidden from
          everyone. For {ACCOUNT_DELETION_GRACE_DAYS} days you can change your mind by signing in: everything comes back as it
          was. After that, your account and its data are deleted for good.
        </p>
        <Button variant="danger" className="justify-self-start" onClick={() => setIsDeleteOpen(true)}>
          <Trash2 aria-hidden />
          Delete my account
        </Button>
      </section>
      <DeleteAccountDialog open={isDeleteOpen} onOpenChange={setIsDeleteOpen} />
    </div>
  );
}

function ExportControls() {
  const { data, isPending, isError, error, refetch } = useQuery({
    ...dataExportQuery,
    refetchInterval: (query) => (query.state.data?.status === 'preparing' ? PREPARING_POLL_MS : false),
  });
  const request = useRequestDataExport();
  if (isPending) return <Skeleton className="h-11 w-48 rounded-control" />;
  if (isError) return <LoadError title="Could not load your data's state" error={error} onRetry={() => void refetch()} as="p" />;

  const preparing = data.status === 'preparing';
  return (
    <div className="grid gap-2">
      <ExportStatus state={data} />
      <Button
        variant="secondary"
        className="justify-self-start"
        disabled={preparing || request.isPending}
        onClick={() => request.mutate()}>
        {preparing ? <LoaderCircle aria-hidden className="animate-spin motion-reduce:animate-none" /> : <Download aria-hidden />}
        {preparing ? 'Preparing…' : data.status === 'ready' ? 'Prepare a new copy' : 'Download my data'}
      </Button>
    </div>
  );
}

/** What happened to the last copy asked for, in words (the live region tells screen readers when it changes). */
function ExportStatus({ state }: { state: DataExportState }) {
  const text = describeExport(state);
  if (!text) return null;
  return (
    <p role="status" className="flex items-start gap-2 rounded-control bg-raised px-3 py-2 text-sm text-ink">
      {state.status === 'ready' && <MailCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-jade-300" />}
      <span>{text}</span>
    </p>
  );
}

function describeExport(state: DataExportState): string | null {
  switch (state.status) {
    case 'preparing':
      return 'Preparing your data… We will e-mail you a link when it is ready; you can close Settings meanwhile.';
    case 'ready':
      return `E-mail sent. Open the link in it to download your data, until ${formatWhen(state.expiresAt!)}.`;
    case 'downloaded':
      return 'Your last copy was downloaded. Ask for a new one any time.';
    case 'expired':
      return 'The link to your last copy has expired. Ask for a new one.';
    case 'failed':
      return 'We could not prepare your data. Please try again.';
    default:
      return null;
  }
}
