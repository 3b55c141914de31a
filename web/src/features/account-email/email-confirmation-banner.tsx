import type { User } from '@kora/contracts';
import { MailCheck } from 'lucide-react';
import { Button } from '../../ui/button';
import { useResendConfirmation } from './api';

/**
 * A quiet line under the header while the account's address waits for its confirmation link; it
 * goes once the link is opened (the app then asks who is signed in again).
 */
export function EmailConfirmationBanner({ user }: { user: User }) {
  const resend = useResendConfirmation();
  if (!user.emailConfirmationNeeded) return null;
  return (
    <div
      role="status"
      aria-label="E-mail address not confirmed"
      className="flex shrink-0 items-center gap-x-3 border-b border-line bg-surface px-4 py-1 text-sm text-ink-muted md:px-6 [&_svg]:size-4 [&_svg]:shrink-0"
    >
      <MailCheck aria-hidden className="text-gold-400" />
      {/* One line on a phone: the address is in Settings and in the e-mail itself. */}
      <p className="min-w-0 flex-1 py-1.5">
        <span className="sm:hidden">Confirm your e-mail address.</span>
        <span className="max-sm:hidden">
          Confirm your e-mail address with the link we sent to <span className="break-all text-ink">{user.email}</span>.
        </span>
      </p>
      <Button variant="ghost" size="sm" className="shrink-0 text-gold-400" disabled={resend.isPending} onClick={() => resend.mutate()}>
        {resend.isPending ? 'Sending...' : 'Resend'}
      </Button>
    </div>
  );
}
