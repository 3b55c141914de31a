// A large, deterministic catalogue for the search budget (and the names of bench/lib/production-data.ts): West African-style names and titles
// built from syllable tables, with the tone marks and dotted letters real names carry.
import { type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../server/src/db/client.js';
import { mulberry32, pick, type Rng } from '../../server/src/media/seeded-random.js';

export type CatalogueSize = { artists: number; songs: number };

export type GeneratedCatalogue = {
  artists: { id: number[]; name: string[] };
  albums: { id: number[]; title: string[]; artistId: number[]; releaseYear: number[] };
  songs: {
    id: number[];
    title: string[];
    artistId: number[];
    albumId: (number | null)[];
    trackNumber: (number | null)[];
    duration: number[];
    genre: string[];
    playCount: number[];
  };
  featured: { songId: number[]; artistId: number[]; position: number[] };
};

// Syllables per language, tone marks included, so names look and fold like real ones.
const SYLLABLES: readonly (readonly string[])[] = [
  // Yoruba
  ['ọ', 'lá', 'mi', 'dé', 'a', 'bá', 'yọ̀', 'fẹ́', 'tè', 'mí', 'tọ́', 'pẹ́', 'ṣọ', 'kú', 'n', 'lé', 'yẹ́', 'sí', 'dù', 'ní',
    'o', 'lú', 'wá', 'ì', 'bọ́', 'jù', 'mọ̀', 'kẹ́', 'ṣẹ́', 'gun', 'tí', 'la', 'dá', 'mọ́', 'ye', 'wù', 'ré', 'gbé', 'ayọ̀', 'fọ'],
  // Igbo
  ['chí', 'ò', 'má', 'ń', 'kẹ', 'chi', 'dì', 'nma', 'o', 'bí', 'nnà', 'ì', 'fe', 'a', 'nyí', 'ngo', 'zí', 'ù', 'ché', 'nna',
    'à', 'kà', 'chú', 'kwú', 'è', 'mé', 'ke', 'le', 'je', 'ọ', 'ma', 'nwa', 'ọ̀', 'bị́', 'e', 'be', 're', 'zè', 'kụ', 'dị'],
  // Hausa
  ['a', 'mi', 'nu', 'zai', 'nab', 'ƙa', 'si', 'mu', 'ɓa', 'la', 'ɗan', 'ju', 'ma', 'hau', 'wa', 'ya', 'u', 'fa', 'ti', 'sa',
    'ba', 'ra', 'ka', 'ta', 'ha', 'di', 'ja', 'ga', 'bu', 'ƴa', 'ru', 'ki', 'ɗa', 'li', 'ku', 'da', 'gi', 'zu', 'na', 'ri'],
  // Akan and Ewe
  ['kwa', 'me', 'a', 'ko', 'sua', 'ya', 'w', 'ɔ', 'bra', 'fo', 'ku', 'ab', 'e', 'na', 'ef', 'ua', 'dwo', 'sa', 'pɔ', 'ŋ',
    'gyi', 'man', 'to', 'wia', 'nti', 'ba', 'mɛ', 'ɛ', 'se', 'fi', 'yɔ', 'dzi', 'kɔ', 'tse', 'de', 'le', 'wo', 'ri', 'ni', 'bɔ'],
];

const STAGE_PREFIXES = ['DJ', 'Lil', 'MC', 'King', 'Queen', 'Young', 'Big', 'Baby'];
const STAGE_SUFFIXES = ['Boy', 'Baby', 'Vibes', 'Jnr', 'The Great', 'Crew', 'Sound', 'Band'];
const TITLE_WORDS = [
  'Love', 'Lagos', 'Money', 'Dance', 'Jollof', 'Vibe', 'Fire', 'Sweet', 'Mama', 'Wahala', 'Gbedu', 'Owo', 'Ìfẹ́', 'Ọ̀rẹ́',
  'Ayọ̀', 'Àṣẹ', 'Ọ̀ṣun', 'Èkó', 'Àbújá', 'Enugu', 'Accra', 'Kumasi', 'Dakar', 'Owambe', 'Sunday', 'Night', 'Baby', 'Heart',
  'Rain', 'Sun', 'Gold', 'Dream', 'Holy', 'Blessing', 'Journey', 'Street', 'Party', 'Body', 'Soul', 'Mind', 'Home', 'Road',
  'Ọlọ́run', 'Ẹ̀mí', 'Ọmọ', 'Ìyá', 'Bàbá', 'Ìgbà', 'Ojú', 'Ọ̀nà', 'Egwu', 'Obi', 'Nne', 'Ụwa', 'Ndụ', 'Soyayya', 'Rayuwa',
  'Medo', 'Ɔdɔ', 'Akwaaba', 'Sika', 'Anigye', 'Highlife', 'Amapiano', 'Fuji', 'Juju', 'Last', 'Calm', 'Down', 'Again',
  // Pidgin
  'Wetin', 'Abeg', 'Oya', 'Sabi', 'Gbege', 'Shakara', 'Jare', 'Pikin', 'Waka', 'Chop', 'Jollificate', 'Ginger', 'No Wahala', 'Na So',
];
export const COMMON_TITLE_WORDS = ['Love', 'Lagos', 'Baby', 'Dance', 'Money', 'Sunday', 'Party', 'Heart'];
export const GENRES = ['Afrobeats', 'Amapiano', 'Highlife', 'Fuji', 'Juju', 'Gospel', 'Hip Hop', 'R&B', 'Pop', 'Jazz', 'Dancehall'];

function capitalize(word: string): string {
  return word.charAt(0).toLocaleUpperCase('en') + word.slice(1);
}

function makeWord(rnd: Rng, syllables: readonly string[], min: number, max: number): string {
  const count = min + Math.floor(rnd() * (max - min + 1));
  let word = '';
  for (let i = 0; i < count; i++) word += pick(rnd, syllables);
  return capitalize(word);
}

export function makeArtistName(rnd: Rng): string {
  const syllables = pick(rnd, SYLLABLES);
  const given = makeWord(rnd, syllables, 2, 4);
  const roll = rnd();
  if (roll < 0.1) return `${pick(rnd, STAGE_PREFIXES)} ${given}`;
  if (roll < 0.2) return `${given} ${pick(rnd, STAGE_SUFFIXES)}`;
  return `${given} ${makeWord(rnd, syllables, 2, 4)}`;
}

export function makeTitle(rnd: Rng): string {
  const words = 1 + Math.floor(rnd() * 3);
  const parts: string[] = [];
  for (let i = 0; i < words; i++) {
    parts.push(rnd() < 0.55 ? pick(rnd, TITLE_WORDS) : makeWord(rnd, pick(rnd, SYLLABLES), 2, 3));
  }
  return parts.join(' ');
}

/** Long-tailed play counts: most songs are rarely played, a few are hits. */
function makePlayCount(rnd: Rng): number {
  return Math.floor(Math.pow(rnd(), 6) * 5_000_000);
}

export function generateCatalogue(size: CatalogueSize, seed = 20240611): GeneratedCatalogue {
  const rnd = mulberry32(seed);
  const catalogue: GeneratedCatalogue = {
    artists: { id: [], name: [] },
    albums: { id: [], title: [], artistId: [], releaseYear: [] },
    songs: { id: [], title: [], artistId: [], albumId: [], trackNumber: [], duration: [], genre: [], playCount: [] },
    featured: { songId: [], artistId: [], position: [] },
  };
  for (let id = 1; id <= size.artists; id++) {
    catalogue.artists.id.push(id);
    catalogue.artists.name.push(makeArtistName(rnd));
  }
  const { songs, albums, featured } = catalogue;
  for (let id = 1; id <= size.songs; id++) {
    // Songs come in runs per artist, most of them on albums, like a real discography.
    const artistId = 1 + Math.floor(((id - 1) * size.artists) / size.songs);
    const onAlbum = rnd() < 0.7;
    const previousAlbum = albums.artistId.at(-1) === artistId ? albums.id.at(-1) : undefined;
    let albumId: number | null = null;
    if (onAlbum) {
      if (previousAlbum !== undefined && rnd() < 0.8) albumId = previousAlbum;
      else {
        albumId = albums.id.length + 1;
        albums.id.push(albumId);
        albums.title.push(makeTitle(rnd));
        albums.artistId.push(artistId);
        albums.releaseYear.push(1995 + Math.floor(rnd() * 30));
      }
    }
    songs.id.push(id);
    songs.title.push(makeTitle(rnd));
    songs.artistId.push(artistId);
    songs.albumId.push(albumId);
    songs.trackNumber.push(albumId === null ? null : 1 + Math.floor(rnd() * 14));
    songs.duration.push(120 + Math.floor(rnd() * 180));
    songs.genre.push(pick(rnd, GENRES));
    songs.playCount.push(makePlayCount(rnd));
    if (rnd() < 0.12) {
      const guests = 1 + Math.floor(rnd() * 2);
      for (let position = 0; position < guests; position++) {
        const guest = 1 + Math.floor(rnd() * size.artists);
        if (guest === artistId || (position > 0 && featured.artistId.at(-1) === guest)) continue;
        featured.songId.push(id);
        featured.artistId.push(guest);
        featured.position.push(position);
      }
    }
  }
  return catalogue;
}

const BATCH = 10_000;

type Slice = (values: readonly unknown[]) => SQLWrapper;

async function insertInBatches(db: Db, count: number, insert: (slice: Slice) => SQL): Promise<void> {
  for (let start = 0; start < count; start += BATCH) {
    await db.execute(insert((values) => sql.param(values.slice(start, start + BATCH))));
  }
}

/**
 * Inserts through the real schema, so the search triggers do their work as they would for an
 * import: one multi-row INSERT … SELECT FROM unnest(arrays) per batch of ten thousand rows.
 */
export async function insertCatalogue(db: Db, { artists, albums, songs, featured }: GeneratedCatalogue): Promise<void> {
  await insertInBatches(db, artists.id.length, (s) => sql`insert into artists (id, name)
    select * from unnest(${s(artists.id)}::int[], ${s(artists.name)}::text[])`);
  await insertInBatches(db, albums.id.length, (s) => sql`insert into albums (id, title, artist_id, release_year)
    select * from unnest(${s(albums.id)}::int[], ${s(albums.title)}::text[], ${s(albums.artistId)}::int[], ${s(albums.releaseYear)}::int[])`);
  await insertInBatches(db, songs.id.length, (s) => sql`insert into songs (id, title, artist_id, album_id, track_number, duration, genre, play_count)
    select * from unnest(${s(songs.id)}::int[], ${s(songs.title)}::text[], ${s(songs.artistId)}::int[], ${s(songs.albumId)}::int[],
      ${s(songs.trackNumber)}::int[], ${s(songs.duration)}::int[], ${s(songs.genre)}::text[], ${s(songs.playCount)}::int[])`);
  await insertInBatches(db, featured.songId.length, (s) => sql`insert into song_featured_artists (song_id, artist_id, position)
    select * from unnest(${s(featured.songId)}::int[], ${s(featured.artistId)}::int[], ${s(featured.position)}::int[])`);
  // Explicit ids leave the sequences behind; later inserts must not collide with them.
  for (const table of ['artists', 'albums', 'songs']) {
    await db.execute(sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.identifier(table)}))`);
  }
}
