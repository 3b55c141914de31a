import { eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artists } from '../../src/db/schema.js';
import { countDeezerRows, deezerRow, type ExternalTestApp, getSongs, request, startWithStandin } from './external-helpers.js';

let e: ExternalTestApp;
const REMA = 14_432_735;
const CALM_DOWN = 1_718_302_212;
// Their top tracks, most popular first.
const remaTracks = [CALM_DOWN, 2_503_991_180, 1_402_114_993];

beforeAll(async () => {
  e = await startWithStandin();
}, 60_000);
afterAll(() => e.close());

async function catalogueArtistRows() {
  return e.t.database.db.select({ deezerId: artists.deezerId }).from(artists).where(isNotNull(artists.deezerId));
}

describe('the cache of Deezer tracks', () => {
  it('stores each new track and artist once when searches and artist pages ask for them at the same time', async () => {
    const responses = await Promise.all([
      ...['rema', 'rema', 'calm down', 'woman', 'ozeba rema'].map((q) => request(e.t, 'GET', `/api/search?q=${encodeURIComponent(q)}`, e.listener.cookie)),
      ...[1, 2, 3].map(() => request(e.t, 'GET', `/api/artists/deezer-${REMA}/songs`, e.listener.cookie)),
      request(e.t, 'POST', `/api/artists/deezer-${REMA}/follow`, e.listener.cookie),
    ]);
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    for (const response of responses.slice(0, 5)) expect(response.json().unavailableSources).toEqual([]);
    expect(await countDeezerRows(e.t)).toBe(remaTracks.length);
    expect(await catalogueArtistRows()).toEqual([{ deezerId: String(REMA) }]);
  });

  it('keeps one row and id per track across searches, artist pages and the import', async () => {
    const searched = (await deezerRow(e.t, CALM_DOWN))!;
    const artistPage = await getSongs(e.t, `/api/artists/deezer-${REMA}/songs`, e.listener.cookie);
    expect(artistPage.map((song) => song.id)).toEqual(remaTracks.map((id) => `deezer-${id}`));
    expect((await request(e.t, 'POST', '/api/import/popular-music', e.listener.cookie)).json()).toEqual({ importedCount: e.standin.tracks.length });
    expect(await deezerRow(e.t, CALM_DOWN)).toMatchObject({ id: searched.id, listed: true });
    expect(await countDeezerRows(e.t)).toBe(e.standin.tracks.length);
    const [rema] = await e.t.database.db.select().from(artists).where(eq(artists.deezerId, String(REMA)));
    expect(rema!.id).toBe(searched.artistId);
    expect(await catalogueArtistRows()).toHaveLength(new Set(e.standin.tracks.map((track) => track.artist.id)).size);
  });
});
