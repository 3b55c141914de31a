// Searches people type on a phone: mostly without tone marks, often partial, sometimes misspelt,
// one to three words, drawn from the generated catalogue with a seeded RNG.
import { mulberry32, pick, type Rng } from '../../server/src/media/seeded-random.js';
import { COMMON_TITLE_WORDS, type GeneratedCatalogue } from './search-catalogue.js';

export type QueryKind =
  | 'artist name'
  | 'artist as written'
  | 'whole word'
  | 'prefix'
  | 'typo'
  | 'title words'
  | 'artist and title'
  | 'common word'
  | 'no match';

export type BenchQuery = { kind: QueryKind; q: string };

// Letters a keyboard without West African layouts types instead.
const PLAIN_LETTERS: Record<string, string> = { ɓ: 'b', ɗ: 'd', ƙ: 'k', ƴ: 'y', ŋ: 'n', ɛ: 'e', ɔ: 'o' };

function stripMarks(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[ɓɗƙƴŋɛɔ]/gu, (letter) => PLAIN_LETTERS[letter]!);
}

function splitWords(text: string): string[] {
  return stripMarks(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

function misspell(rnd: Rng, word: string): string {
  const letters = [...word];
  const at = 1 + Math.floor(rnd() * (letters.length - 2));
  const kind = Math.floor(rnd() * 4);
  if (kind === 0) [letters[at], letters[at + 1]] = [letters[at + 1]!, letters[at]!];
  else if (kind === 1) letters.splice(at, 1);
  else if (kind === 2) letters.splice(at, 0, letters[at]!);
  else letters[at] = pick(rnd, [...'aeiouklmnst'].filter((letter) => letter !== letters[at]));
  const typo = letters.join('');
  return typo === word ? `${word}x` : typo;
}

const MIX: [QueryKind, number][] = [
  ['artist name', 15],
  ['artist as written', 10],
  ['whole word', 15],
  ['prefix', 20],
  ['typo', 15],
  ['title words', 10],
  ['artist and title', 10],
  ['common word', 3],
  ['no match', 2],
];

function pickKind(rnd: Rng): QueryKind {
  let roll = rnd() * MIX.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [kind, weight] of MIX) {
    roll -= weight;
    if (roll < 0) return kind;
  }
  return MIX[0]![0];
}

/** What the mix is drawn from: artists' names (artist id n at n - 1) and songs' titles with their artist ids. */
export type QuerySource = { artists: Pick<GeneratedCatalogue['artists'], 'name'>; songs: Pick<GeneratedCatalogue['songs'], 'id' | 'title' | 'artistId'> };

export function buildQueryMix(catalogue: QuerySource, count: number, seed = 7): BenchQuery[] {
  const rnd = mulberry32(seed);
  const { artists, songs } = catalogue;
  const randomSong = () => Math.floor(rnd() * songs.id.length);
  const artistOf = (song: number) => artists.name[songs.artistId[song]! - 1]!;
  const anyWord = (minLength: number) => {
    for (;;) {
      const song = randomSong();
      const candidates = splitWords(`${songs.title[song]} ${artistOf(song)}`).filter((word) => word.length >= minLength);
      if (candidates.length > 0) return pick(rnd, candidates);
    }
  };
  const queries: BenchQuery[] = [];
  while (queries.length < count) {
    const kind = pickKind(rnd);
    const song = randomSong();
    let q: string;
    if (kind === 'artist name') q = stripMarks(artistOf(song));
    else if (kind === 'artist as written') q = artistOf(song);
    else if (kind === 'whole word') q = anyWord(3);
    else if (kind === 'prefix') q = anyWord(4).slice(0, 3 + Math.floor(rnd() * 3));
    else if (kind === 'typo') q = misspell(rnd, anyWord(5));
    else if (kind === 'title words') q = splitWords(songs.title[song]!).slice(0, 3).join(' ');
    else if (kind === 'artist and title') q = `${splitWords(artistOf(song))[0]} ${pick(rnd, splitWords(songs.title[song]!))}`;
    else if (kind === 'common word') q = pick(rnd, COMMON_TITLE_WORDS).toLowerCase();
    else q = Array.from({ length: 7 }, () => pick(rnd, [...'qxzjvw'])).join('');
    queries.push({ kind, q });
  }
  return queries;
}
