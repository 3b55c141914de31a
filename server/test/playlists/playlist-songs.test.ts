import { PLAYLIST_MAX_SONGS, type Playlist, type Song } from '@kora/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playlistSongs, playlists, songs as songsTable } from '../../src/db/schema.js';
import { buildArtist, buildSong } from '../helpers/catalogue-factories.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { createPlaylistViaApi } from '../helpers/playlists.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let owner: SignedInUser;
let artistId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app);
  artistId = (await buildArtist(t.database.db)).id;
});
afterAll(() => t.close());

const addSong = (playlistId: number, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/playlists/${playlistId}/songs`, headers: { cookie: owner.cookie }, payload: payload as object });
const moveSong = (playlistId: number, songId: number | string, payload: unknown) =>
  t.app.inject({ method: 'PATCH', url: `/api/playlists/${playlistId}/songs/${songId}`, headers: { cookie: owner.cookie }, payload: payload as object });
const removeSong = (playlistId: number, songId: number | string) =>
  t.app.inject({ method: 'DELETE', url: `/api/playlists/${playlistId}/songs/${songId}`, headers: { cookie: owner.cookie } });
const songIdsOf = async (playlistId: number) =>
  ((await t.app.inject({ method: 'GET', url: `/api/playlists/${playlistId}`, headers: { cookie: owner.cookie } })).json() as Playlist).songs!.map(
    (song: Song) => song.id,
  );
const storedPositions = async (playlistId: number) =>
  (
    await t.database.db
      .select({ songId: playlistSongs.songId, position: playlistSongs.position })
      .from(playlistSongs)
      .where(eq(playlistSongs.playlistId, playlistId))
      .orderBy(asc(playlistSongs.position))
  ).map((row) => [row.songId, row.position]);
const updatedAtOf = async (playlistId: number) =>
  (await t.database.db.select({ updatedAt: playlists.updatedAt }).from(playlists).where(eq(playlists.id, playlistId)))[0]!.updatedAt;

async function buildSongs(count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let index = 0; index < count; index++) ids.push((await buildSong(t.database.db, { artistId })).id);
  return ids;
}

/** A playlist of the owner's with these songs, added through the API in this order. */
async function buildPlaylistWith(songIds: number[]): Promise<number> {
  const playlist = await createPlaylistViaApi(t.app, owner.cookie);
  for (const songId of songIds) expect((await addSong(playlist.id, { songId })).statusCode).toBe(201);
  return playlist.id;
}

describe('POST /api/playlists/{id}/songs', () => {
  it('appends songs in order and answers with the updated summary', async () => {
    const [a, b] = await buildSongs(2);
    const playlist = await createPlaylistViaApi(t.app, owner.cookie);
    const before = await updatedAtOf(playlist.id);

    const first = await addSong(playlist.id, { songId: b });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ ...playlist, songCount: 1 });
    expect((await addSong(playlist.id, { songId: a })).json()).toMatchObject({ songCount: 2 });

    expect(await songIdsOf(playlist.id)).toEqual([b, a]);
    expect((await updatedAtOf(playlist.id)).getTime()).toBeGreaterThan(before.getTime());
    const own = (await t.app.inject({ method: 'GET', url: '/api/playlists', headers: { cookie: owner.cookie } })).json() as Playlist[];
    expect(own.find((row) => row.id === playlist.id)?.songCount).toBe(2);
  });

  it('gives songs added at the same moment distinct places, and a song sent twice at once one place', async () => {
    const ids = await buildSongs(12);
    const playlist = await createPlaylistViaApi(t.app, owner.cookie);
    const answers = await Promise.all([...ids, ids[0]!].map((songId) => addSong(playlist.id, { songId })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([...Array(12).fill(201), 409]);
    const positions = (await storedPositions(playlist.id)).map(([, position]) => position);
    expect(positions).toEqual([...Array(12).keys()]);
    expect((await songIdsOf(playlist.id)).sort()).toEqual([...ids].sort());
  });

  it('refuses a song already in the playlist with 409', async () => {
    const [a] = await buildSongs(1);
    const playlistId = await buildPlaylistWith([a!]);
    const response = await addSong(playlistId, { songId: a });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'This song is already in this playlist.' });
    expect(await songIdsOf(playlistId)).toEqual([a]);
  });

  it('refuses songs outside the library with 400 and unknown ones with 404', async () => {
    const playlistId = await buildPlaylistWith([]);
    const external = await buildSong(t.database.db, { artistId, source: 'deezer', externalId: '3135556', isExternal: true, isPreview: true });
    const hidden = await buildSong(t.database.db, { artistId, status: 'processing' });
    for (const [payload, status, message] of [
      [{ songId: 'deezer-3135556' }, 400, 'Only songs from your library can be added to playlists.'],
      [{ songId: '12' }, 400, 'Only songs from your library can be added to playlists.'],
      [{ songId: 1.5 }, 400, 'songId must be the id of a song in your library.'],
      [{ songId: -3 }, 400, 'songId must be the id of a song in your library.'],
      [{}, 400, 'songId must be the id of a song in your library.'],
      [{ songId: 999_999 }, 404, 'Song not found'],
      [{ songId: 99_999_999_999 }, 404, 'Song not found'],
      [{ songId: external.id }, 404, 'Song not found'],
      [{ songId: hidden.id }, 404, 'Song not found'],
    ] as [unknown, number, string][]) {
      const response = await addSong(playlistId, payload);
      expect({ payload, status: response.statusCode, body: response.json() }).toEqual({ payload, status, body: { message } });
    }
    expect(await songIdsOf(playlistId)).toEqual([]);
  });

  it(`refuses a song beyond ${PLAYLIST_MAX_SONGS} with 409`, async () => {
    const playlist = await createPlaylistViaApi(t.app, owner.cookie);
    const rows = await t.database.db
      .insert(songsTable)
      .values(Array.from({ length: PLAYLIST_MAX_SONGS }, (_, index) => ({ title: `Filler ${index}`, artistId })))
      .returning({ id: songsTable.id });
    await t.database.db.insert(playlistSongs).values(rows.map((row, position) => ({ playlistId: playlist.id, songId: row.id, position })));
    const [extra] = await buildSongs(1);
    const response = await addSong(playlist.id, { songId: extra });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'A playlist can hold at most 5,000 songs.' });
  });

  it('answers an unknown playlist with 404', async () => {
    const [a] = await buildSongs(1);
    for (const id of [999_999, 'abc']) {
      const response = await t.app.inject({ method: 'POST', url: `/api/playlists/${id}/songs`, headers: { cookie: owner.cookie }, payload: { songId: a } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Playlist not found' });
    }
  });
});

describe('PATCH /api/playlists/{id}/songs/{songId}', () => {
  it('moves a song to a new place and numbers the positions 0 to n-1', async () => {
    const [a, b, c, d] = await buildSongs(4);
    const playlistId = await buildPlaylistWith([a!, b!, c!, d!]);

    const response = await moveSong(playlistId, d!, { position: 1 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: playlistId, songCount: 4, isOwner: true });
    expect(await songIdsOf(playlistId)).toEqual([a, d, b, c]);

    expect((await moveSong(playlistId, a!, { position: 3 })).statusCode).toBe(200);
    expect(await songIdsOf(playlistId)).toEqual([d, b, c, a]);
    expect((await moveSong(playlistId, c!, { position: 0 })).statusCode).toBe(200);
    expect(await songIdsOf(playlistId)).toEqual([c, d, b, a]);
    expect(await storedPositions(playlistId)).toEqual([
      [c, 0],
      [d, 1],
      [b, 2],
      [a, 3],
    ]);
  });

  it('counts positions among the songs shown, leaving hidden songs where they are', async () => {
    const [a, b, c] = await buildSongs(3);
    const playlistId = await buildPlaylistWith([a!, b!, c!]);
    await t.database.db.update(songsTable).set({ status: 'rejected' }).where(eq(songsTable.id, b!));
    expect(await songIdsOf(playlistId)).toEqual([a, c]);

    expect((await moveSong(playlistId, c!, { position: 0 })).statusCode).toBe(200);
    expect(await songIdsOf(playlistId)).toEqual([c, a]);
    expect(await storedPositions(playlistId)).toEqual([
      [c, 0],
      [b, 1],
      [a, 2],
    ]);
  });

  it('refuses a position beyond the end or a bad one with 400, changing nothing', async () => {
    const [a, b] = await buildSongs(2);
    const playlistId = await buildPlaylistWith([a!, b!]);
    for (const [payload, message] of [
      [{ position: 2 }, 'position must be at most 1.'],
      [{ position: -1 }, 'position must not be negative.'],
      [{ position: 0.5 }, 'position must be a whole number.'],
      [{ position: '1' }, 'position must be a number.'],
      [{}, 'position must be a number.'],
    ] as [unknown, string][]) {
      const response = await moveSong(playlistId, a!, payload);
      expect({ payload, status: response.statusCode, body: response.json() }).toEqual({ payload, status: 400, body: { message } });
    }
    expect(await songIdsOf(playlistId)).toEqual([a, b]);
  });

  it('answers a song that is not in the playlist with 404', async () => {
    const [a, b] = await buildSongs(2);
    const playlistId = await buildPlaylistWith([a!]);
    for (const songId of [b!, 999_999, 'deezer-1', 'abc']) {
      const response = await moveSong(playlistId, songId, { position: 0 });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'This song is not in this playlist.' });
    }
  });
});

describe('DELETE /api/playlists/{id}/songs/{songId}', () => {
  it('removes the song and keeps the others in order', async () => {
    const [a, b, c] = await buildSongs(3);
    const playlistId = await buildPlaylistWith([a!, b!, c!]);
    const before = await updatedAtOf(playlistId);
    const response = await removeSong(playlistId, b!);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Song removed from playlist' });
    expect(await songIdsOf(playlistId)).toEqual([a, c]);
    expect((await updatedAtOf(playlistId)).getTime()).toBeGreaterThan(before.getTime());
    // The song itself stays in the library.
    expect(await t.database.db.select().from(songsTable).where(eq(songsTable.id, b!))).toHaveLength(1);
  });

  it('answers a song that is not in the playlist with 404', async () => {
    const [a, b] = await buildSongs(2);
    const playlistId = await buildPlaylistWith([a!]);
    for (const songId of [b!, 'abc']) {
      const response = await removeSong(playlistId, songId);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'This song is not in this playlist.' });
    }
    expect(
      await t.database.db
        .select()
        .from(playlistSongs)
        .where(and(eq(playlistSongs.playlistId, playlistId), eq(playlistSongs.songId, a!))),
    ).toHaveLength(1);
  });
});
