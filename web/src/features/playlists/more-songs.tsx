import { LoaderCircle, RotateCw } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { getErrorMessage } from '../../api/error-message';
import { Button } from '../../ui/button';

interface MoreSongsProps {
  hasMore: boolean;
  isLoading: boolean;
  error: Error | null;
  onLoadMore: () => void;
}

/**
 * The end of a long playlist: the next page loads when the listener scrolls near it, or when they
 * press 'Show more songs' (keyboards, and browsers without IntersectionObserver).
 */
export function MoreSongs({ hasMore, isLoading, error, onLoadMore }: MoreSongsProps) {
  const sentinelRef = useRef<HTMLDivElement>(null);

  // Re-observed after every page, so a list that is still too short to scroll keeps loading.
  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || !hasMore || isLoading || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onLoadMore();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasMore, isLoading, onLoadMore]);

  if (error) {
    return (
      <div role="alert" className="flex flex-wrap items-center justify-center gap-3 py-4 text-sm text-ink-muted">
        <span>Could not load more songs. {getErrorMessage(error)}</span>
        <Button size="sm" variant="outline" onClick={onLoadMore}>
          <RotateCw aria-hidden />
          Try again
        </Button>
      </div>
    );
  }
  if (!hasMore) return null;

  return (
    <div ref={sentinelRef} className="flex justify-center py-4">
      <Button variant="outline" onClick={onLoadMore} disabled={isLoading} aria-busy={isLoading || undefined}>
        {isLoading && <LoaderCircle aria-hidden className="animate-spin" />}
        {isLoading ? 'Loading more songs...' : 'Show more songs'}
      </Button>
    </div>
  );
}
