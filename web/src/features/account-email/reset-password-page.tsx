import { LINK_NOT_VALID_MESSAGE } from '@kora/contracts';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { getErrorMessage } from '../../api/error-message';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { NewPasswordField } from '../../ui/new-password-field';
import { useResetLinkCheck, useResetPassword } from './api';
import { AccountLinkLayout, LinkActions, LinkOutcome } from './account-link-layout';
import { useLinkToken } from './use-link-token';

const PASSWORDS_DIFFER = 'The two passwords are not the same.';

function AskAgain() {
  return (
    <LinkActions>
      <Button asChild>
        <Link to="/forgot-password">Ask for a New Link</Link>
      </Button>
      <Button variant="outline" asChild>
        <Link to="/auth">Back to Log In</Link>
      </Button>
    </LinkActions>
  );
}

/**
 * /reset-password#token=…: checks the link first (an expired one is said before anything is
 * typed), then takes the new password. Nobody is signed in by it: the sign-in that follows asks
 * for the new password, and for the two-factor code when it is on.
 */
export function ResetPasswordPage() {
  const token = useLinkToken();
  const check = useResetLinkCheck(token);
  const resetPassword = useResetPassword();
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!token) return;
    if (password !== again) {
      setProblem(PASSWORDS_DIFFER);
      return;
    }
    setProblem(null);
    resetPassword.mutate({ token, newPassword: password });
  }

  const title = 'Choose a new password';
  if (!token || check.isError) {
    return (
      <AccountLinkLayout title={title}>
        <LinkOutcome tone="problem">{token ? getErrorMessage(check.error) : LINK_NOT_VALID_MESSAGE}</LinkOutcome>
        <AskAgain />
      </AccountLinkLayout>
    );
  }
  if (check.isPending) {
    return (
      <AccountLinkLayout title={title}>
        <p role="status" className="text-sm text-ink-muted">
          Checking your link...
        </p>
      </AccountLinkLayout>
    );
  }
  if (resetPassword.isSuccess) {
    return (
      <AccountLinkLayout title="Password changed">
        <LinkOutcome tone="done">{resetPassword.data.message}</LinkOutcome>
        <LinkActions>
          <Button asChild>
            <Link to="/auth">Log In</Link>
          </Button>
        </LinkActions>
      </AccountLinkLayout>
    );
  }

  const failure = problem ?? (resetPassword.isError ? getErrorMessage(resetPassword.error) : null);
  return (
    <AccountLinkLayout
      title={title}
      intro={
        <>
          For <span className="font-medium break-all text-ink">{check.data.email}</span>. Every device signed in to your
          account will be signed out.
        </>
      }
    >
      <form onSubmit={handleSubmit} className="grid gap-4">
        {/* For password managers: which account the new password belongs to. */}
        <input type="email" name="username" autoComplete="username" value={check.data.email} readOnly hidden />
        <NewPasswordField id="reset-new-password" label="New password" value={password} onChange={setPassword} />
        <Field
          id="reset-new-password-again"
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          required
          value={again}
          onChange={(event) => setAgain(event.target.value)}
        />
        {failure && <LinkOutcome tone="problem">{failure}</LinkOutcome>}
        <Button type="submit" size="lg" disabled={resetPassword.isPending} className="mt-1 w-full">
          {resetPassword.isPending ? 'Saving...' : 'Set New Password'}
        </Button>
      </form>
    </AccountLinkLayout>
  );
}
