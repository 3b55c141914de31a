import { LINK_NOT_VALID_MESSAGE } from '@kora/contracts';
import { getErrorMessage } from '../../api/error-message';
import { Button } from '../../ui/button';
import { useAuth } from '../auth/use-auth';
import { useEmailConfirmation, useResendConfirmation } from './api';
import { AccountLinkLayout, ContinueButton, LinkActions, LinkOutcome } from './account-link-layout';
import { useLinkToken } from './use-link-token';

/**
 * /confirm-email#token=…: the sign-up's (or Resend's) link, used as the page opens; confirming an
 * address one received a link at is all it does.
 */
export function ConfirmEmailPage() {
  const token = useLinkToken();
  const confirmation = useEmailConfirmation(token);
  const { user } = useAuth();
  const resend = useResendConfirmation();
  const title = 'Confirm your e-mail address';

  if (confirmation.isSuccess) {
    return (
      <AccountLinkLayout title="E-mail address confirmed">
        <LinkOutcome tone="done">{confirmation.data.message}</LinkOutcome>
        <p className="text-sm text-ink-muted">Uploads and Premium are open to you now.</p>
        <LinkActions>
          <ContinueButton />
        </LinkActions>
      </AccountLinkLayout>
    );
  }
  if (token && confirmation.isPending) {
    return (
      <AccountLinkLayout title={title}>
        <p role="status" className="text-sm text-ink-muted">
          Confirming your address...
        </p>
      </AccountLinkLayout>
    );
  }
  return (
    <AccountLinkLayout title={title}>
      <LinkOutcome tone="problem">{token ? getErrorMessage(confirmation.error) : LINK_NOT_VALID_MESSAGE}</LinkOutcome>
      <LinkActions>
        {user?.emailConfirmationNeeded ? (
          <Button onClick={() => resend.mutate()} disabled={resend.isPending}>
            {resend.isPending ? 'Sending...' : 'Send a New Link'}
          </Button>
        ) : (
          <ContinueButton />
        )}
      </LinkActions>
    </AccountLinkLayout>
  );
}
