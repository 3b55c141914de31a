import { RECENT_SEARCHES_KEY, RECENT_SEARCHES_LIMIT } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { addRecentSearch, readRecentSearches, writeRecentSearches } from './recent-searches';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    items,
  };
}

describe('addRecentSearch', () => {
  it('puts the newest search first', () => {
    expect(addRecentSearch(['highlife'], 'amapiano')).toEqual(['amapiano', 'highlife']);
  });

  it('keeps one entry per query, moved to the front with the latest spelling', () => {
    expect(addRecentSearch(['jazz', 'Adebayo', 'rock'], '  adebayo ')).toEqual(['adebayo', 'jazz', 'rock']);
  });

  it(`keeps at most ${RECENT_SEARCHES_LIMIT}`, () => {
    let recent: string[] = [];
    for (const query of ['a', 'b', 'c', 'd', 'e', 'f', 'g']) recent = addRecentSearch(recent, query);
    expect(recent).toEqual(['g', 'f', 'e', 'd', 'c']);
  });

  it('never saves a blank search', () => {
    expect(addRecentSearch(['jazz'], '   ')).toEqual(['jazz']);
    expect(addRecentSearch([], '')).toEqual([]);
  });
});

describe('readRecentSearches', () => {
  it('reads what was written', () => {
    const storage = memoryStorage();
    writeRecentSearches(storage, ['fuji', 'juju']);
    expect(storage.items.get(RECENT_SEARCHES_KEY)).toBe('["fuji","juju"]');
    expect(readRecentSearches(storage)).toEqual(['fuji', 'juju']);
  });

  it('reads nothing stored, broken JSON or a wrong shape as an empty history', () => {
    expect(readRecentSearches(memoryStorage())).toEqual([]);
    expect(readRecentSearches(memoryStorage({ [RECENT_SEARCHES_KEY]: '{oops' }))).toEqual([]);
    expect(readRecentSearches(memoryStorage({ [RECENT_SEARCHES_KEY]: '{"q":"jazz"}' }))).toEqual([]);
  });

  it('drops entries that are not non-blank strings and caps the length', () => {
    const stored = JSON.stringify(['jazz', 3, '', ' ', null, 'rock', 'a', 'b', 'c', 'd']);
    expect(readRecentSearches(memoryStorage({ [RECENT_SEARCHES_KEY]: stored }))).toEqual(['jazz', 'rock', 'a', 'b', 'c']);
  });
});

describe('writeRecentSearches', () => {
  it('does not throw when the storage refuses to write', () => {
    const refusing = {
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
    };
    expect(() => writeRecentSearches(refusing, ['jazz'])).not.toThrow();
  });
});
