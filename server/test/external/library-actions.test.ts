import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { likedSongs, plays } from '../../src/db/schema.js';
import { createPlaylistViaApi } from '../helpers/playlists.js';
import { deezerRow, type ExternalTestApp, request, startWithStandin } from './external-helpers.js';

let e: ExternalTestApp;
let rowId: number;
const CALM_DOWN = 1_718_302_212;

// The rows a search cached, as real as they get: library actions still refuse them.
beforeAll(async () => {
  e = await startWithStandin();
  expect((await request(e.t, 'GET', '/api/search?q=calm', e.listener.cookie)).json().songs[0].id).toBe(`deezer-${CALM_DOWN}`);
  rowId = (await deezerRow(e.t, CALM_DOWN))!.id;
}, 60_000);
afterAll(() => e.close());

const ids = () => [`deezer-${CALM_DOWN}`, String(rowId)];

describe('a cached Deezer track', () => {
  it('counts no plays', async () => {
    for (const id of ids()) {
      const response = await request(e.t, 'POST', `/api/songs/${id}/play`, e.listener.cookie, { minutesPlayed: 1 });
      expect(response.statusCode, id).toBe(400);
      expect(response.json()).toEqual({ message: 'Plays are counted only for songs in the library.' });
    }
    expect(await e.t.database.db.select().from(plays).where(eq(plays.songId, rowId))).toEqual([]);
    expect((await deezerRow(e.t, CALM_DOWN))!.playCount).toBe(0);
  });

  it('cannot be liked', async () => {
    for (const id of ids()) {
      const response = await request(e.t, 'POST', `/api/songs/${id}/like`, e.listener.cookie);
      expect(response.statusCode, id).toBe(400);
      expect(response.json()).toEqual({ message: 'You can only like songs from your library.' });
    }
    expect(await e.t.database.db.select().from(likedSongs).where(eq(likedSongs.songId, rowId))).toEqual([]);
  });

  it('cannot be added to a playlist', async () => {
    const playlist = await createPlaylistViaApi(e.t.app, e.listener.cookie);
    const url = `/api/playlists/${playlist.id}/songs`;
    const byId = await request(e.t, 'POST', url, e.listener.cookie, { songId: `deezer-${CALM_DOWN}` });
    expect(byId.statusCode).toBe(400);
    expect(byId.json()).toEqual({ message: 'Only songs from your library can be added to playlists.' });
    const byRow = await request(e.t, 'POST', url, e.listener.cookie, { songId: rowId });
    expect(byRow.statusCode).toBe(404);
    expect(byRow.json()).toEqual({ message: 'Song not found' });
    expect((await request(e.t, 'GET', `/api/playlists/${playlist.id}`, e.listener.cookie)).json().songCount).toBe(0);
  });

  it('is not streamed by the library route', async () => {
    const response = await request(e.t, 'GET', `/api/songs/${rowId}/stream`, e.listener.cookie);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Song not found' });
  });
});
