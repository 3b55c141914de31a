import { LINK_NOT_VALID_MESSAGE } from '@kora/contracts';
import { getErrorMessage } from '../../api/error-message';
import { Button } from '../../ui/button';
import { useAccountLink } from './api';
import { AccountLinkLayout, LinkActions, LinkOutcome } from './account-link-layout';
import { ContinueButton } from './confirm-email-page';
import { useLinkToken } from './use-link-token';

/**
 * /change-email#token=…: the link sent to a new address. It moves the account only on a tap, not
 * as the page opens: a mail scanner following links at a mistyped address must not take the account.
 */
export function ChangeEmailPage() {
  const token = useLinkToken();
  const change = useAccountLink('/api/account/email/change/confirm');

  return (
    <AccountLinkLayout
      title="Confirm your new address"
      intro="Your Kora account moves to this address once you confirm it here. Ignore this page if you did not ask for the change."
    >
      {change.isSuccess ? (
        <>
          <LinkOutcome tone="done">{change.data.message}</LinkOutcome>
          <p className="text-sm text-ink-muted">Log in with this address from now on.</p>
          <LinkActions>
            <ContinueButton />
          </LinkActions>
        </>
      ) : (
        <>
          {(!token || change.isError) && (
            <LinkOutcome tone="problem">{token ? getErrorMessage(change.error) : LINK_NOT_VALID_MESSAGE}</LinkOutcome>
          )}
          <LinkActions>
            {token && !change.isError ? (
              <Button size="lg" onClick={() => change.mutate(token)} disabled={change.isPending}>
                {change.isPending ? 'Confirming...' : 'Use This Address'}
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
