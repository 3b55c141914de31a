// A home genre tile searches the genre's name: the genre is part of every song's search document,
// at the lowest weight, so it finds the genre's songs below the songs that name the words.
import { HOME_GENRES, searchResponseSchema, type SearchResponse } from '@kora/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { songs } from '../../src/db/schema.js';
import { buildArtist, buildSong } from '../helpers/catalogue-factories.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let listener: SignedInUser;
const songIds: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const band = await buildArtist(db, { name: 'Lagoon Static' });
  const jazzKings = await buildArtist(db, { name: 'Jazz Kings' });
  const catalogue = {
    midnightSax: { title: 'Midnight Sax', genre: 'Jazz', playCount: 900 },
    blueNote: { title: 'Blue Note Blues', genre: 'Jazz', playCount: 500 },
    // Fewer plays than any Jazz song, but the word is in the title or the artist's name.
    jazzNight: { title: 'Jazz Night', genre: 'Highlife', playCount: 1 },
    crown: { title: 'Crown', artistId: jazzKings.id, genre: 'Highlife', playCount: 2 },
    // Only starts with the word: below every whole-word match, the genre's included.
    jazzy: { title: 'Jazzy Feeling', genre: 'Pop', playCount: 10_000 },
    streetCypher: { title: 'Street Cypher', genre: 'Hip Hop', playCount: 300 },
    slowJam: { title: 'Slow Jam', genre: 'R&B', playCount: 700 },
    velvet: { title: 'Velvet', genre: 'R&B', playCount: 70 },
    lagosNights: { title: 'Lagos Nights', genre: 'Afrobeats', playCount: 400 },
    owambe: { title: 'Owambe', genre: 'Afrobeats', playCount: 40 },
    untagged: { title: 'Untagged Groove', genre: null, playCount: 5000 },
    unreleased: { title: 'Unreleased Take', genre: 'Jazz', playCount: 99_999, status: 'processing' as const },
  };
  for (const [key, values] of Object.entries(catalogue)) songIds[key] = (await buildSong(db, { artistId: band.id, ...values })).id;
  listener = await signUp(t.app);
}, 60_000);
afterAll(() => t.close());

async function results(q: string): Promise<SearchResponse> {
  const response = await t.app.inject({ method: 'GET', url: '/api/search', query: { q }, headers: { cookie: listener.cookie } });
  expect(response.statusCode).toBe(200);
  return searchResponseSchema.parse(response.json());
}

async function songTitles(q: string): Promise<string[]> {
  return (await results(q)).songs.map((song) => song.title);
}

describe('searching a genre', () => {
  it("finds the genre's live songs by plays, below the songs whose title or artist holds the word", async () => {
    const expected = ['Jazz Night', 'Crown', 'Midnight Sax', 'Blue Note Blues', 'Jazzy Feeling'];
    expect(await songTitles('jazz')).toEqual(expected);
    expect(await songTitles('Jazz')).toEqual(expected);
    // A genre is no artist: only the artist whose name holds the word is listed.
    expect((await results('jazz')).artists.map((artist) => artist.name)).toEqual(['Jazz Kings']);
  });

  it('finds a genre of several words', async () => {
    expect(await songTitles('hip hop')).toEqual(['Street Cypher']);
    expect(await songTitles('Hip Hop')).toEqual(['Street Cypher']);
    expect(await songTitles('hip-hop')).toEqual(['Street Cypher']);
  });

  it('finds R&B however the ampersand is typed', async () => {
    expect(await songTitles('r&b')).toEqual(['Slow Jam', 'Velvet']);
    expect(await songTitles('R&B')).toEqual(['Slow Jam', 'Velvet']);
    expect(await songTitles('r & b')).toEqual(['Slow Jam', 'Velvet']);
  });

  it('finds a genre from the start of its name or with a typo', async () => {
    expect(await songTitles('afrobeat')).toEqual(['Lagos Nights', 'Owambe']);
    expect(await songTitles('afrobeats')).toEqual(['Lagos Nights', 'Owambe']);
    expect(await songTitles('afrobaets')).toEqual(['Lagos Nights', 'Owambe']);
  });

  it('matches words across the genre and the other fields', async () => {
    expect(await songTitles('lagos afrobeats')).toEqual(['Lagos Nights']);
    expect(await songTitles('blues jazz')).toEqual(['Blue Note Blues']);
    expect(await songTitles('lagos jazz')).toEqual([]);
  });

  it('finds the songs of every home genre tile', async () => {
    const db = t.database.db;
    const artist = await buildArtist(db, { name: 'Tile Tester' });
    const ids = new Map<string, number>();
    for (const [i, genre] of HOME_GENRES.entries()) ids.set(genre, (await buildSong(db, { title: `Track ${i}`, artistId: artist.id, genre })).id);
    for (const genre of HOME_GENRES) expect((await results(genre)).songs.map((song) => song.id)).toContain(ids.get(genre));
  });

  it("follows a song's genre when it changes, and learns a new genre's spelling", async () => {
    const db = t.database.db;
    expect(await songTitles('r&b')).toContain('Velvet');
    await db.update(songs).set({ genre: 'Amapiano' }).where(eq(songs.id, songIds.velvet!));
    expect(await songTitles('r&b')).not.toContain('Velvet');
    expect(await songTitles('amapiano')).toEqual(['Velvet']);
    expect(await songTitles('amapaino')).toEqual(['Velvet']);

    const artist = await buildArtist(db, { name: 'Choir Hall' });
    await buildSong(db, { title: 'Hallelujah Road', artistId: artist.id, genre: 'Gospel' });
    expect(await songTitles('gospel')).toEqual(['Hallelujah Road']);
    expect(await songTitles('gosple')).toEqual(['Hallelujah Road']);
  });
});
