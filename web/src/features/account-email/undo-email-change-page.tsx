import { Link } from 'react-router';
import { Button } from '../../ui/button';
import { useAccountLink } from './api';
import { AccountLinkLayout, LinkActions, LinkOutcome, UseLinkStep } from './account-link-layout';
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
        <UseLinkStep token={token} use={undo} label="Undo the Change" pendingLabel="Undoing..." variant="danger" />
      )}
    </AccountLinkLayout>
  );
}
