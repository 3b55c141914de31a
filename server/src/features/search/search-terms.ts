/**
 * Turns a search into full-text queries of decreasing relevance. The words arrive already folded
 * by the database (kora_search_fold), exactly like the catalogue's search documents.
 */

/**
 * A word of the search, the catalogue words that share one of its one-letter deletions, and the
 * catalogue's genre words that start with it.
 */
export type SearchWord = { word: string; nearby: string[]; genres: string[] };

/**
 * Where in a song's search document a tier's words must match: the title (weight A), the names
 * (title, artists and album), or anywhere, the genre included.
 */
export type TierScope = 'title' | 'names' | 'anywhere';

/**
 * A PostgreSQL tsquery (text form) and the relevance of what it matches; a title tier also as the
 * same words without the title's weight, to be asked of the index of titles alone.
 */
export type SearchTier = { relevance: number; query: string; scope: TierScope; titleQuery?: string };

/** Longer searches keep their first words: enough to pin a song down, and the queries stay small. */
export const MAX_SEARCH_WORDS = 6;

// One letter as a prefix matches a large part of the catalogue and means little.
const PREFIX_MIN_LENGTH = 2;
// Below four letters, one typo away is a different word more often than a mistake.
const TYPO_MIN_LENGTH = 4;
const MAX_CORRECTIONS_PER_WORD = 5;
/**
 * A song's genre words are stored with this mark ('#jazz', migration 0005), a spelling no title
 * or name folds to: a title or name search never reads the postings of a whole genre's songs.
 */
const GENRE_MARK = '#';

export const RELEVANCE = {
  exactInTitle: 8,
  exact: 7,
  exactWithGenre: 6,
  prefixInTitle: 5,
  prefix: 4,
  prefixWithGenre: 3,
  correctedInTitle: 2,
  corrected: 1,
  correctedWithGenre: 0,
} as const;


/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps. */
export function countEdits(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let best = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) best = Math.min(best, beforePrevious[j - 2]! + 1);
      current.push(best);
    }
    beforePrevious = previous;
    previous = current;
  }
  return previous[y.length]!;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The catalogue words a typed word probably meant: exactly one typo away. A word the catalogue
 * knows is taken as meant; short words are never corrected.
 */
export function suggestCorrections({ word, nearby }: Pick<SearchWord, 'word' | 'nearby'>): string[] {
  if ([...word].length < TYPO_MIN_LENGTH || nearby.includes(word)) return [];
  // People rarely mistype the first letter, so candidates that keep it come first.
  return nearby
    .filter((candidate) => countEdits(word, candidate) === 1)
    .sort((a, b) => Number(b[0] === word[0]) - Number(a[0] === word[0]) || compareText(a, b))
    .slice(0, MAX_CORRECTIONS_PER_WORD);
}

/** A lexeme in tsquery syntax; quoting makes any character literal. */
function quoteLexeme(lexeme: string, flags: string): string {
  const quoted = `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
  return flags ? `${quoted}:${flags}` : quoted;
}

/**
 * Whether a word may stand for any word it starts. The last word may still be being typed; an
 * earlier one only when the catalogue has no such whole word ("sund even"). A word the catalogue
 * knows is taken as meant, as for typos: a prefix's postings are gathered whole before they are
 * combined (GIN cannot skip through them), so every prefix costs what its commonest words cost.
 */
function readsAsPrefix(searchWord: SearchWord, isLast: boolean): boolean {
  return [...searchWord.word].length >= PREFIX_MIN_LENGTH && (isLast || !searchWord.nearby.includes(searchWord.word));
}

/**
 * A word as a tsquery term matching in `scope`: the whole word, or as a prefix any word it starts.
 * Genre words are asked for whole: a prefix reaches a genre through the genre words it starts.
 */
function buildTerm(searchWord: SearchWord, scope: TierScope, { prefix = false } = {}): string {
  const { word } = searchWord;
  const term = quoteLexeme(word, `${prefix ? '*' : ''}${scope === 'title' ? 'A' : ''}`);
  if (scope !== 'anywhere') return term;
  const genres = prefix ? searchWord.genres : [word];
  return `(${[term, ...genres.map((genre) => quoteLexeme(GENRE_MARK + genre, ''))].join(' | ')})`;
}

function joinAll(words: SearchWord[], term: (word: SearchWord, isLast: boolean) => string): string {
  return words.map((word, i) => term(word, i === words.length - 1)).join(' & ');
}

const SCOPES: readonly TierScope[] = ['title', 'names', 'anywhere'];
const EXACT = { title: RELEVANCE.exactInTitle, names: RELEVANCE.exact, anywhere: RELEVANCE.exactWithGenre };
const PREFIX = { title: RELEVANCE.prefixInTitle, names: RELEVANCE.prefix, anywhere: RELEVANCE.prefixWithGenre };
const CORRECTED = { title: RELEVANCE.correctedInTitle, names: RELEVANCE.corrected, anywhere: RELEVANCE.correctedWithGenre };

type TermBuilder = (word: SearchWord, scope: TierScope, isLast: boolean) => string;

/** One tier per scope, title first: every word must match, in that scope, as `term` says. */
function buildScopedTiers(words: SearchWord[], relevance: Record<TierScope, number>, term: TermBuilder): SearchTier[] {
  const query = (scope: TierScope) => joinAll(words, (w, isLast) => term(w, scope, isLast));
  // The names' terms are the title's without its weight.
  return SCOPES.map((scope) => ({ relevance: relevance[scope], query: query(scope), scope, ...(scope === 'title' && { titleQuery: query('names') }) }));
}

/**
 * Every word must match somewhere in the song (title, artists, album or genre). Whole words beat
 * prefixes, which beat corrected typos; within each, a match in the title beats one in the other
 * names, which beats one that needs the genre.
 */
export function buildSearchTiers(searchWords: SearchWord[]): SearchTier[] {
  const asTyped: TermBuilder = (w, scope, isLast) => buildTerm(w, scope, { prefix: readsAsPrefix(w, isLast) });
  const tiers = [...buildScopedTiers(searchWords, EXACT, (w, scope) => buildTerm(w, scope)), ...buildScopedTiers(searchWords, PREFIX, asTyped)];
  const corrections = new Map(searchWords.map((w) => [w.word, suggestCorrections(w)]));
  if ([...corrections.values()].every((list) => list.length === 0)) return tiers;
  // A correction is a catalogue word, asked for whole, in the genre too when it is one there.
  const corrected = (word: string): SearchWord => ({ word, nearby: [], genres: [word] });
  const withCorrections: TermBuilder = (w, scope, isLast) =>
    `(${[asTyped(w, scope, isLast), ...corrections.get(w.word)!.map((c) => buildTerm(corrected(c), scope))].join(' | ')})`;
  return [...tiers, ...buildScopedTiers(searchWords, CORRECTED, withCorrections)];
}

/**
 * Everything the search matches. Each tier's matches are among the least relevant tier's (whole
 * words are prefixes too; a corrected word keeps the word as typed), so that query alone does.
 */
export function matchAnyTier(tiers: SearchTier[]): string {
  return tiers.at(-1)!.query;
}

/**
 * One tsquery matching everything the given tiers (most relevant first) match from `relevance` up:
 * of the title tiers (unweighted, for the index of titles), or of the others.
 */
export function matchTiersFrom(tiers: SearchTier[], relevance: number, part: 'titles' | 'others'): string | null {
  const parts = tiers
    .filter((tier) => tier.relevance >= relevance && (tier.scope === 'title') === (part === 'titles'))
    .map((tier) => `(${part === 'titles' ? tier.titleQuery : tier.query})`);
  return parts.length === 0 ? null : parts.join(' | ');
}
