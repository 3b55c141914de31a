import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useOnline } from '../../offline/use-online';
import { DOWNLOADED_VIEW } from '../../ui/load-error';

/** The one-line note a home section shows instead of content. */
export function QuietLine({ children }: { children: ReactNode }) {
  return <p className="rounded-card border border-dashed border-line px-4 py-5 text-sm text-ink-subtle">{children}</p>;
}

const linkClass = '-my-3 inline-flex min-h-11 items-center font-semibold text-gold-300 underline-offset-4 hover:underline';

/** With no network, the reason and the way on: the music kept on this device. */
export function SectionLoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  const online = useOnline();
  return (
    <QuietLine>
      {online ? `Could not load ${what}.` : "You're offline."}{' '}
      {!online && (
        <>
          <Link to={DOWNLOADED_VIEW} className={linkClass}>
            Your downloads
          </Link>{' '}
          still play.{' '}
        </>
      )}
      <button
        type="button"
        onClick={onRetry}
        className={linkClass}
      >
        Try again
      </button>
    </QuietLine>
  );
}
