import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../ui/page-title';
import { LoadError } from '../../ui/load-error';
import { SongListSkeleton } from '../../ui/song-list';
import { GenreTiles } from '../home/genre-tiles';
import { searchQuery } from './api';
import { RecentSearchList } from './recent-search-list';
import { SearchBox } from './search-box';
import { SearchResults } from './search-results';
import { useRecentSearches } from './use-recent-searches';

/** Typing searches once the listener pauses this long, so a word costs one request, not one per letter. */
const TYPING_PAUSE_MS = 400;

/**
 * The address holds the search that runs (?q=, or ?genre= from a genre tile), so results survive
 * a reload and the back button. The box holds what is being typed.
 */
export function SearchPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const addressQuery = (searchParams.get('q') ?? searchParams.get('genre') ?? '').trim();
  const [draft, setDraft] = useState(addressQuery);
  const [shownAddressQuery, setShownAddressQuery] = useState(addressQuery);
  // The search this page last put in the address, until the address shows it.
  const [pushedQuery, setPushedQuery] = useState<string | null>(null);
  const { recentSearches, rememberSearch } = useRecentSearches();

  // The address changed under the box (back button, a genre tile): show that search in the box.
  // Not for a search the box itself sent: the listener may have typed on since.
  if (addressQuery !== shownAddressQuery) {
    setShownAddressQuery(addressQuery);
    if (addressQuery === pushedQuery) setPushedQuery(null);
    else if (draft.trim() !== addressQuery) setDraft(addressQuery);
  }

  useEffect(() => {
    const typed = draft.trim();
    if (typed === addressQuery) return;
    const timer = setTimeout(() => {
      setPushedQuery(typed);
      setSearchParams(typed ? { q: typed } : {}, { replace: true });
    }, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [draft, addressQuery, setSearchParams]);

  const results = useQuery({
    ...searchQuery(addressQuery),
    enabled: addressQuery !== '',
    placeholderData: keepPreviousData,
  });

  function runSearch(query: string) {
    const trimmed = query.trim();
    if (!trimmed) return;
    rememberSearch(trimmed);
    setDraft(trimmed);
    if (searchParams.get('q') === trimmed) return;
    setPushedQuery(trimmed);
    setSearchParams({ q: trimmed });
  }

  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-4 py-6 sm:px-6 md:py-8">
      <PageTitle title={addressQuery ? `Search: ${addressQuery}` : 'Search'} />
      <div className="grid max-w-2xl gap-4">
        <h1 className="text-3xl font-extrabold tracking-tight">Search</h1>
        <SearchBox
          value={draft}
          onChange={setDraft}
          onSubmit={() => runSearch(draft)}
          isSearching={results.isFetching}
        />
      </div>

      {addressQuery === '' ? (
        <>
          <RecentSearchList searches={recentSearches} onPick={runSearch} />
          <GenreTiles title="Browse all" />
        </>
      ) : results.isPending ? (
        <SongListSkeleton rows={6} label="Searching" />
      ) : results.isError ? (
        <LoadError title="Search failed" error={results.error} onRetry={() => void results.refetch()} />
      ) : results.data ? (
        <SearchResults results={results.data} />
      ) : null}
    </div>
  );
}
