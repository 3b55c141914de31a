import type { SongPage } from '@kora/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { useMemo } from 'react';
import { Button } from '../../ui/button';
import { browseFirstPage, browseQuery } from './api';
import { SongShelf } from './song-shelf';

/**
 * The whole catalogue, a page at a time: the first page came with the home answer, 'Show more'
 * fetches the next. Rows stay whole; a page's leftover cards join the next page's rows.
 */
export function BrowseAll({ firstPage }: { firstPage: SongPage }) {
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage, isFetchNextPageError } = useInfiniteQuery({
    ...browseQuery,
    initialData: () => browseFirstPage(firstPage),
  });
  const songs = useMemo(() => data.pages.flatMap((page) => page.songs), [data]);

  return (
    <SongShelf
      title="Browse all"
      contextId="browse-all"
      songs={songs}
      isComplete={!hasNextPage}
      footer={
        hasNextPage && (
          <div className="flex flex-col items-center gap-2">
            {isFetchNextPageError && <p className="text-sm text-ink-muted">Could not load more songs.</p>}
            <Button variant="outline" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage} aria-busy={isFetchingNextPage}>
              {isFetchingNextPage && <LoaderCircle aria-hidden className="animate-spin motion-reduce:animate-none" />}
              Show more
            </Button>
          </div>
        )
      }
    />
  );
}
