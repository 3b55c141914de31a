import type { ReactNode } from 'react';

/** The one-line note a home section shows instead of content. */
export function QuietLine({ children }: { children: ReactNode }) {
  return <p className="rounded-card border border-dashed border-line px-4 py-5 text-sm text-ink-subtle">{children}</p>;
}

export function SectionLoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <QuietLine>
      Could not load {what}.{' '}
      <button
        type="button"
        onClick={onRetry}
        className="-my-3 inline-flex min-h-11 items-center font-semibold text-gold-300 underline-offset-4 hover:underline"
      >
        Try again
      </button>
    </QuietLine>
  );
}
