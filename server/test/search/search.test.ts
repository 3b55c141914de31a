import { SEARCH_QUERY_MAX_LENGTH, searchResponseSchema, type SearchResponse } from '@kora/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albums, artists, songFeaturedArtists, songs } from '../../src/db/schema.js';
import { buildAlbum, buildArtist, buildSong } from '../helpers/catalogue-factories.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let listener: SignedInUser;
const artistIds: Record<string, number> = {};
const songIds: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  for (const [key, name] of Object.entries({
    olamide: 'Ọlámidé',
    asa: 'Aṣa',
    adebayo: 'Ọláolúwa Adébáyọ̀',
    chioma: 'Chíòmá Ńkẹ́',
    lagoon: 'Lagoon Static',
    kofi: 'Kɔfi Mensah',
  })) {
    artistIds[key] = (await buildArtist(db, { name, bio: `${name} makes music.` })).id;
  }
  const osunDreams = await buildAlbum(db, { title: 'Ọ̀ṣun Dreams', artistId: artistIds.asa! });
  const catalogue = {
    lagosNights: { title: 'Lagos Nights', artistId: artistIds.olamide!, playCount: 100 },
    ifeMi: { title: 'Ìfẹ́ Mi', artistId: artistIds.asa!, albumId: osunDreams.id, playCount: 50 },
    jollof: { title: 'Jollof Party', artistId: artistIds.chioma!, featuring: [artistIds.adebayo!], playCount: 10 },
    ola: { title: 'Ọlá', artistId: artistIds.lagoon!, playCount: 5 },
    olaoluwaDance: { title: 'Ọláolúwa Dance', artistId: artistIds.lagoon!, playCount: 5000 },
    sundayMorning: { title: 'Sunday Morning', artistId: artistIds.lagoon!, playCount: 30 },
    sundayEvening: { title: 'Sunday Evening', artistId: artistIds.lagoon!, playCount: 300 },
    akwaaba: { title: 'Akwaaba', artistId: artistIds.kofi!, playCount: 1 },
    lagoon: { title: 'Lagoon', artistId: artistIds.asa!, playCount: 0 },
    unreleased: { title: 'Unreleased Demo', artistId: artistIds.olamide!, status: 'processing' as const },
    rejected: { title: 'Rejected Demo', artistId: artistIds.olamide!, status: 'rejected' as const },
  };
  for (const [key, values] of Object.entries(catalogue)) songIds[key] = (await buildSong(db, values)).id;
  listener = await signUp(t.app);
}, 60_000);
afterAll(() => t.close());

async function search(q: string, cookie = listener.cookie) {
  return t.app.inject({ method: 'GET', url: '/api/search', query: { q }, headers: cookie ? { cookie } : {} });
}

async function results(q: string): Promise<SearchResponse> {
  const response = await search(q);
  expect(response.statusCode).toBe(200);
  return searchResponseSchema.parse(response.json());
}

async function songTitles(q: string): Promise<string[]> {
  return (await results(q)).songs.map((song) => song.title);
}

describe('GET /api/search', () => {
  it('answers in the contract shape: presented songs with their source, artists, source counts', async () => {
    const body = await results('Lagos');
    expect(body.songs).toHaveLength(1);
    expect(body.songs[0]).toMatchObject({
      id: songIds.lagosNights,
      title: 'Lagos Nights',
      source: 'local',
      artist: { id: artistIds.olamide, name: 'Ọlámidé' },
      fileUrl: `/api/songs/${songIds.lagosNights}/stream`,
      playCount: 100,
    });
    expect(body.sources).toEqual({ local: 1 });
    expect(body.unavailableSources).toEqual([]);
    expect(body.artists).toEqual([]);

    const artistsFound = (await results('asa')).artists;
    expect(artistsFound).toEqual([{ id: artistIds.asa, name: 'Aṣa', bio: 'Aṣa makes music.', imageUrl: null, deezerId: null }]);
  });

  it('ignores case, tone marks and dotted letters, whichever way they were typed', async () => {
    expect((await results('olamide')).artists.map((artist) => artist.name)).toEqual(['Ọlámidé']);
    expect(await songTitles('OLAMIDE')).toEqual(['Lagos Nights']);
    expect(await songTitles('Ọlámidé')).toEqual(['Lagos Nights']);
    expect(await songTitles('Ọlámidé'.normalize('NFD'))).toEqual(['Lagos Nights']);
    expect((await results('adebayo')).artists.map((artist) => artist.name)).toEqual(['Ọláolúwa Adébáyọ̀']);
    expect((await results('chioma nke')).artists.map((artist) => artist.name)).toEqual(['Chíòmá Ńkẹ́']);
    expect(await songTitles('ife mi')).toEqual(['Ìfẹ́ Mi']);
    expect((await results('kofi')).artists.map((artist) => artist.name)).toEqual(['Kɔfi Mensah']);
  });

  it('finds songs by their artist, featured artists and album as well as by title', async () => {
    expect(await songTitles('chioma')).toEqual(['Jollof Party']);
    expect(await songTitles('adebayo')).toEqual(['Jollof Party']);
    expect(await songTitles('osun dreams')).toEqual(['Ìfẹ́ Mi']);
    // Words may come from different fields: the title and the artist here.
    expect(await songTitles('jollof chioma')).toEqual(['Jollof Party']);
  });

  it('matches the start of words', async () => {
    // Titles first (by plays), then the songs of "Lagoon Static" (by plays).
    expect(await songTitles('lago')).toEqual(['Lagos Nights', 'Lagoon', 'Ọláolúwa Dance', 'Sunday Evening', 'Sunday Morning', 'Ọlá']);
    expect((await results('ola')).artists.map((artist) => artist.name)).toEqual(['Ọlámidé', 'Ọláolúwa Adébáyọ̀']);
    expect(await songTitles('sund even')).toEqual(['Sunday Evening']);
  });

  it('tolerates a typo', async () => {
    expect((await results('olamdie')).artists.map((artist) => artist.name)).toEqual(['Ọlámidé']);
    expect(await songTitles('olamdie')).toEqual(['Lagos Nights']);
    expect(await songTitles('lagso')).toEqual(['Lagos Nights']);
    expect(await songTitles('akwaba')).toEqual(['Akwaaba']);
  });

  it('ranks a better match above a more popular worse one, and equal matches by plays', async () => {
    // "Ọlá" is the whole title; "Ọláolúwa Dance" only starts with it, though it is played far more;
    // then the songs whose artists' names start with it.
    expect(await songTitles('ola')).toEqual(['Ọlá', 'Ọláolúwa Dance', 'Lagos Nights', 'Jollof Party']);
    expect(await songTitles('sunday')).toEqual(['Sunday Evening', 'Sunday Morning']);
    // The word in the title beats the same word as the artist's name.
    expect(await songTitles('lagoon')).toEqual(['Lagoon', 'Ọláolúwa Dance', 'Sunday Evening', 'Sunday Morning', 'Ọlá']);
  });

  it('answers at most 30 songs and 10 artists', async () => {
    const db = t.database.db;
    for (let i = 0; i < 12; i++) {
      const echo = await buildArtist(db, { name: `Echo Chamber ${i}` });
      for (let j = 0; j < 3; j++) await buildSong(db, { title: `Echo ${i}-${j}`, artistId: echo.id, playCount: i * 10 + j });
    }
    const body = await results('echo');
    expect(body.songs).toHaveLength(30);
    expect(body.songs[0]!.title).toBe('Echo 11-2');
    expect(body.artists).toHaveLength(10);
  });

  it('never lists songs that are not live', async () => {
    expect(await songTitles('demo')).toEqual([]);
    expect(await songTitles('olamide')).toEqual(['Lagos Nights']);
  });

  it('follows renames of songs, artists, featured artists and albums, and changed credits', async () => {
    const db = t.database.db;
    const lead = await buildArtist(db, { name: 'Ngozi Eze' });
    const guest = await buildArtist(db, { name: 'Yemisi Bello' });
    const album = await buildAlbum(db, { title: 'Dry Season', artistId: lead.id });
    const song = await buildSong(db, { title: 'Harmattan Wind', artistId: lead.id, albumId: album.id, featuring: [guest.id] });
    await db.update(artists).set({ name: 'Tèmítọ́pẹ́ Eze' }).where(eq(artists.id, lead.id));
    await db.update(artists).set({ name: 'Fẹ́mi Bello' }).where(eq(artists.id, guest.id));
    await db.update(albums).set({ title: 'Rainy Season' }).where(eq(albums.id, album.id));
    await db.update(songs).set({ title: 'Harmattan Breeze' }).where(eq(songs.id, song.id));
    expect(await songTitles('temitope femi rainy breeze')).toEqual(['Harmattan Breeze']);
    expect(await songTitles('ngozi')).toEqual([]);
    expect(await songTitles('yemisi')).toEqual([]);
    expect(await songTitles('dry season')).toEqual([]);
    await db.delete(songFeaturedArtists).where(eq(songFeaturedArtists.songId, song.id));
    expect(await songTitles('femi breeze')).toEqual([]);
  });

  it('answers an empty result for punctuation, and takes query syntax characters literally', async () => {
    expect(await results('!!! ...')).toEqual({ songs: [], artists: [], sources: { local: 0 }, unavailableSources: [] });
    expect((await results(`it's a:b & | ! ( ) \\ * <-> 'lagos'`)).songs).toEqual([]);
    expect(await songTitles(`'lagos'`)).toEqual(['Lagos Nights']);
  });

  it('needs a session', async () => {
    const response = await search('lagos', '');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'You need to sign in to do that.' });
  });

  it('refuses a blank or missing query with the contract message', async () => {
    for (const url of ['/api/search?q=', '/api/search?q=%20%20', '/api/search']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie: listener.cookie } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Enter something to search for.' });
    }
  });

  it('refuses a query longer than the limit', async () => {
    const response = await search('a'.repeat(SEARCH_QUERY_MAX_LENGTH + 1));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: `Searches are limited to ${SEARCH_QUERY_MAX_LENGTH} characters.` });
    expect((await search('a'.repeat(SEARCH_QUERY_MAX_LENGTH))).statusCode).toBe(200);
  });
});

describe('GET /api/search answered from memory', () => {
  it('asks the database again for a repeated search only after a write, which it then shows', async () => {
    const statementsOf = async (q: string) => {
      const before = t.database.statementCount();
      await results(q);
      return t.database.statementCount() - before;
    };
    // Another listener, signed up (a write) and their session read before the searches.
    const other = await signUp(t.app);
    await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: other.cookies } });
    expect(await statementsOf('Akwaaba')).toBeGreaterThan(0);
    expect(await statementsOf('Akwaaba')).toBe(0);
    // Their search of the same words shares the answer.
    const before = t.database.statementCount();
    expect((await search('Akwaaba', other.cookies)).statusCode).toBe(200);
    expect(t.database.statementCount() - before).toBe(0);

    const added = await buildSong(t.database.db, { title: 'Akwaaba Remix', artistId: artistIds.kofi!, playCount: 0 });
    expect(await statementsOf('Akwaaba')).toBeGreaterThan(0);
    expect((await results('Akwaaba')).songs.map((song) => song.id)).toContain(added.id);
    await t.database.db.delete(songs).where(eq(songs.id, added.id));
  });
});
