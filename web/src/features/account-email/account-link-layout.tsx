import { type AccountLinkResult, LINK_NOT_VALID_MESSAGE } from '@kora/contracts';
import type { UseMutationResult } from '@tanstack/react-query';
import { CircleAlert, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { getErrorMessage } from '../../api/error-message';
import { Button, type ButtonProps } from '../../ui/button';
import { CardPage } from '../../ui/card-page';
import { useAuth } from '../auth/use-auth';

/**
 * The frame of the pages an e-mailed link opens (and of Forgot password): the sign-in page's card,
 * on its own, whether or not someone is signed in on this browser.
 */
export function AccountLinkLayout({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <CardPage title={title}>
      <div className="grid gap-5 p-5 sm:p-8">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          {intro && <p className="text-sm text-ink-muted">{intro}</p>}
        </div>
        {children}
      </div>
    </CardPage>
  );
}

/** What a link did, or why it could not: said where the form was, for a screen reader too. */
export function LinkOutcome({ tone, children }: { tone: 'done' | 'problem'; children: ReactNode }) {
  const done = tone === 'done';
  const Icon = done ? CircleCheck : CircleAlert;
  return (
    <div
      role={done ? 'status' : 'alert'}
      className={
        done
          ? 'flex items-start gap-3 rounded-control border border-jade-700 bg-jade-900 p-4 text-sm text-jade-300'
          : 'flex items-start gap-3 rounded-control border border-coral-700 bg-coral-900 p-4 text-sm text-coral-300'
      }
    >
      <Icon aria-hidden className="mt-0.5 size-5 shrink-0" />
      <p>{children}</p>
    </div>
  );
}

/** The buttons under a page's outcome: stacked on a phone, side by side from sm up. */
export function LinkActions({ children }: { children: ReactNode }) {
  return <div className="flex flex-col gap-2 sm:flex-row-reverse sm:justify-start">{children}</div>;
}

/** On to the app: Home when signed in on this browser, else the sign-in page. */
export function ContinueButton() {
  const { isAuthenticated } = useAuth();
  return (
    <Button asChild>
      <Link to={isAuthenticated ? '/' : '/auth'}>{isAuthenticated ? 'Continue to Kora' : 'Log In'}</Link>
    </Button>
  );
}

/**
 * A link used by a tap (change or undo) before it is used: its button, or, with no token or once
 * the server refused it, why, and the way on.
 */
export function UseLinkStep({
  token,
  use,
  label,
  pendingLabel,
  variant,
}: {
  token: string | null;
  use: UseMutationResult<AccountLinkResult, Error, string>;
  label: string;
  pendingLabel: string;
  variant?: ButtonProps['variant'];
}) {
  const usable = token !== null && !use.isError;
  return (
    <>
      {!usable && <LinkOutcome tone="problem">{token ? getErrorMessage(use.error) : LINK_NOT_VALID_MESSAGE}</LinkOutcome>}
      <LinkActions>
        {usable ? (
          <Button size="lg" variant={variant} onClick={() => use.mutate(token)} disabled={use.isPending}>
            {use.isPending ? pendingLabel : label}
          </Button>
        ) : (
          <ContinueButton />
        )}
      </LinkActions>
    </>
  );
}
