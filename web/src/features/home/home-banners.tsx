import { ChevronRight, Search, Upload } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../ui/button';
import { useAuth } from '../auth/use-auth';
import { ImportPopularMusic } from './import-popular-music';

function greetingFor(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

/** The greeting with its way into search, and the two ways to add music: upload, or import the chart. */
export function HomeBanners() {
  const { user } = useAuth();
  const [greeting] = useState(() => greetingFor(new Date().getHours()));

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <section className="relative overflow-hidden rounded-card border border-line bg-linear-to-br from-gold-500/25 via-coral-500/10 to-surface">
        <div aria-hidden className="kente-band h-1.5" />
        <div className="p-5 sm:p-7">
          <h1 className="text-2xl font-extrabold tracking-tight text-balance sm:text-3xl">
            {greeting}
            {user ? `, ${user.firstName}` : ''}
          </h1>
          <p className="mt-2 max-w-lg text-ink-muted">
            From Lagos to Accra to Dakar: find something new or go back to an old favourite.
          </p>
          <Button asChild className="mt-5">
            <Link to="/search">
              <Search aria-hidden />
              Browse Music
            </Link>
          </Button>
        </div>
      </section>

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
        <Link
          to="/upload"
          className="group flex items-center gap-4 rounded-card border border-line bg-surface p-4 transition-colors hover:border-jade-500 hover:bg-raised sm:p-5"
        >
          <span className="grid size-11 shrink-0 place-items-center rounded-full bg-jade-900 text-jade-300 sm:size-12">
            <Upload aria-hidden className="size-6" />
          </span>
          <span className="min-w-0 flex-1">
            <span className="block text-lg font-bold">Upload Your Music</span>
            <span className="mt-1 block text-sm text-ink-muted">
              Share a single, EP or album. Releases are reviewed in 24 to 48 hours.
            </span>
          </span>
          <ChevronRight aria-hidden className="hidden size-5 shrink-0 text-ink-subtle group-hover:text-ink sm:block" />
        </Link>
        <ImportPopularMusic />
      </div>
    </div>
  );
}
