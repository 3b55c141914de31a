import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTION_PAGE_SIZE, type Playlist, type Song } from '@kora/contracts';
import { eq } from 'drizzle-orm';
import { playlistSongs, playlists, songs as songsTable, users } from '../../src/db/schema.js';
import { buildArtist, buildSong } from '../helpers/catalogue-factories.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { createPlaylistViaApi } from '../helpers/playlists.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let listener: SignedInUser;
let cookie: string;
let artistId: number;
let playlistId: number;
let songIds: number[];

beforeAll(async () => {
  t = await createTestApp();
  listener = await signUp(t.app, { firstName: 'Kemi', lastName: 'Adeyemi' });
  cookie = listener.cookie;
  const artist = await buildArtist(t.database.db, { name: 'Ṣadé Ìfẹ́olúwa' });
  artistId = artist.id;
  const first = await buildSong(t.database.db, { artistId, title: 'First' });
  const second = await buildSong(t.database.db, { artistId, title: 'Second' });
  const hidden = await buildSong(t.database.db, { artistId, title: 'Still processing', status: 'processing' });
  songIds = [first.id, second.id];
  const [playlist] = await t.database.db
    .insert(playlists)
    .values({ name: 'Lagos Night Drive', description: 'After dark', isEditorial: true, createdBy: 'Kora' })
    .returning();
  playlistId = playlist!.id;
  // Stored out of order on purpose: the answer follows position.
  await t.database.db.insert(playlistSongs).values([
    { playlistId, songId: second.id, position: 2 },
    { playlistId, songId: hidden.id, position: 1 },
    { playlistId, songId: first.id, position: 0 },
  ]);
});
afterAll(() => t.close());

const get = (url: string, as = cookie) => t.app.inject({ method: 'GET', url, headers: { cookie: as } });

/** A listener's playlist of `count` live songs, in insertion order. */
async function buildLongPlaylist(count: number) {
  const rows = await t.database.db
    .insert(songsTable)
    .values(Array.from({ length: count }, (_, index) => ({ title: `Track ${index}`, artistId, duration: 200 })))
    .returning({ id: songsTable.id });
  const [playlist] = await t.database.db.insert(playlists).values({ name: `Long ${count}`, userId: listener.user.id, createdBy: 'user' }).returning();
  await t.database.db.insert(playlistSongs).values(rows.map((row, position) => ({ playlistId: playlist!.id, songId: row.id, position })));
  return { id: playlist!.id, songIds: rows.map((row) => row.id) };
}

describe('GET /api/playlists/{id}', () => {
  it('returns the playlist with its live songs in order and their count', async () => {
    const response = await get(`/api/playlists/${playlistId}`);
    expect(response.statusCode).toBe(200);
    const body = response.json() as Playlist & { songs: Song[] };
    expect(body).toMatchObject({ id: playlistId, name: 'Lagos Night Drive', isEditorial: true, createdBy: 'Kora', isOwner: false, songCount: 2 });
    expect(body.songs.map((song) => song.id)).toEqual(songIds);
    expect(body.songs[0]!.artist.name).toBe('Ṣadé Ìfẹ́olúwa');
  });

  it("names the owner as they are called now, and says isOwner only to the owner", async () => {
    const playlist = await createPlaylistViaApi(t.app, cookie, [['name', 'Renamed owner']]);
    expect((await get(`/api/playlists/${playlist.id}`)).json()).toMatchObject({ createdBy: 'Kemi Adeyemi', isOwner: true });
    await t.database.db.update(users).set({ lastName: 'Bello' }).where(eq(users.id, listener.user.id));
    const other = await signUp(t.app);
    expect((await get(`/api/playlists/${playlist.id}`, other.cookie)).json()).toMatchObject({ createdBy: 'Kemi Bello', isOwner: false });
    expect((await get(`/api/playlists/${playlist.id}`)).json()).toMatchObject({ createdBy: 'Kemi Bello', isOwner: true });
  });

  it('sends the first page of a long playlist with the full count, in a number of queries that does not grow with it', async () => {
    const short = await buildLongPlaylist(3);
    const long = await buildLongPlaylist(250);
    const statements = async (id: number) => {
      const before = t.database.statementCount();
      expect((await get(`/api/playlists/${id}`)).statusCode).toBe(200);
      return t.database.statementCount() - before;
    };
    expect(await statements(long.id)).toBe(await statements(short.id));

    const body = (await get(`/api/playlists/${long.id}`)).json() as Playlist & { songs: Song[] };
    expect(body.songCount).toBe(250);
    expect(body.songs.map((song) => song.id)).toEqual(long.songIds.slice(0, COLLECTION_PAGE_SIZE));
  });

  it.each(['999999', 'abc', '0', '-1', '99999999999'])('answers %s with 404 and a message', async (id) => {
    const response = await get(`/api/playlists/${id}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Playlist not found' });
  });

  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/playlists/${playlistId}` });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/playlists/{id}/songs', () => {
  it('pages through the songs in order', async () => {
    const long = await buildLongPlaylist(230);
    const page = async (query: string) => ((await get(`/api/playlists/${long.id}/songs${query}`)).json() as Song[]).map((song) => song.id);
    expect(await page('')).toEqual(long.songIds.slice(0, 100));
    expect(await page('?offset=100')).toEqual(long.songIds.slice(100, 200));
    expect(await page('?limit=100&offset=200')).toEqual(long.songIds.slice(200));
    expect(await page('?limit=5&offset=10')).toEqual(long.songIds.slice(10, 15));
    expect(await page('?offset=500')).toEqual([]);
  });

  it('leaves out songs that are not live', async () => {
    const body = (await get(`/api/playlists/${playlistId}/songs`)).json() as Song[];
    expect(body.map((song) => song.id)).toEqual(songIds);
  });

  it('answers an unknown or malformed playlist with 404', async () => {
    for (const id of ['999999', 'abc']) {
      const response = await get(`/api/playlists/${id}/songs`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Playlist not found' });
    }
  });

  it('refuses a bad page with 400', async () => {
    for (const [query, message] of [
      ['?limit=0', 'limit must be at least 1'],
      ['?limit=501', 'limit must be at most 500'],
      ['?offset=-1', 'offset must not be negative'],
      ['?limit=ten', 'limit must be a number'],
    ]) {
      const response = await get(`/api/playlists/${playlistId}/songs${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
    }
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/playlists/${playlistId}/songs` })).statusCode).toBe(401);
  });
});
