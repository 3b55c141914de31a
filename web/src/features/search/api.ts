import type { SearchResponse } from '@kora/contracts';
import { queryOptions } from '@tanstack/react-query';

/** GET /api/search?q=…; the key is the whole path, which the default query function fetches. */
export function searchQuery(query: string) {
  return queryOptions<SearchResponse>({ queryKey: [`/api/search?${new URLSearchParams({ q: query }).toString()}`] });
}
