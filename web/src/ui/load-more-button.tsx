import { LoaderCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from './button';

interface LoadMoreButtonProps {
  label: string;
  isLoading: boolean;
  onLoadMore: () => void;
}

/**
 * Loads the next page when it scrolls into view, and is a plain button for keyboards and for
 * browsers without IntersectionObserver.
 */
export function LoadMoreButton({ label, isLoading, onLoadMore }: LoadMoreButtonProps) {
  const sentinelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || isLoading || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) onLoadMore();
    });
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [isLoading, onLoadMore]);

  return (
    <div ref={sentinelRef} className="flex justify-center">
      <Button variant="outline" disabled={isLoading} onClick={onLoadMore}>
        {isLoading && <LoaderCircle aria-hidden className="animate-spin" />}
        {isLoading ? 'Loading...' : label}
      </Button>
    </div>
  );
}
