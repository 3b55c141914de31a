import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Playlist, Song } from '@kora/contracts';
import { playlistSongs, playlists } from '../../src/db/schema.js';
import { buildArtist, buildSong } from '../helpers/catalogue-factories.js';
import { signUp } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let cookie: string;
let playlistId: number;
let songIds: number[];

beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await signUp(t.app));
  const artist = await buildArtist(t.database.db, { name: 'Ṣadé Ìfẹ́olúwa' });
  const first = await buildSong(t.database.db, { artistId: artist.id, title: 'First' });
  const second = await buildSong(t.database.db, { artistId: artist.id, title: 'Second' });
  const hidden = await buildSong(t.database.db, { artistId: artist.id, title: 'Still processing', status: 'processing' });
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

describe('GET /api/playlists/{id}', () => {
  it('returns the playlist with its live songs in order and their count', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/playlists/${playlistId}`, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const body = response.json() as Playlist & { songs: Song[] };
    expect(body).toMatchObject({ id: playlistId, name: 'Lagos Night Drive', isEditorial: true, createdBy: 'Kora', songCount: 2 });
    expect(body.songs.map((song) => song.id)).toEqual(songIds);
    expect(body.songs[0]!.artist.name).toBe('Ṣadé Ìfẹ́olúwa');
  });

  it.each(['999999', 'abc', '0', '-1'])('answers %s with 404 and a message', async (id) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/playlists/${id}`, headers: { cookie } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Playlist not found' });
  });

  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/playlists/${playlistId}` });
    expect(response.statusCode).toBe(401);
  });
});
