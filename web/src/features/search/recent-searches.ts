import { RECENT_SEARCHES_KEY, RECENT_SEARCHES_LIMIT } from '@kora/contracts';

type ReadableStorage = Pick<Storage, 'getItem'>;
type WritableStorage = Pick<Storage, 'setItem'>;

/**
 * The list after searching for `query`: newest first, one entry per query (ignoring case and
 * surrounding spaces, keeping the latest spelling), at most RECENT_SEARCHES_LIMIT. Blank
 * queries are never saved (spec section 5).
 */
export function addRecentSearch(recent: readonly string[], query: string): string[] {
  const trimmed = query.trim();
  if (!trimmed) return [...recent];
  const key = trimmed.toLocaleLowerCase();
  const others = recent.filter((entry) => entry.trim().toLocaleLowerCase() !== key);
  return [trimmed, ...others].slice(0, RECENT_SEARCHES_LIMIT);
}

/** Whatever is stored, if it is a list of non-blank strings; anything else reads as no history. */
export function readRecentSearches(storage: ReadableStorage): string[] {
  let stored: unknown;
  try {
    stored = JSON.parse(storage.getItem(RECENT_SEARCHES_KEY) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(stored)) return [];
  return stored
    .filter((entry): entry is string => typeof entry === 'string' && entry.trim() !== '')
    .slice(0, RECENT_SEARCHES_LIMIT);
}

/** Saves the list; a full or disabled storage (private browsing) just means it is not remembered. */
export function writeRecentSearches(storage: WritableStorage, recent: readonly string[]): void {
  try {
    storage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(recent));
  } catch {
    return;
  }
}
