import { LINK_NOT_VALID_MESSAGE } from '@kora/contracts';
import { Link } from 'react-router';
import { getErrorMessage } from '../../api/error-message';
import { Button } from '../../ui/button';
import { useAccountLink } from './api';
import { AccountLinkLayout, LinkActions, LinkOutcome } from './account-link-layout';
import { ContinueButton } from './confirm-email-page';
import type { ForgotPasswordState } from './forgot-password-page';
import { useLinkToken } from './use-link-token';

/**
 * /undo-email-change#token=…: the link sent to the old address. On a tap the account keeps (or gets
 * back) that address and every device is signed out; the page then leads to a new password, since
 * whoever asked for the change knew the old one.
 */
export function UndoEmailChangePage() {
  const token = useLinkToken();
  const undo = useAccountLink('/api/account/email/change/undo');

  return (
    <AccountLinkLayout
      title="Undo the e-mail change"
      intro="Your account keeps this address, or gets it back, and every device signed in to it is signed out."
    >
      {undo.isSuccess ? (
        <>
          <LinkOutcome tone="done">{undo.data.message}</LinkOutcome>
          <LinkActions>
            <Button asChild>
              <Link to="/forgot-password" state={{ email: undo.data.email } satisfies ForgotPasswordState}>
                Choose a New Password
              </Link>
            </Button>
            <Button variant="outline" asChild>
              <Link to="/auth">Log In</Link>
            </Button>
          </LinkActions>
        </>
      ) : (
        <>
          {(!token || undo.isError) && <LinkOutcome tone="problem">{token ? getErrorMessage(undo.error) : LINK_NOT_VALID_MESSAGE}</LinkOutcome>}
          <LinkActions>
            {token && !undo.isError ? (
              <Button size="lg" variant="danger" onClick={() => undo.mutate(token)} disabled={undo.isPending}>
                {undo.isPending ? 'Undoing...' : 'Undo the Change'}
              </Button>
            ) : (
              <ContinueButton />
            )}
          </LinkActions>
        </>
      )}
    </AccountLinkLayout>
  );
}
