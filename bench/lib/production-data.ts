// A production-size data set: a million songs, a hundred thousand listeners, ten million plays over
// ninety days, a million likes and a hundred thousand playlists, loaded with COPY (PostgreSQL) or
// COPY FROM a blob (PGlite). Deterministic: the same seed gives the same rows, so figures compare.
import { performance } from 'node:perf_hooks';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { hashPassword } from '../../server/src/features/auth/password.js';
import { popularTargets } from '../../server/src/features/search/popular-songs.js';
import { mulberry32, pick, type Rng } from '../../server/src/media/seeded-random.js';
import { GENRES, makeArtistName, makeTitle } from './search-catalogue.js';

export type DatasetSize = { artists: number; songs: number; listeners: number; plays: number; likes: number; playlists: number; days: number };

export const PRODUCTION_SIZE: DatasetSize = {
  artists: 50_000,
  songs: 1_000_000,
  listeners: 100_000,
  plays: 10_000_000,
  likes: 1_000_000,
  playlists: 100_000,
  days: 90,
};

/** Rows each budget reads, there at every size: the cases the issue names. */
export const LANDMARKS = {
  /** An artist with 500 songs of their own. */
  bigArtistId: 1,
  bigArtistSongs: 500,
  /** Listener 1 has 5,000 liked songs and owns playlist 1, which holds 1,000 songs. */
  likerId: 1,
  likerLikes: 5_000,
  bigPlaylistId: 1,
  bigPlaylistSongs: 1_000,
} as const;

export const LISTENER_PASSWORD = 'bench-password';
export const listenerEmail = (id: number) => `listener${id}@bench.kora.test`;

/** Where rows go: one COPY per call (PostgreSQL streams it; PGlite takes it as a blob), and plain SQL. */
export type CopyTarget = {
  copy(table: string, columns: readonly string[], rows: Iterable<string>): Promise<void>;
  exec(sqlText: string): Promise<void>;
  query<T>(sqlText: string): Promise<T[]>;
};

export function postgresCopyTarget(client: pg.Client): CopyTarget {
  return {
    async copy(table, columns, rows) {
      const stream = client.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN WITH (FORMAT csv)`));
      async function* chunks() {
        let chunk = '';
        for (const row of rows) {
          chunk += row;
          if (chunk.length > 1 << 20) {
            yield chunk;
            chunk = '';
          }
        }
        if (chunk) yield chunk;
      }
      await pipeline(chunks(), stream as unknown as Writable);
    },
    async exec(sqlText) {
      await client.query(sqlText);
    },
    async query<T>(sqlText: string) {
      return (await client.query(sqlText)).rows as T[];
    },
  };
}

/** PGlite reads a COPY's rows from a blob: sent in blobs of ~64 MB so the text never has to be whole. */
export function pgliteCopyTarget(client: PGlite): CopyTarget {
  return {
    async copy(table, columns, rows) {
      const statement = `COPY ${table} (${columns.join(', ')}) FROM '/dev/blob' WITH (FORMAT csv)`;
      let parts: string[] = [];
      let size = 0;
      const flush = async () => {
        if (parts.length === 0) return;
        await client.query(statement, [], { blob: new Blob(parts) });
        parts = [];
        size = 0;
      };
      for (const row of rows) {
        parts.push(row);
        size += row.length;
        if (size > 64 << 20) await flush();
      }
      await flush();
    },
    async exec(sqlText) {
      await client.exec(sqlText);
    },
    async query<T>(sqlText: string) {
      return (await client.query<T>(sqlText)).rows;
    },
  };
}

const csvText = (value: string) => `"${value.replaceAll('"', '""')}"`;
const csvNullable = (value: number | null) => (value === null ? '' : String(value));

/** A permutation of 1..n (a step coprime with n), so popularity does not follow id order. */
function scatter(n: number): (rank: number) => number {
  let step = Math.floor(n * 0.6180339887);
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  while (gcd(step, n) !== 1) step++;
  return (rank) => 1 + ((rank * step) % n);
}

/**
 * A long tail: rank 0 is the most popular. With exponent 4 the top 1% of songs take about a third
 * of the plays and the top 10% over half, as on streaming services.
 */
function popularRank(rnd: Rng, n: number, exponent: number): number {
  return Math.min(n - 1, Math.floor(n * Math.pow(rnd(), exponent)));
}

type Plays = {
  songId: Int32Array;
  userId: Int32Array;
  secondsAgo: Int32Array;
  secondsPlayed: Int16Array;
  /** Per song: all plays, and those on the days of trending's window. */
  perSong: Int32Array;
  recentPerSong: Int32Array;
};

const DAY_MS = 86_400_000;
/** Days are numbered from the epoch (UTC), as the server's play_day does with ISO dates. */
const dayNumber = (ms: number) => Math.floor(ms / DAY_MS);
const isoDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** Every play, in typed arrays (about 140 MB at ten million): the songs' counts must be known before the songs are written. */
function generatePlays(size: DatasetSize, rnd: Rng, now: number): Plays {
  const songOf = scatter(size.songs);
  const windowStart = dayNumber(now) - 6;
  const plays: Plays = {
    songId: new Int32Array(size.plays),
    userId: new Int32Array(size.plays),
    secondsAgo: new Int32Array(size.plays),
    secondsPlayed: new Int16Array(size.plays),
    perSong: new Int32Array(size.songs + 1),
    recentPerSong: new Int32Array(size.songs + 1),
  };
  const window = size.days * 24 * 60 * 60;
  for (let i = 0; i < size.plays; i++) {
    const songId = songOf(popularRank(rnd, size.songs, 4));
    plays.songId[i] = songId;
    // Heavy listeners and light ones: the busiest few play thousands of times in ninety days.
    plays.userId[i] = 1 + popularRank(rnd, size.listeners, 1.5);
    plays.secondsAgo[i] = Math.floor(rnd() * window);
    plays.secondsPlayed[i] = 30 + Math.floor(rnd() * 270);
    plays.perSong[songId]!++;
    if (dayNumber(now - plays.secondsAgo[i]! * 1000) >= windowStart) plays.recentPerSong[songId]!++;
  }
  return plays;
}

/** song_daily_plays from the plays: (song, day) keys sorted in a typed array, then counted in runs. */
function* dailyRollupRows(plays: Plays, now: number): Generator<string> {
  const firstDay = dayNumber(now) - 400;
  const keys = new Float64Array(plays.songId.length);
  for (let i = 0; i < keys.length; i++) keys[i] = plays.songId[i]! * 512 + (dayNumber(now - plays.secondsAgo[i]! * 1000) - firstDay);
  keys.sort();
  for (let i = 0; i < keys.length; ) {
    let j = i;
    while (j < keys.length && keys[j] === keys[i]) j++;
    const key = keys[i]!;
    yield `${Math.floor(key / 512)},${isoDay(firstDay + (key % 512))},${j - i}\n`;
    i = j;
  }
}

function* listeningTotalRows(plays: Plays, size: DatasetSize): Generator<string> {
  const count = new Int32Array(size.listeners + 1);
  const seconds = new Float64Array(size.listeners + 1);
  for (let i = 0; i < plays.userId.length; i++) {
    count[plays.userId[i]!]!++;
    seconds[plays.userId[i]!]! += plays.secondsPlayed[i]!;
  }
  for (let userId = 1; userId <= size.listeners; userId++) if (count[userId]! > 0) yield `${userId},${count[userId]},${seconds[userId]}\n`;
}

function* artistRows(size: DatasetSize, rnd: Rng): Generator<string> {
  for (let id = 1; id <= size.artists; id++) yield `${id},${csvText(makeArtistName(rnd))}\n`;
}


/**
 * The songs in runs per artist, most on albums, as in a real discography: the big artist first with
 * their 500, the others sharing the rest. Albums are collected while the songs stream out.
 */
function* songRows(size: DatasetSize, rnd: Rng, plays: Plays, albums: string[], playCounts: Int32Array, now: number): Generator<string> {
  const others = size.songs - LANDMARKS.bigArtistSongs;
  let albumArtist = 0;
  let albumId = 0;
  let tracksLeft = 0;
  for (let id = 1; id <= size.songs; id++) {
    const artistId = id <= LANDMARKS.bigArtistSongs ? LANDMARKS.bigArtistId : 2 + Math.floor(((id - LANDMARKS.bigArtistSongs - 1) * (size.artists - 1)) / others);
    let album: number | null = null;
    if (rnd() < 0.7) {
      if (albumArtist !== artistId || tracksLeft === 0) {
        albumId++;
        albumArtist = artistId;
        tracksLeft = 6 + Math.floor(rnd() * 10);
        albums.push(`${albumId},${csvText(makeTitle(rnd))},${artistId},${1995 + Math.floor(rnd() * 30)}\n`);
      }
      album = albumId;
      tracksLeft--;
    }
    // The plays before these ninety days, long-tailed, plus the ones generated.
    const history = Math.floor(Math.pow(rnd(), 6) * 500_000);
    const createdAt = new Date(now - Math.floor(rnd() * 5 * 365 * 86_400_000)).toISOString();
    playCounts[id] = history + plays.perSong[id]!;
    yield `${id},${csvText(makeTitle(rnd))},${artistId},${csvNullable(album)},${album === null ? '' : 1 + Math.floor(rnd() * 14)},` +
      `${120 + Math.floor(rnd() * 180)},${csvText(pick(rnd, GENRES))},${playCounts[id]},${plays.recentPerSong[id]},${createdAt}\n`;
  }
}

function* featuredRows(size: DatasetSize, rnd: Rng): Generator<string> {
  for (let songId = 1; songId <= size.songs; songId++) {
    if (rnd() >= 0.12) continue;
    const first = 1 + Math.floor(rnd() * size.artists);
    yield `${songId},${first},0\n`;
    if (rnd() < 0.3) {
      const second = 1 + Math.floor(rnd() * size.artists);
      if (second !== first) yield `${songId},${second},1\n`;
    }
  }
}

function* listenerRows(size: DatasetSize, rnd: Rng, passwordHash: string): Generator<string> {
  const given = ['Adaeze', 'Tunde', 'Amina', 'Kwame', 'Ngozi', 'Ibrahim', 'Yewande', 'Chidi', 'Fatima', 'Kofi', 'Bisi', 'Emeka'];
  const family = ['Okafor', 'Adeyemi', 'Bello', 'Mensah', 'Eze', 'Abubakar', 'Ogunleye', 'Nwosu', 'Diallo', 'Asante'];
  const created = new Date(Date.now() - 400 * 86_400_000).toISOString();
  for (let id = 1; id <= size.listeners; id++) {
    yield `${id},${listenerEmail(id)},${csvText(passwordHash)},${pick(rnd, given)},${pick(rnd, family)},${created},${created}\n`;
  }
}

function* playRows(plays: Plays, size: DatasetSize, now: number): Generator<string> {
  for (let i = 0; i < size.plays; i++) {
    yield `${plays.userId[i]},${plays.songId[i]},${plays.secondsPlayed[i]},${new Date(now - plays.secondsAgo[i]! * 1000).toISOString()}\n`;
  }
}

/** Each listener likes songs along the popularity curve; listener 1 likes exactly 5,000. */
function* likeRows(size: DatasetSize, rnd: Rng): Generator<string> {
  const songOf = scatter(size.songs);
  const seen = new Set<number>();
  const now = Date.now();
  const like = (userId: number, songId: number) => {
    const key = userId * 2 ** 21 + songId;
    if (seen.has(key)) return undefined;
    seen.add(key);
    return `${userId},${songId},${new Date(now - Math.floor(rnd() * 365 * 86_400_000)).toISOString()}\n`;
  };
  let made = 0;
  for (let rank = 0; made < LANDMARKS.likerLikes; rank++) {
    const row = like(LANDMARKS.likerId, songOf(rank * 7));
    if (row) {
      made++;
      yield row;
    }
  }
  while (made < size.likes) {
    const userId = 2 + popularRank(rnd, size.listeners - 1, 1.5);
    const row = like(userId, songOf(popularRank(rnd, size.songs, 3)));
    if (row) {
      made++;
      yield row;
    }
  }
}

type PlaylistRows = { playlists: string[]; songs: Generator<string> };

/** Playlist 1 (listener 1's) holds 1,000 songs; the others 5 to 60, their owners along the activity curve. */
function playlistRows(size: DatasetSize, rnd: Rng): PlaylistRows {
  const songOf = scatter(size.songs);
  const playlists: string[] = [];
  const lengths: number[] = [];
  const now = Date.now();
  for (let id = 1; id <= size.playlists; id++) {
    const owner = id === LANDMARKS.bigPlaylistId ? LANDMARKS.likerId : 1 + popularRank(rnd, size.listeners, 1.5);
    const created = new Date(now - Math.floor(rnd() * 365 * 86_400_000)).toISOString();
    playlists.push(`${id},${csvText(makeTitle(rnd))},${owner},"Bench Listener",${created},${created}\n`);
    lengths.push(id === LANDMARKS.bigPlaylistId ? LANDMARKS.bigPlaylistSongs : 5 + Math.floor(Math.pow(rnd(), 2) * 56));
  }
  function* songs(): Generator<string> {
    for (let id = 1; id <= size.playlists; id++) {
      const chosen = new Set<number>();
      while (chosen.size < lengths[id - 1]!) chosen.add(songOf(popularRank(rnd, size.songs, 2.5)));
      let position = 0;
      for (const songId of chosen) yield `${id},${songId},${position++},${new Date(now - position * 60_000).toISOString()}\n`;
    }
  }
  return { playlists, songs: songs() };
}

/** Each level's floor: the play count of its target-th most played song, or 0 for a smaller catalogue (features/search/popular-songs.ts). */
function popularFloors(playCounts: Int32Array, targets: number[]): number[] {
  const mostPlayedFirst = Int32Array.from(playCounts).sort().reverse();
  return targets.map((target) => (target > mostPlayedFirst.length ? 0 : mostPlayedFirst[target - 1]!)).sort((a, b) => a - b);
}

/** Secondary indexes of these tables, dropped for the load and built again after it (as pg_restore does); unique ones stay, for the triggers' ON CONFLICT. */
const BULK_TABLES = ['songs', 'albums', 'song_featured_artists', 'plays', 'song_daily_plays', 'liked_songs', 'playlists', 'playlist_songs', 'search_words'];

async function dropSecondaryIndexes(target: CopyTarget): Promise<string[]> {
  const indexes = await target.query<{ name: string; definition: string }>(`
    select i.indexname as name, i.indexdef as definition from pg_indexes i
    where i.schemaname = 'public' and i.tablename in (${BULK_TABLES.map((t) => `'${t}'`).join(', ')})
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)
      and i.indexdef not like 'CREATE UNIQUE%'`);
  for (const index of indexes) await target.exec(`drop index "${index.name}"`);
  return indexes.map((index) => index.definition);
}

export type LoadReport = { steps: { step: string; seconds: number }[]; totalSeconds: number };

/**
 * Fills an empty, migrated database. Foreign keys and triggers stay on for the catalogue (the
 * search triggers build the search data, as for an import); the listeners' rows, generated
 * consistent, load with triggers off (session_replication_role), as a restore would.
 */
export async function loadProductionData(target: CopyTarget, size: DatasetSize = PRODUCTION_SIZE, log = console.log): Promise<LoadReport> {
  const steps: LoadReport['steps'] = [];
  const started = performance.now();
  const step = async (name: string, work: () => Promise<void>) => {
    const at = performance.now();
    await work();
    const seconds = (performance.now() - at) / 1000;
    steps.push({ step: name, seconds });
    log(`  ${name}: ${seconds.toFixed(1)} s`);
  };
  const rnd = mulberry32(20261127);
  const now = Date.now();
  let plays: Plays | undefined;
  let indexes: string[] = [];
  await step('generate 10M plays in memory'.replace('10M', `${size.plays.toLocaleString('en')}`), async () => {
    plays = generatePlays(size, rnd, now);
  });
  await step('drop secondary indexes', async () => {
    indexes = await dropSecondaryIndexes(target);
  });
  await step(`artists (${size.artists.toLocaleString('en')})`, () => target.copy('artists', ['id', 'name'], artistRows(size, rnd)));
  const albums: string[] = [];
  const playCounts = new Int32Array(size.songs + 1);
  const songs = songRows(size, rnd, plays!, albums, playCounts, now);
  // Albums come out of the songs' loop; songs reference them, so they are loaded first from a first pass.
  const songLines = [...songs];
  await step(`albums (${albums.length.toLocaleString('en')})`, () => target.copy('albums', ['id', 'title', 'artist_id', 'release_year'], albums));
  // Search's popular floors as their daily move would set them, before the songs: their trigger levels them.
  for (const [i, floor] of popularFloors(playCounts.subarray(1), popularTargets(size.songs)).entries()) {
    await target.exec(`update search_popular_floors set play_count = ${floor} where level = ${i + 1}`);
  }
  await step(`songs (${size.songs.toLocaleString('en')}, search triggers on)`, () =>
    target.copy('songs', ['id', 'title', 'artist_id', 'album_id', 'track_number', 'duration', 'genre', 'play_count', 'recent_play_count', 'created_at'], songLines),
  );
  songLines.length = 0;
  await step('featured credits', () => target.copy('song_featured_artists', ['song_id', 'artist_id', 'position'], featuredRows(size, rnd)));
  const passwordHash = await hashPassword(LISTENER_PASSWORD);
  await target.exec('set session_replication_role = replica');
  await step(`listeners (${size.listeners.toLocaleString('en')})`, () =>
    target.copy('users', ['id', 'email', 'password_hash', 'first_name', 'last_name', 'email_confirmed_at', 'created_at'], listenerRows(size, rnd, passwordHash)));
  await step(`plays (${size.plays.toLocaleString('en')})`, () => target.copy('plays', ['user_id', 'song_id', 'seconds_played', 'played_at'], playRows(plays!, size, now)));
  // What each play's transaction keeps, computed from the same plays: the bench's rollups equal its plays.
  await step('listening totals and daily rollups', async () => {
    await target.copy('listening_totals', ['user_id', 'play_count', 'seconds_played'], listeningTotalRows(plays!, size));
    await target.copy('song_daily_plays', ['song_id', 'day', 'plays'], dailyRollupRows(plays!, now));
    await target.exec(`update trending_window set starts_on = '${isoDay(dayNumber(now) - 6)}'`);
  });
  plays = undefined;
  await step(`likes (${size.likes.toLocaleString('en')})`, () => target.copy('liked_songs', ['user_id', 'song_id', 'created_at'], likeRows(size, rnd)));
  const lists = playlistRows(size, rnd);
  await step(`playlists (${size.playlists.toLocaleString('en')}) and their songs`, async () => {
    await target.copy('playlists', ['id', 'name', 'user_id', 'created_by', 'created_at', 'updated_at'], lists.playlists);
    await target.copy('playlist_songs', ['playlist_id', 'song_id', 'position', 'added_at'], lists.songs);
  });
  await target.exec('set session_replication_role = origin');
  await step('rebuild secondary indexes', async () => {
    for (const definition of indexes) await target.exec(definition);
  });
  await step('sequences and statistics', async () => {
    for (const table of ['artists', 'albums', 'songs', 'users', 'playlists']) {
      await target.exec(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`);
    }
    await target.exec('vacuum analyze');
  });
  return { steps, totalSeconds: (performance.now() - started) / 1000 };
}
