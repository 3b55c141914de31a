import { LoaderCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from './button';

interface LoadMoreButtonProps {
  label: string;
  isLoading: boolean;
  onLoadMore: () => void;
  /** Said above the button when the last page failed; the button then waits for a press to try again. */
  error?: string;
}

/**
 * Loads the next page when it scrolls into view, and is a plain button for keyboards and for
 * browsers without IntersectionObserver. After a failure it loads only when pressed, so a page
 * that keeps failing is not asked for again and again while the button stays in view.
 */
export function LoadMoreButton({ label, isLoading, onLoadMore, error }: LoadMoreButtonProps) {
  const sentinelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || isLoading || error || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) onLoadMore();
    });
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [isLoading, onLoadMore, error]);

  return (
    <div ref={sentinelRef} className="flex flex-col items-center gap-2">
      {error && !isLoading && <p className="text-sm text-ink-muted">{error}</p>}
      <Button variant="outline" disabled={isLoading} onClick={onLoadMore}>
        {isLoading && <LoaderCircle aria-hidden className="animate-spin" />}
        {isLoading ? 'Loading...' : label}
      </Button>
    </div>
  );
}
