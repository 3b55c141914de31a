import type { Playlist } from '@kora/contracts';
import type { InjectOptions } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playlistSongs, playlists } from '../../src/db/schema.js';
import { buildArtist, buildSong } from '../helpers/catalogue-factories.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { type FormEntry, buildPng, multipartBody } from '../helpers/multipart.js';
import { buildEditorialPlaylist, createPlaylistViaApi, listStoredKeys } from '../helpers/playlists.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// The ownership matrix of issue 4: Ada owns a playlist, Bola is another signed-in listener.
let t: TestApp;
let ada: SignedInUser;
let bola: SignedInUser;
let songIds: number[];
let spareSongId: number;
let adasPlaylist: Playlist;
let editorialId: number;

beforeAll(async () => {
  t = await createTestApp();
  ada = await signUp(t.app, { firstName: 'Ada', lastName: 'Eze' });
  bola = await signUp(t.app, { firstName: 'Bola', lastName: 'Ade' });
  const artist = await buildArtist(t.database.db);
  songIds = [];
  for (let index = 0; index < 3; index++) songIds.push((await buildSong(t.database.db, { artistId: artist.id })).id);
  spareSongId = (await buildSong(t.database.db, { artistId: artist.id })).id;
  adasPlaylist = await createPlaylistViaApi(t.app, ada.cookie, [
    ['name', "Ada's mix"],
    ['coverFile', { data: await buildPng('#336699'), filename: 'c.png' }],
  ]);
  for (const songId of songIds) {
    await t.app.inject({ method: 'POST', url: `/api/playlists/${adasPlaylist.id}/songs`, headers: { cookie: ada.cookie }, payload: { songId } });
  }
  editorialId = (await buildEditorialPlaylist(t.database.db, songIds)).id;
});
afterAll(() => t.close());

type Write = { name: string; request: (id: number) => Promise<InjectOptions> };

const formWrite = async (id: number, entries: [string, FormEntry][]): Promise<InjectOptions> => {
  const body = await multipartBody(entries);
  return { method: 'PATCH', url: `/api/playlists/${id}`, headers: body.headers, payload: body.payload };
};

const writes: Write[] = [
  { name: 'rename it', request: (id) => formWrite(id, [['name', 'Taken over']]) },
  { name: 'replace its cover', request: async (id) => formWrite(id, [['coverFile', { data: await buildPng('#993366'), filename: 'x.png' }]]) },
  { name: 'delete it', request: async (id) => ({ method: 'DELETE', url: `/api/playlists/${id}` }) },
  { name: 'add a song', request: async (id) => ({ method: 'POST', url: `/api/playlists/${id}/songs`, payload: { songId: spareSongId } }) },
  { name: 'move a song', request: async (id) => ({ method: 'PATCH', url: `/api/playlists/${id}/songs/${songIds[2]}`, payload: { position: 0 } }) },
  { name: 'remove a song', request: async (id) => ({ method: 'DELETE', url: `/api/playlists/${id}/songs/${songIds[0]}` }) },
  { name: 'remove a song it does not have', request: async (id) => ({ method: 'DELETE', url: `/api/playlists/${id}/songs/abc` }) },
];

async function send(write: Write, id: number, cookie: string | undefined) {
  const options = await write.request(id);
  return t.app.inject({ ...options, headers: { ...options.headers, ...(cookie ? { cookie } : {}) } });
}

/** Everything a write could change: the row, its songs in order, and the stored objects. */
async function snapshot(id: number) {
  return {
    row: (await t.database.db.select().from(playlists).where(eq(playlists.id, id)))[0],
    songs: await t.database.db
      .select({ songId: playlistSongs.songId, position: playlistSongs.position })
      .from(playlistSongs)
      .where(eq(playlistSongs.playlistId, id))
      .orderBy(asc(playlistSongs.position)),
    stored: await listStoredKeys(t),
  };
}

describe("another listener's playlist", () => {
  it.each(writes.map((write) => [write.name, write] as const))('refuses to let Bola %s: 403 and nothing changes', async (_name, write) => {
    const before = await snapshot(adasPlaylist.id);
    const response = await send(write, adasPlaylist.id, bola.cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'You can only change your own playlists.' });
    expect(await snapshot(adasPlaylist.id)).toEqual(before);
  });

  it('lets Bola open it read only', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/playlists/${adasPlaylist.id}`, headers: { cookie: bola.cookie } });
    expect(response.statusCode).toBe(200);
    const body = response.json() as Playlist;
    expect(body).toMatchObject({ id: adasPlaylist.id, name: "Ada's mix", createdBy: 'Ada Eze', isOwner: false, songCount: 3 });
    expect(body.songs!.map((song) => song.id)).toEqual(songIds);
    const page = await t.app.inject({ method: 'GET', url: `/api/playlists/${adasPlaylist.id}/songs`, headers: { cookie: bola.cookie } });
    expect(page.statusCode).toBe(200);
    const cover = await t.app.inject({ method: 'GET', url: adasPlaylist.coverUrl!, headers: { cookie: bola.cookie } });
    expect(cover.statusCode).toBe(200);
  });

  it("is not in Bola's own list, and is in Ada's as hers", async () => {
    const bolas = (await t.app.inject({ method: 'GET', url: '/api/playlists', headers: { cookie: bola.cookie } })).json() as Playlist[];
    expect(bolas).toEqual([]);
    const adas = (await t.app.inject({ method: 'GET', url: '/api/playlists', headers: { cookie: ada.cookie } })).json() as Playlist[];
    expect(adas).toEqual([{ ...adasPlaylist, songCount: 3 }]);
  });
});

describe('an editorial playlist', () => {
  it.each(writes.map((write) => [write.name, write] as const))('cannot be changed to %s: 403 and nothing changes', async (_name, write) => {
    const before = await snapshot(editorialId);
    const response = await send(write, editorialId, ada.cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Editorial playlists cannot be changed.' });
    expect(await snapshot(editorialId)).toEqual(before);
  });

  it('is open to read, owned by nobody', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/playlists/${editorialId}`, headers: { cookie: ada.cookie } });
    expect(response.json()).toMatchObject({ isEditorial: true, isOwner: false, createdBy: 'Kora Editors', songCount: 3 });
    const list = (await t.app.inject({ method: 'GET', url: '/api/playlists/editorial', headers: { cookie: ada.cookie } })).json() as Playlist[];
    expect(list.map((row) => [row.id, row.isOwner])).toEqual([[editorialId, false]]);
  });
});

describe('without a session', () => {
  it.each(writes.map((write) => [write.name, write] as const))('nobody may %s: 401 and nothing changes', async (_name, write) => {
    const before = await snapshot(adasPlaylist.id);
    const response = await send(write, adasPlaylist.id, undefined);
    expect(response.statusCode).toBe(401);
    expect(await snapshot(adasPlaylist.id)).toEqual(before);
  });
});

describe('an unknown playlist', () => {
  it.each(writes.map((write) => [write.name, write] as const))('answers an attempt to %s with 404 before any ownership check', async (_name, write) => {
    const response = await send(write, 999_999, bola.cookie);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Playlist not found' });
  });
});
