import type { User } from '@kora/contracts';
import { MailWarning } from 'lucide-react';
import { Button } from '../../ui/button';
import { useResendConfirmation } from './api';

/**
 * Said where an upload or a payment would be, while the account's address is unconfirmed: the
 * server refuses both until then, so the form is not offered at all.
 */
export function ConfirmEmailNotice({ user, purpose }: { user: User; purpose: string }) {
  const resend = useResendConfirmation();
  return (
    <section aria-labelledby="confirm-email-notice-title" className="grid gap-4 rounded-card border border-line bg-raised p-5">
      <div className="flex items-start gap-3">
        <MailWarning aria-hidden className="mt-0.5 size-6 shrink-0 text-gold-400" />
        <div className="grid gap-1">
          <h2 id="confirm-email-notice-title" className="font-semibold text-ink">
            Confirm your e-mail address first
          </h2>
          <p className="text-sm text-ink-muted">
            To {purpose}, open the link we sent to
            <span className="block break-all text-ink">{user.email}</span>
            It can take a minute to arrive; look in your spam folder too.
          </p>
        </div>
      </div>
      <Button variant="secondary" className="justify-self-start max-sm:w-full" disabled={resend.isPending} onClick={() => resend.mutate()}>
        {resend.isPending ? 'Sending...' : 'Send a New Link'}
      </Button>
    </section>
  );
}
