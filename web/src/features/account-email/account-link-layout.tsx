import { CircleAlert, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../ui/logo';
import { PageTitle } from '../../ui/page-title';

/**
 * The frame of the pages an e-mailed link opens (and of Forgot password): the sign-in page's card,
 * on its own, whether or not someone is signed in on this browser.
 */
export function AccountLinkLayout({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <div className="glow-top flex min-h-dvh flex-col items-center bg-canvas bg-no-repeat px-4 py-8 sm:justify-center">
      <PageTitle title={title} />
      <main className="w-full max-w-md">
        <Link to="/" aria-label="Kora home" className="mx-auto mb-8 flex w-fit rounded-control">
          <Logo size={40} wordClassName="text-2xl" />
        </Link>
        <div className="overflow-hidden rounded-card border border-line bg-surface shadow-2xl shadow-black/40">
          <div aria-hidden className="kente-band h-1.5" />
          <div className="grid gap-5 p-5 sm:p-8">
            <div className="grid gap-1">
              <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
              {intro && <p className="text-sm text-ink-muted">{intro}</p>}
            </div>
            {children}
          </div>
        </div>
      </main>
    </div>
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
