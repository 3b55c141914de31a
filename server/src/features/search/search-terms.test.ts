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

/** A typed word: `known` when the catalogue holds it whole; `genres`, the genre words it starts. */
const typed = (word: string, { known = false, genres = [] as string[], nearby = [] as string[] } = {}) => ({
  word,
  nearby: known ? [word, ...nearby] : nearby,
  genres,
});

describe('buildSearchTiers', () => {
  it('asks for whole words, then prefixes, each in the title, then the names, then with the marked genre words too', () => {
    const tiers = buildSearchTiers([typed('sunday', { known: true }), typed('ev')]);
    expect(tiers).toEqual([
      { relevance: RELEVANCE.exactInTitle, query: `'sunday':A & 'ev':A`, scope: 'title', titleQuery: `'sunday' & 'ev'` },
      { relevance: RELEVANCE.exact, query: `'sunday' & 'ev'`, scope: 'names' },
      { relevance: RELEVANCE.exactWithGenre, query: `('sunday' | '#sunday') & ('ev' | '#ev')`, scope: 'anywhere' },
      // A word the catalogue knows, before the last, is taken whole.
      { relevance: RELEVANCE.prefixInTitle, query: `'sunday':A & 'ev':*A`, scope: 'title', titleQuery: `'sunday' & 'ev':*` },
      { relevance: RELEVANCE.prefix, query: `'sunday' & 'ev':*`, scope: 'names' },
      { relevance: RELEVANCE.prefixWithGenre, query: `('sunday' | '#sunday') & ('ev':*)`, scope: 'anywhere' },
    ]);
  });

  it('reads an earlier word as a prefix only when the catalogue has no such whole word', () => {
    const tiers = buildSearchTiers([typed('sund', { nearby: ['sun'] }), typed('even', { known: true })]);
    expect(tiers.find((tier) => tier.relevance === RELEVANCE.prefix)!.query).toBe(`'sund':* & 'even':*`);
  });

  it('reaches a genre from the start of its name through the whole genre words, never a marked prefix', () => {
    const tiers = buildSearchTiers([typed('afro', { genres: ['afrobeats', 'afropop'] })]);
    expect(tiers.find((tier) => tier.relevance === RELEVANCE.exactWithGenre)!.query).toBe(`('afro' | '#afro')`);
    expect(tiers.find((tier) => tier.relevance === RELEVANCE.prefixWithGenre)!.query).toBe(`('afro':* | '#afrobeats' | '#afropop')`);
  });

  it('ranks every tier below the one before it', () => {
    const relevances = buildSearchTiers([typed('lagso', { nearby: ['lagos'] })]).map((tier) => tier.relevance);
    expect(relevances).toEqual([...relevances].sort((a, b) => b - a));
    expect(new Set(relevances).size).toBe(relevances.length);
  });

  it('adds the corrections of a misspelt word as the least relevant tiers', () => {
    const tiers = buildSearchTiers([typed('lagso', { nearby: ['lagos'] }), typed('nights', { known: true })]);
    expect(tiers.slice(6)).toEqual([
      {
        relevance: RELEVANCE.correctedInTitle,
        query: `('lagso':*A | 'lagos':A) & ('nights':*A)`,
        scope: 'title',
        titleQuery: `('lagso':* | 'lagos') & ('nights':*)`,
      },
      { relevance: RELEVANCE.corrected, query: `('lagso':* | 'lagos') & ('nights':*)`, scope: 'names' },
      { relevance: RELEVANCE.correctedWithGenre, query: `(('lagso':*) | ('lagos' | '#lagos')) & (('nights':*))`, scope: 'anywhere' },
    ]);
  });

  it('never uses a single letter as a prefix, marked as a genre word or not', () => {
    expect(buildSearchTiers([typed('a')])[5]!.query).toBe(`('a' | '#a')`);
  });

  it('quotes quote marks and backslashes so no word is read as query syntax', () => {
    expect(buildSearchTiers([typed(`it's\\`)])[2]!.query).toBe(`('it''s\\\\' | '#it''s\\\\')`);
  });
});

describe('matchAnyTier', () => {
  it('is the least relevant tier, prefixes or corrections', () => {
    expect(matchAnyTier(buildSearchTiers([typed('ola')]))).toBe(`('ola':*)`);
    expect(matchAnyTier(buildSearchTiers([typed('lagso', { nearby: ['lagos'] })]))).toBe(`(('lagso':*) | ('lagos' | '#lagos'))`);
  });
});

describe('matchTiersFrom', () => {
  const tiers = buildSearchTiers([typed('ola')]);

  it('joins every tier of its part from the given relevance up', () => {
    expect(matchTiersFrom(tiers, RELEVANCE.exactWithGenre, 'titles')).toBe(`('ola')`);
    expect(matchTiersFrom(tiers, RELEVANCE.exactWithGenre, 'others')).toBe(`('ola') | (('ola' | '#ola'))`);
  });

  it('splits them into the title tiers, unweighted, and the others', () => {
    expect(matchTiersFrom(tiers, RELEVANCE.prefixInTitle, 'titles')).toBe(`('ola') | ('ola':*)`);
    expect(matchTiersFrom(tiers, RELEVANCE.prefixInTitle, 'others')).toBe(`('ola') | (('ola' | '#ola'))`);
    expect(matchTiersFrom(tiers, RELEVANCE.exact, 'titles')).toBe(`('ola')`);
    expect(matchTiersFrom(tiers, RELEVANCE.exactInTitle, 'others')).toBeNull();
  });

  it('is null above the best tier', () => {
    expect(matchTiersFrom(tiers, RELEVANCE.exactInTitle + 1, 'titles')).toBeNull();
    expect(matchTiersFrom(tiers, RELEVANCE.exactInTitle + 1, 'others')).toBeNull();
  });
});
