import { describe, expect, it } from 'vitest';
import { buildSearchTiers, suggestCorrections, countEdits, matchAnyTier, matchTiersFrom, RELEVANCE } from './search-terms.js';

describe('countEdits', () => {
  it.each([
    ['lagos', 'lagos', 0],
    ['lagso', 'lagos', 1],
    ['olamdie', 'olamide', 1],
    ['akwaba', 'akwaaba', 1],
    ['lagoss', 'lagos', 1],
    ['kagos', 'lagos', 1],
    ['lgaso', 'lagos', 2],
    ['abc', 'bcd', 2],
    ['', 'ola', 3],
    ['ọla', 'ola', 1],
  ])('%s → %s is %i', (a, b, distance) => {
    expect(countEdits(a, b)).toBe(distance);
    expect(countEdits(b, a)).toBe(distance);
  });

  it('counts letters outside the basic plane as one', () => {
    expect(countEdits('a𝄞b', 'ab')).toBe(1);
  });
});

describe('suggestCorrections', () => {
  it('offers the catalogue words one typo away, same first letter first', () => {
    expect(suggestCorrections({ word: 'lagso', nearby: ['kagso', 'lgaso', 'olamide', 'lagos', 'laso', 'lago'] })).toEqual([
      'lago',
      'lagos',
      'laso',
      'lgaso',
      'kagso',
    ]);
  });

  it('leaves a word the catalogue knows, and short words, alone', () => {
    expect(suggestCorrections({ word: 'lagos', nearby: ['lagos', 'lagoss'] })).toEqual([]);
    expect(suggestCorrections({ word: 'ola', nearby: ['olu', 'ol'] })).toEqual([]);
  });

  it('offers at most five', () => {
    const nearby = ['bame', 'cama', 'dama', 'fama', 'gama', 'hama', 'jama'];
    expect(suggestCorrections({ word: 'mama', nearby })).toHaveLength(5);
  });
});

describe('buildSearchTiers', () => {
  it('asks for whole words, then prefixes, each in the title, then the names, then with the marked genre words too', () => {
    const tiers = buildSearchTiers([
      { word: 'sunday', nearby: ['sunday'] },
      { word: 'ev', nearby: [] },
    ]);
    expect(tiers).toEqual([
      { relevance: RELEVANCE.exactInTitle, query: `'sunday':A & 'ev':A`, scope: 'title' },
      { relevance: RELEVANCE.exact, query: `'sunday' & 'ev'`, scope: 'names' },
      { relevance: RELEVANCE.exactWithGenre, query: `('sunday' | '#sunday') & ('ev' | '#ev')`, scope: 'anywhere' },
      { relevance: RELEVANCE.prefixInTitle, query: `'sunday':*A & 'ev':*A`, scope: 'title' },
      { relevance: RELEVANCE.prefix, query: `'sunday':* & 'ev':*`, scope: 'names' },
      { relevance: RELEVANCE.prefixWithGenre, query: `('sunday':* | '#sunday':*) & ('ev':* | '#ev':*)`, scope: 'anywhere' },
    ]);
  });

  it('ranks every tier below the one before it', () => {
    const relevances = buildSearchTiers([{ word: 'lagso', nearby: ['lagos'] }]).map((tier) => tier.relevance);
    expect(relevances).toEqual([...relevances].sort((a, b) => b - a));
    expect(new Set(relevances).size).toBe(relevances.length);
  });

  it('adds the corrections of a misspelt word as the least relevant tiers', () => {
    const tiers = buildSearchTiers([
      { word: 'lagso', nearby: ['lagos'] },
      { word: 'nights', nearby: ['nights'] },
    ]);
    expect(tiers.slice(6)).toEqual([
      { relevance: RELEVANCE.correctedInTitle, query: `('lagso':*A | 'lagos':A) & ('nights':*A)`, scope: 'title' },
      { relevance: RELEVANCE.corrected, query: `('lagso':* | 'lagos') & ('nights':*)`, scope: 'names' },
      {
        relevance: RELEVANCE.correctedWithGenre,
        query: `(('lagso':* | '#lagso':*) | ('lagos' | '#lagos')) & (('nights':* | '#nights':*))`,
        scope: 'anywhere',
      },
    ]);
  });

  it('never uses a single letter as a prefix, marked as a genre word or not', () => {
    expect(buildSearchTiers([{ word: 'a', nearby: [] }])[5]!.query).toBe(`('a' | '#a')`);
  });

  it('quotes quote marks and backslashes so no word is read as query syntax', () => {
    expect(buildSearchTiers([{ word: `it's\\`, nearby: [] }])[2]!.query).toBe(`('it''s\\\\' | '#it''s\\\\')`);
  });
});

describe('matchAnyTier', () => {
  it('is the least relevant tier, prefixes or corrections', () => {
    expect(matchAnyTier(buildSearchTiers([{ word: 'ola', nearby: [] }]))).toBe(`('ola':* | '#ola':*)`);
    expect(matchAnyTier(buildSearchTiers([{ word: 'lagso', nearby: ['lagos'] }]))).toBe(`(('lagso':* | '#lagso':*) | ('lagos' | '#lagos'))`);
  });
});

describe('matchTiersFrom', () => {
  const tiers = buildSearchTiers([{ word: 'ola', nearby: [] }]);

  it('joins every tier from the given relevance up', () => {
    expect(matchTiersFrom(tiers, RELEVANCE.exactWithGenre)).toBe(`('ola':A) | ('ola') | (('ola' | '#ola'))`);
  });

  it('is null above the best tier', () => {
    expect(matchTiersFrom(tiers, RELEVANCE.exactInTitle + 1)).toBeNull();
  });
});
