import { searchResponseSchema } from '@kora/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildArtist, buildSong } from '../helpers/catalogue-factories.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { request } from './external-helpers.js';

// DEEZER_ENABLED=false (or a catalogue whose credentials are not set): Kora is its library, plus
// whatever it cached from the catalogue before.
let t: TestApp;
let listener: SignedInUser;
let localId: number;
const NO_CATALOGUE = { message: 'No external catalogue is configured.' };

beforeAll(async () => {
  t = await createTestApp();
  listener = await signUp(t.app);
  const local = await buildArtist(t.database.db, { name: 'Calm Collective' });
  localId = (await buildSong(t.database.db, { title: 'Calm Down', artistId: local.id })).id;
  const cachedArtist = await buildArtist(t.database.db, { name: 'Rema', deezerId: '14432735' });
  await buildSong(t.database.db, {
    title: 'Ozeba',
    artistId: cachedArtist.id,
    source: 'deezer',
    externalId: '2503991180',
    deezerId: '2503991180',
    isExternal: true,
    isPreview: true,
    previewUrl: 'https://cdnt-preview.dzcdn.net/ozeba.mp3',
    listed: false,
  });
}, 60_000);
afterAll(() => t.close());

describe('without a catalogue configured', () => {
  it('searches the library alone and reports no source unavailable', async () => {
    const body = searchResponseSchema.parse((await request(t, 'GET', '/api/search?q=calm', listener.cookie)).json());
    expect(body.songs.map((song) => song.id)).toEqual([localId]);
    expect(body.sources).toEqual({ local: 1 });
    expect(body.unavailableSources).toEqual([]);
  });

  it('refuses the popular-music import with 503', async () => {
    const response = await request(t, 'POST', '/api/import/popular-music', listener.cookie);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual(NO_CATALOGUE);
  });

  it('cannot refresh a cached preview (503), and knows no other track (404)', async () => {
    const cached = await request(t, 'POST', '/api/songs/external-deezer-2503991180/refresh-url', listener.cookie);
    expect(cached.statusCode).toBe(503);
    expect(cached.json()).toEqual(NO_CATALOGUE);
    const unknown = await request(t, 'POST', '/api/songs/external-deezer-916424/refresh-url', listener.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Song not found' });
  });

  it('shows a Deezer artist it cached, and no other', async () => {
    expect((await request(t, 'GET', '/api/artists/deezer-14432735', listener.cookie)).json()).toEqual({
      id: 'deezer-14432735',
      name: 'Rema',
      bio: null,
      imageUrl: null,
      deezerId: '14432735',
    });
    const songs = (await request(t, 'GET', '/api/artists/deezer-14432735/songs', listener.cookie)).json() as { id: unknown }[];
    expect(songs.map((song) => song.id)).toEqual(['deezer-2503991180']);
    const unknown = await request(t, 'GET', '/api/artists/deezer-1424821', listener.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Artist not found' });
  });
});
