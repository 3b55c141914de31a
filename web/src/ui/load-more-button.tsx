import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from './button';

/** What the button needs of a paged list's infinite query. */
export type MorePages = Pick<UseInfiniteQueryResult, 'hasNextPage' | 'isFetchingNextPage' | 'isFetchNextPageError' | 'fetchNextPage'>;

interface LoadMoreButtonProps {
  label: string;
  pages: MorePages;
  /** Said above the button when the last page failed; the button then waits for a press to try again. */
  failedText: string;
}

/**
 * The next page of a paged list: loaded when the button scrolls into view, or pressed (keyboards,
 * browsers without IntersectionObserver); nothing once the last page is in. After a failure it
 * loads only when pressed, so a page that keeps failing is not asked for again and again while the
 * button stays in view.
 */
export function LoadMoreButton({ label, pages, failedText }: LoadMoreButtonProps) {
  const sentinelRef = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage: isLoading, isFetchNextPageError: failed, fetchNextPage } = pages;

  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || isLoading || failed || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage();
    });
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [isLoading, failed, fetchNextPage, hasNextPage]);

  if (!hasNextPage) return null;
  return (
    <div ref={sentinelRef} className="flex flex-col items-center gap-2">
      {failed && !isLoading && <p className="text-sm text-ink-muted">{failedText}</p>}
      <Button variant="outline" disabled={isLoading} onClick={() => void fetchNextPage()}>
        {isLoading && <LoaderCircle aria-hidden className="animate-spin" />}
        {isLoading ? 'Loading...' : label}
      </Button>
    </div>
  );
}
