import { searchResponseSchema, type SearchResponse } from '@kora/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildArtist, buildSong } from '../helpers/catalogue-factories.js';
import { countDeezerRows, deezerRow, type ExternalTestApp, getSongs, request, startWithStandin } from './external-helpers.js';

let e: ExternalTestApp;
let localCalmId: number;
const CALM_DOWN = 1_718_302_212;
const ESSENCE = 1_050_345_232;

beforeAll(async () => {
  e = await startWithStandin();
  const asa = await buildArtist(e.t.database.db, { name: 'Aṣa' });
  localCalmId = (await buildSong(e.t.database.db, { title: 'Calm Waters', artistId: asa.id, playCount: 5 })).id;
}, 60_000);
afterAll(() => e.close());
afterEach(() => e.standin.setApiFailure(null));

async function search(q: string): Promise<SearchResponse> {
  const response = await request(e.t, 'GET', `/api/search?q=${encodeURIComponent(q)}`, e.listener.cookie);
  expect(response.statusCode).toBe(200);
  return searchResponseSchema.parse(response.json());
}

describe('GET /api/search with Deezer', () => {
  it('adds Deezer tracks after the library, as preview songs with string ids, counted per source', async () => {
    const body = await search('calm');
    expect(body.songs.map((song) => song.id)).toEqual([localCalmId, `deezer-${CALM_DOWN}`]);
    expect(body.sources).toEqual({ local: 1, deezer: 1 });
    expect(body.unavailableSources).toEqual([]);
    expect(body.songs[1]).toEqual({
      id: `deezer-${CALM_DOWN}`,
      title: 'Calm Down',
      artist: { id: 'deezer-14432735', name: 'Rema', imageUrl: expect.stringMatching(/^https:\/\/e-cdns-images\.dzcdn\.net\/.+250x250/), deezerId: '14432735' },
      album: null,
      coverArtUrl: expect.stringMatching(/^https:\/\/e-cdns-images\.dzcdn\.net\/images\/cover\//),
      // The catalogue's cover is not stored here: no colour is known.
      coverColor: null,
      fileUrl: expect.stringMatching(new RegExp(`^${e.standin.mediaOrigin}/api/1/1/`)),
      duration: 239,
      isExternal: true,
      isPreview: true,
      externalId: String(CALM_DOWN),
      deezerId: String(CALM_DOWN),
      playCount: 0,
      trackGainDb: null,
      featuredArtists: [],
      source: 'deezer',
    });
  });

  it('caches each track as one unlisted song row, the same row on every search', async () => {
    await search('calm');
    const first = await deezerRow(e.t, CALM_DOWN);
    expect(first).toMatchObject({ source: 'deezer', isExternal: true, isPreview: true, listed: false, status: 'live' });
    await Promise.all([search('calm down'), search('rema'), search('calm')]);
    expect((await deezerRow(e.t, CALM_DOWN))!.id).toBe(first!.id);
    const ids = (await search('rema')).songs.map((song) => song.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining([`deezer-${CALM_DOWN}`, 'deezer-1402114993', 'deezer-2503991180']));
  });

  it('keeps searched tracks and their artists out of the catalogue lists', async () => {
    await search('essence');
    const listedIds = [
      ...(await getSongs(e.t, '/api/songs', e.listener.cookie)),
      ...(await getSongs(e.t, '/api/songs/trending', e.listener.cookie)),
    ].map((song) => song.id);
    expect(listedIds).toContain(localCalmId);
    expect(listedIds.filter((id) => typeof id === 'string')).toEqual([]);
    const artists = (await request(e.t, 'GET', '/api/artists', e.listener.cookie)).json() as { name: string }[];
    expect(artists.map((artist) => artist.name)).toEqual(['Aṣa']);
  });

  it.each(['down', 'quota', 'hang'] as const)('still answers with the library and the cached tracks when Deezer is %s', async (mode) => {
    await search('calm');
    e.standin.setApiFailure(mode);
    const started = Date.now();
    const body = await search('calm');
    expect(Date.now() - started).toBeLessThan(3000);
    expect(body.unavailableSources).toEqual(['deezer']);
    // The earlier search cached Calm Down: the library's own search finds it without Deezer.
    expect(body.songs.map((song) => song.id)).toEqual([localCalmId, `deezer-${CALM_DOWN}`]);
    expect(body.sources).toEqual({ local: 1, deezer: 1 });
    expect((await search('joro')).songs).toEqual([]);
  });

  it('writes nothing for a search Deezer could not answer', async () => {
    const before = await countDeezerRows(e.t);
    e.standin.setApiFailure('quota');
    await search('lonely');
    expect(await countDeezerRows(e.t)).toBe(before);
    expect(await deezerRow(e.t, ESSENCE)).toBeDefined();
  });
});
