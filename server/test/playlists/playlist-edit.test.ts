import type { Playlist } from '@kora/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { likedPlaylists, playlistSongs, playlists } from '../../src/db/schema.js';
import { buildArtist, buildSong } from '../helpers/catalogue-factories.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { type FormEntry, buildPhotoWithExif, buildPng } from '../helpers/multipart.js';
import { createPlaylistViaApi, keyOfUrl, listStoredKeys, sendPlaylistForm } from '../helpers/playlists.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let owner: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app);
});
afterAll(() => t.close());

const edit = (id: number | string, entries: [string, FormEntry][]) =>
  sendPlaylistForm(t.app, owner.cookie, entries, { method: 'PATCH', url: `/api/playlists/${id}` });
const remove = (id: number | string) => t.app.inject({ method: 'DELETE', url: `/api/playlists/${id}`, headers: { cookie: owner.cookie } });
const fetchPlaylist = async (id: number) => (await t.app.inject({ method: 'GET', url: `/api/playlists/${id}`, headers: { cookie: owner.cookie } })).json() as Playlist;
const ownList = async () => (await t.app.inject({ method: 'GET', url: '/api/playlists', headers: { cookie: owner.cookie } })).json() as Playlist[];
const cover = (data: Buffer): [string, FormEntry] => ['coverFile', { data, filename: 'cover.png', type: 'image/png' }];
const rowOf = async (id: number) => (await t.database.db.select().from(playlists).where(eq(playlists.id, id)))[0];

describe('PATCH /api/playlists/{id}', () => {
  it('renames and redescribes, trimmed, and every read shows it at once', async () => {
    const playlist = await createPlaylistViaApi(t.app, owner.cookie, [['name', 'Old name'], ['description', 'Old words']]);
    // Read once, so the cached answers exist before the change.
    await fetchPlaylist(playlist.id);
    await ownList();
    const before = (await rowOf(playlist.id))!.updatedAt;

    const response = await edit(playlist.id, [['name', '  New name '], ['description', ' New words ']]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...playlist, name: 'New name', description: 'New words' });
    expect(await fetchPlaylist(playlist.id)).toMatchObject({ name: 'New name', description: 'New words' });
    expect((await ownList()).find((row) => row.id === playlist.id)?.name).toBe('New name');
    expect((await rowOf(playlist.id))!.updatedAt.getTime()).toBeGreaterThan(before.getTime());
  });

  it('changes only what is sent; an emptied description means none', async () => {
    const playlist = await createPlaylistViaApi(t.app, owner.cookie, [['name', 'Keep me'], ['description', 'Words']]);
    expect((await edit(playlist.id, [['description', 'Other words']])).json()).toMatchObject({ name: 'Keep me', description: 'Other words' });
    expect((await edit(playlist.id, [['name', 'Renamed']])).json()).toMatchObject({ name: 'Renamed', description: 'Other words' });
    expect((await edit(playlist.id, [['description', '  ']])).json()).toMatchObject({ name: 'Renamed', description: null });
  });

  it.each([
    ['an empty name', [['name', '']], 'Please enter a playlist name.'],
    ['a name of spaces', [['name', '    ']], 'Please enter a playlist name.'],
    ['a 101-character name', [['name', 'x'.repeat(101)]], 'Playlist name must be at most 100 characters.'],
    ['a huge description', [['description', 'y'.repeat(100_000)]], 'Description must be at most 500 characters.'],
    ['a field the edit form does not have', [['name', 'Fine'], ['createdBy', 'user']], 'Unexpected field "createdBy": send only name, description, coverFile.'],
  ] as [string, [string, string][], string][])('refuses %s with 400 and changes nothing', async (_case, entries, message) => {
    const playlist = await createPlaylistViaApi(t.app, owner.cookie, [['name', 'Unchanged'], ['description', 'Same']]);
    const response = await edit(playlist.id, entries);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await fetchPlaylist(playlist.id)).toMatchObject({ name: 'Unchanged', description: 'Same' });
  });

  it('replaces the cover and removes the old object when nothing else uses it', async () => {
    const playlist = await createPlaylistViaApi(t.app, owner.cookie, [['name', 'Covered'], cover(await buildPng('#aa0000'))]);
    const oldKey = keyOfUrl(playlist.coverUrl);

    const response = await edit(playlist.id, [['name', 'Covered'], ['coverFile', { data: await buildPhotoWithExif(), filename: 'new.jpg' }]]);
    expect(response.statusCode).toBe(200);
    const updated = response.json() as Playlist;
    expect(updated.coverUrl).not.toBe(playlist.coverUrl);
    const keys = await listStoredKeys(t);
    expect(keys).toContain(keyOfUrl(updated.coverUrl));
    expect(keys).not.toContain(oldKey);
    const served = await t.app.inject({ method: 'GET', url: updated.coverUrl!, headers: { cookie: owner.cookie } });
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
  });

  it('keeps the old cover object while another playlist still shows it', async () => {
    const shared = await buildPng('#00aa00');
    const first = await createPlaylistViaApi(t.app, owner.cookie, [['name', 'First'], cover(shared)]);
    const second = await createPlaylistViaApi(t.app, owner.cookie, [['name', 'Second'], cover(shared)]);
    expect(second.coverUrl).toBe(first.coverUrl);

    expect((await edit(second.id, [cover(await buildPng('#0000aa'))])).statusCode).toBe(200);
    expect(await listStoredKeys(t)).toContain(keyOfUrl(first.coverUrl));
  });

  it('keeps the cover when the same image is sent again', async () => {
    const image = await buildPng('#a0a0a0');
    const playlist = await createPlaylistViaApi(t.app, owner.cookie, [['name', 'Same cover'], cover(image)]);
    const response = await edit(playlist.id, [cover(image)]);
    expect(response.json()).toMatchObject({ coverUrl: playlist.coverUrl });
    expect(await listStoredKeys(t)).toContain(keyOfUrl(playlist.coverUrl));
  });

  it('refuses a cover that is not an image with 415 and keeps the old one', async () => {
    const playlist = await createPlaylistViaApi(t.app, owner.cookie, [['name', 'Guarded'], cover(await buildPng('#aaaa00'))]);
    const keysBefore = await listStoredKeys(t);
    const response = await edit(playlist.id, [['name', 'Guarded'], ['coverFile', { data: Buffer.from('plain text'), filename: 'x.png' }]]);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: 'Cover must be an image (JPEG, PNG, WebP or GIF).' });
    expect(await fetchPlaylist(playlist.id)).toMatchObject({ coverUrl: playlist.coverUrl });
    expect(await listStoredKeys(t)).toEqual(keysBefore);
  });

  it('answers unknown and malformed ids with 404', async () => {
    for (const id of [999_999, 'abc', '0']) {
      const response = await edit(id, [['name', 'Ghost']]);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Playlist not found' });
    }
  });

  it('needs a session', async () => {
    const playlist = await createPlaylistViaApi(t.app, owner.cookie);
    const response = await sendPlaylistForm(t.app, '', [['name', 'Anonymous']], { method: 'PATCH', url: `/api/playlists/${playlist.id}` });
    expect(response.statusCode).toBe(401);
    expect(await fetchPlaylist(playlist.id)).toMatchObject({ name: playlist.name });
  });
});

describe('DELETE /api/playlists/{id}', () => {
  it('deletes the playlist with its songs, likes and unused cover', async () => {
    const artist = await buildArtist(t.database.db);
    const song = await buildSong(t.database.db, { artistId: artist.id });
    const playlist = await createPlaylistViaApi(t.app, owner.cookie, [['name', 'Doomed'], cover(await buildPng('#ff00ff'))]);
    await t.app.inject({ method: 'POST', url: `/api/playlists/${playlist.id}/songs`, headers: { cookie: owner.cookie }, payload: { songId: song.id } });
    const fan = await signUp(t.app);
    await t.database.db.insert(likedPlaylists).values({ userId: fan.user.id, playlistId: playlist.id });
    expect((await ownList()).map((row) => row.id)).toContain(playlist.id);

    const response = await remove(playlist.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Playlist deleted' });

    expect(await rowOf(playlist.id)).toBeUndefined();
    expect(await t.database.db.select().from(playlistSongs).where(eq(playlistSongs.playlistId, playlist.id))).toEqual([]);
    expect(await t.database.db.select().from(likedPlaylists).where(eq(likedPlaylists.playlistId, playlist.id))).toEqual([]);
    expect(await listStoredKeys(t)).not.toContain(keyOfUrl(playlist.coverUrl));
    expect((await ownList()).map((row) => row.id)).not.toContain(playlist.id);
    expect((await t.app.inject({ method: 'GET', url: `/api/playlists/${playlist.id}`, headers: { cookie: owner.cookie } })).statusCode).toBe(404);
    expect((await remove(playlist.id)).statusCode).toBe(404);
  });

  it('keeps a cover another playlist still shows', async () => {
    const shared = await buildPng('#00ffff');
    const kept = await createPlaylistViaApi(t.app, owner.cookie, [['name', 'Kept'], cover(shared)]);
    const gone = await createPlaylistViaApi(t.app, owner.cookie, [['name', 'Gone'], cover(shared)]);
    expect((await remove(gone.id)).statusCode).toBe(200);
    expect(await listStoredKeys(t)).toContain(keyOfUrl(kept.coverUrl));
  });

  it('answers unknown and malformed ids with 404', async () => {
    for (const id of [999_999, 'abc']) {
      const response = await remove(id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Playlist not found' });
    }
  });
});
