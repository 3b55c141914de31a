import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from './logo';
import { PageTitle } from './page-title';

/**
 * A page that is one card under the logo, without the app's shell: the sign-in page, Forgot
 * password and the pages an e-mailed link opens. The card wears the kente band; `after` goes
 * under the card.
 */
export function CardPage({ title, children, after }: { title: string; children: ReactNode; after?: ReactNode }) {
  return (
    <div className="glow-top flex min-h-dvh flex-col items-center bg-canvas bg-no-repeat px-4 py-8 sm:justify-center">
      <PageTitle title={title} />
      <main className="w-full max-w-md">
        <Link to="/" aria-label="Kora home" className="mx-auto mb-8 flex w-fit rounded-control">
          <Logo size={40} wordClassName="text-2xl" />
        </Link>
        <div className="overflow-hidden rounded-card border border-line bg-surface shadow-2xl shadow-black/40">
          <div aria-hidden className="kente-band h-1.5" />
          {children}
        </div>
        {after}
      </main>
    </div>
  );
}
