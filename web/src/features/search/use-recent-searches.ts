import { useState } from 'react';
import { addRecentSearch, readRecentSearches, writeRecentSearches } from './recent-searches';

/** Browsers that block storage throw on merely touching localStorage. */
function getLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The recent searches kept in this browser (spec section 3: up to 5, under 'recent-searches'). */
export function useRecentSearches() {
  const [recentSearches, setRecentSearches] = useState(() => {
    const storage = getLocalStorage();
    return storage ? readRecentSearches(storage) : [];
  });

  function rememberSearch(query: string) {
    const next = addRecentSearch(recentSearches, query);
    setRecentSearches(next);
    const storage = getLocalStorage();
    if (storage) writeRecentSearches(storage, next);
  }

  return { recentSearches, rememberSearch };
}
