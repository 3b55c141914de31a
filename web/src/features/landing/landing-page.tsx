import { PREMIUM_PRICE_MINOR, PRODUCT_NAME } from '@kora/contracts';
import { Link } from 'react-router';
import { Button } from '../../ui/button';
import { formatNaira } from '../../ui/format-naira';
import { Logo } from '../../ui/logo';
import { PageTitle } from '../../ui/page-title';
import { MAIN_CONTENT_ID, SkipLink } from '../../ui/skip-link';
import { DataUseCard } from './data-use-card';
import { FeatureList } from './feature-list';

export function LandingPage() {
  return (
    <div className="glow-landing flex min-h-dvh flex-col bg-canvas bg-no-repeat">
      <PageTitle />
      <SkipLink />
      <header className="mx-auto flex w-full max-w-6xl items-center justify-between gap-3 px-4 py-4 sm:px-6">
        <Link to="/" aria-label={`${PRODUCT_NAME} home`} className="rounded-control">
          <Logo />
        </Link>
        <nav aria-label="Account" className="flex items-center gap-1 sm:gap-2">
          <Button asChild variant="ghost" size="sm">
            <Link to="/auth">Log In</Link>
          </Button>
          <Button asChild size="sm">
            <Link to="/auth?tab=signup">Sign Up</Link>
          </Button>
        </nav>
      </header>

      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 focus:outline-none">
        <section>
          <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 pt-10 pb-16 sm:px-6 md:grid-cols-[1.15fr_1fr] md:pt-20 md:pb-24">
            <div>
              <p className="inline-flex items-center gap-2 rounded-full border border-line bg-surface px-3 py-1 text-xs font-semibold text-gold-300">
                <span aria-hidden className="size-1.5 rounded-full bg-jade-400" />
                Built for West African listeners
              </p>
              <h1 className="mt-5 text-4xl leading-[1.05] font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
                Music from Lagos to Accra to <span className="text-gold-400">Dakar</span>.
              </h1>
              <p className="mt-5 max-w-xl text-base text-ink-muted text-pretty sm:text-lg">
                Stream Afrobeats, highlife, amapiano and the sounds next door on the phone you already have. Kora
                stays light on slow mobile data and tells you plainly how much each minute of music costs.
              </p>
              <div className="mt-8 flex flex-wrap items-center gap-x-4 gap-y-3">
                <Button asChild size="lg">
                  <Link to="/auth?tab=signup">Join</Link>
                </Button>
                <p className="text-sm text-ink-subtle">
                  Free to start. Premium {formatNaira(PREMIUM_PRICE_MINOR)} a month.
                </p>
              </div>
            </div>
            <DataUseCard />
          </div>
        </section>

        <FeatureList />
      </main>

      <footer className="border-t border-line">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-8 text-sm text-ink-subtle sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <Logo size={24} wordClassName="text-base" />
          <p>© 2026 {PRODUCT_NAME}. All rights reserved.</p>
        </div>
      </footer>
    </div>
  );
}
