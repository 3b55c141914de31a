import { useAccountLink } from './api';
import { AccountLinkLayout, ContinueButton, LinkActions, LinkOutcome, UseLinkStep } from './account-link-layout';
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
        <UseLinkStep token={token} use={change} label="Use This Address" pendingLabel="Confirming..." />
      )}
    </AccountLinkLayout>
  );
}
