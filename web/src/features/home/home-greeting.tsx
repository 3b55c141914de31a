import { Search } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../auth/use-auth';
import { greetingFor } from './greeting';

/** One line: the greeting by the listener's clock, and the way into search. The music follows at once. */
export function HomeGreeting() {
  const { user } = useAuth();
  const [greeting] = useState(() => greetingFor(new Date().getHours()));

  return (
    <div className="flex min-w-0 items-center justify-between gap-3">
      <h1 className="min-w-0 text-xl font-extrabold tracking-tight break-words sm:text-2xl">
        {greeting}
        {user ? `, ${user.firstName}` : ''}
      </h1>
      <Link
        to="/search"
        className="inline-flex size-11 shrink-0 items-center justify-center gap-1.5 rounded-full border border-line-strong text-sm font-semibold text-ink-muted transition-colors hover:border-ink-subtle hover:text-ink sm:w-auto sm:px-4 md:h-9"
      >
        <Search aria-hidden className="size-5 sm:size-4" />
        {/* A phone keeps the line for the greeting: the icon, named for screen readers. */}
        <span className="sr-only sm:not-sr-only">Browse Music</span>
      </Link>
    </div>
  );
}
