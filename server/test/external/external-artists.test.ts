import { artistSchema, type Artist } from '@kora/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { artists } from '../../src/db/schema.js';
import { buildArtist, buildSong } from '../helpers/catalogue-factories.js';
import { deezerRow, type ExternalTestApp, getSongs, request, startWithStandin } from './external-helpers.js';

let e: ExternalTestApp;
const BURNA = 1_424_821;
const TEMS = 12_254_394;
const ASAKE = 159_317_252;
const WIZKID = 429_675;
const UNREACHABLE = { message: 'Deezer could not be reached. Try again later.' };
const NOT_FOUND = { message: 'Artist not found' };

beforeAll(async () => {
  e = await startWithStandin();
}, 60_000);
afterAll(() => e.close());
afterEach(() => e.standin.setApiFailure(null));

const get = (url: string) => request(e.t, 'GET', url, e.listener.cookie);
const pictureOf = expect.stringMatching(/^https:\/\/e-cdns-images\.dzcdn\.net\/images\/artist\/\w+\/250x250-/);

async function artistRow(deezerId: number) {
  const [row] = await e.t.database.db.select().from(artists).where(eq(artists.deezerId, String(deezerId)));
  return row;
}

describe('GET /api/artists/deezer-{id}', () => {
  it('needs a session', async () => {
    expect((await request(e.t, 'GET', `/api/artists/deezer-${BURNA}`)).statusCode).toBe(401);
  });

  it('answers the Deezer artist, cached as an artist row, with their top tracks and no albums', async () => {
    const response = await get(`/api/artists/deezer-${BURNA}`);
    expect(response.statusCode).toBe(200);
    expect(artistSchema.strict().parse(response.json())).toEqual({ id: `deezer-${BURNA}`, name: 'Burna Boy', bio: null, imageUrl: pictureOf, deezerId: String(BURNA) });
    expect(await artistRow(BURNA)).toMatchObject({ name: 'Burna Boy', externalImageUrl: pictureOf, imageKey: null });

    const songs = await getSongs(e.t, `/api/artists/deezer-${BURNA}/songs`, e.listener.cookie);
    expect(songs.map((song) => [song.title, song.id, song.isFeatured])).toEqual([
      ['Last Last', 'deezer-1777591627', false],
      ['Kilometre', 'deezer-1174998632', false],
      ['Ye', 'deezer-916424', false],
    ]);
    expect(songs.every((song) => song.isPreview && song.artist.id === `deezer-${BURNA}` && song.fileUrl?.startsWith(e.standin.mediaOrigin))).toBe(true);
    expect(await deezerRow(e.t, 916_424)).toMatchObject({ listed: false });
    expect(await getSongs(e.t, '/api/songs', e.listener.cookie)).toEqual([]);
    expect((await get(`/api/artists/deezer-${BURNA}/albums`)).json()).toEqual([]);
  });

  it('pages the songs like a library artist’s, and checks the paging', async () => {
    expect((await getSongs(e.t, `/api/artists/deezer-${BURNA}/songs?limit=1&offset=1`, e.listener.cookie)).map((song) => song.title)).toEqual(['Kilometre']);
    const bad = await get(`/api/artists/deezer-${BURNA}/songs?limit=0`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'limit must be at least 1' });
  });

  it('lists the library songs credited to the artist after their top tracks', async () => {
    const row = (await artistRow(BURNA))!;
    const upload = await buildSong(e.t.database.db, { title: 'Lagos Demo', artistId: row.id });
    const songs = await getSongs(e.t, `/api/artists/deezer-${BURNA}/songs`, e.listener.cookie);
    expect(songs.map((song) => song.id)).toEqual(['deezer-1777591627', 'deezer-1174998632', 'deezer-916424', upload.id]);
    // The cached row is also reachable by its number, and is still presented as the Deezer artist.
    expect((await get(`/api/artists/${row.id}`)).json()).toMatchObject({ id: `deezer-${BURNA}`, name: 'Burna Boy' });
  });

  it('lists one role at a time: the top tracks and uploads as its own, then the songs that feature it', async () => {
    const row = (await artistRow(BURNA))!;
    const guestOf = await buildArtist(e.t.database.db, { name: 'Wizkid' });
    const duet = await buildSong(e.t.database.db, { title: 'Ginger', artistId: guestOf.id, featuring: [row.id] });
    const own = await getSongs(e.t, `/api/artists/deezer-${BURNA}/songs?role=own&offset=1`, e.listener.cookie);
    expect(own.map((song) => [song.title, song.isFeatured])).toEqual([['Kilometre', false], ['Ye', false], ['Lagos Demo', false]]);
    const featured = await getSongs(e.t, `/api/artists/deezer-${BURNA}/songs?role=featured`, e.listener.cookie);
    expect(featured.map((song) => [song.id, song.isFeatured])).toEqual([[duet.id, true]]);
  });

  it.each(['', '/songs', '/albums'])('answers 404 for an artist Deezer does not have (%s)', async (suffix) => {
    const response = await get(`/api/artists/deezer-77${suffix}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(NOT_FOUND);
    expect(await artistRow(77)).toBeUndefined();
  });

  it.each(['down', 'quota'] as const)('answers from the cache when Deezer is %s', async (mode) => {
    e.standin.setApiFailure(mode);
    expect((await get(`/api/artists/deezer-${BURNA}`)).json()).toEqual({ id: `deezer-${BURNA}`, name: 'Burna Boy', bio: null, imageUrl: pictureOf, deezerId: String(BURNA) });
    const songs = await getSongs(e.t, `/api/artists/deezer-${BURNA}/songs`, e.listener.cookie);
    expect(songs.map((song) => song.title)).toEqual(expect.arrayContaining(['Last Last', 'Kilometre', 'Ye', 'Lagos Demo']));
    expect((await get(`/api/artists/deezer-${BURNA}/albums`)).json()).toEqual([]);
  });

  it.each(['', '/songs', '/albums'])('answers 502 for an artist it has not cached when Deezer is down (%s)', async (suffix) => {
    e.standin.setApiFailure('down');
    const response = await get(`/api/artists/deezer-${WIZKID}${suffix}`);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual(UNREACHABLE);
  });

  it('gives up on a Deezer that does not answer after 5 s', async () => {
    e.standin.setApiFailure('hang');
    const started = Date.now();
    const response = await get(`/api/artists/deezer-${WIZKID}`);
    expect(response.statusCode).toBe(502);
    expect(Date.now() - started).toBeLessThan(8000);
  });
});

describe('following a Deezer artist', () => {
  const follow = (method: 'GET' | 'POST' | 'DELETE', deezerId: number) => request(e.t, method, `/api/artists/deezer-${deezerId}/follow`, e.listener.cookie);
  async function following(): Promise<Artist[]> {
    return artistSchema.strict().array().parse((await get('/api/artists/following')).json());
  }

  it('follows, lists and unfollows an artist never seen before', async () => {
    expect(await artistRow(TEMS)).toBeUndefined();
    expect((await follow('GET', TEMS)).json()).toEqual({ isFollowing: false });
    expect((await follow('POST', TEMS)).json()).toEqual({ isFollowing: true });
    expect((await follow('GET', TEMS)).json()).toEqual({ isFollowing: true });
    expect(await following()).toEqual([{ id: `deezer-${TEMS}`, name: 'Tems', bio: null, imageUrl: pictureOf, deezerId: String(TEMS) }]);

    // A follow is the listener's own row: it holds while Deezer is down.
    e.standin.setApiFailure('down');
    expect((await follow('GET', TEMS)).json()).toEqual({ isFollowing: true });
    expect((await follow('DELETE', TEMS)).json()).toEqual({ isFollowing: false });
    expect(await following()).toEqual([]);
  });

  it('answers 404 for an artist Deezer does not have, and 502 when it cannot ask', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const unknown = await follow(method, 77);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual(NOT_FOUND);
    }
    e.standin.setApiFailure('down');
    const unreachable = await follow('POST', ASAKE);
    expect(unreachable.statusCode).toBe(502);
    expect(unreachable.json()).toEqual(UNREACHABLE);
    expect(await following()).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await request(e.t, 'POST', `/api/artists/deezer-${TEMS}/follow`)).statusCode).toBe(401);
  });
});
