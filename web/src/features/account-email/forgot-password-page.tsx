import { PASSWORD_RESET_VALID_MINUTES } from '@kora/contracts';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { getErrorMessage } from '../../api/error-message';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { useForgotPassword } from './api';
import { AccountLinkLayout, LinkActions, LinkOutcome } from './account-link-layout';

/** Where the sign-in form's address is handed over: in the history entry, not in a URL a server would log. */
export type ForgotPasswordState = { email?: string } | null;

/** /forgot-password: asks for the address and always answers the same, whether or not an account uses it. */
export function ForgotPasswordPage() {
  const location = useLocation();
  const [email, setEmail] = useState(() => (location.state as ForgotPasswordState)?.email ?? '');
  const forgot = useForgotPassword();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    forgot.mutate(email.trim());
  }

  return (
    <AccountLinkLayout
      title="Forgot your password?"
      intro="Enter the e-mail address of your account and we will send you a link to choose a new password."
    >
      {forgot.isSuccess ? (
        <>
          <LinkOutcome tone="done">{forgot.data.message}</LinkOutcome>
          <p className="text-sm text-ink-muted">
            The link works for {PASSWORD_RESET_VALID_MINUTES} minutes. Nothing after a few minutes? Check the address you typed
            and ask again.
          </p>
          <LinkActions>
            <Button asChild>
              <Link to="/auth">Back to Log In</Link>
            </Button>
            <Button variant="outline" onClick={() => forgot.reset()}>
              Use Another Address
            </Button>
          </LinkActions>
        </>
      ) : (
        <form onSubmit={handleSubmit} className="grid gap-4">
          <Field
            id="forgot-email"
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          {forgot.isError && <LinkOutcome tone="problem">{getErrorMessage(forgot.error)}</LinkOutcome>}
          <Button type="submit" size="lg" disabled={forgot.isPending} className="mt-1 w-full">
            {forgot.isPending ? 'Sending...' : 'Send Reset Link'}
          </Button>
          <Link to="/auth" className="justify-self-center rounded-control px-2 py-2 text-sm font-medium text-ink-muted hover:text-ink">
            Back to Log In
          </Link>
        </form>
      )}
    </AccountLinkLayout>
  );
}
