import type { Playlist } from '@kora/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coverVariantKey } from '../../src/media/storage.js';
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

const cover = (data: Buffer): [string, FormEntry] => ['coverFile', { data, filename: 'cover.jpg' }];
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } });

/** The cover's own key and its 160 and 320 pixel variants. */
function sizesOf(playlist: Playlist): { 640: string; 160: string; 320: string } {
  const key = keyOfUrl(playlist.coverUrl);
  return { 640: key, 160: coverVariantKey(key, 160), 320: coverVariantKey(key, 320) };
}

describe('playlist covers in three sizes', () => {
  it('stores 640, 320 and 160 pixel WebP copies without metadata, each served for a year', async () => {
    const playlist = await createPlaylistViaApi(t.app, owner.cookie, [['name', 'Sized'], cover(await buildPhotoWithExif({ width: 2000, height: 1400 }))]);
    expect(playlist.coverUrl).toMatch(/^\/api\/media\/[0-9a-f]{2}\/[0-9a-f]{64}\.webp$/);
    for (const [width, key] of Object.entries(sizesOf(playlist))) {
      const response = await get(`/api/media/${key}`);
      expect(response.statusCode, key).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      const metadata = await sharp(response.rawPayload).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width: Number(width), height: Number(width) });
      expect(metadata.exif).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
    }
  });

  it('gives a cover smaller than a size that size at its own size', async () => {
    const playlist = await createPlaylistViaApi(t.app, owner.cookie, [['name', 'Small'], cover(await buildPng('#336699', 200))]);
    const sizes = sizesOf(playlist);
    const widthOf = async (key: string) => (await sharp((await get(`/api/media/${key}`)).rawPayload).metadata()).width;
    expect([await widthOf(sizes[160]), await widthOf(sizes[320]), await widthOf(sizes[640])]).toEqual([160, 200, 200]);
  });

  it('removes every size when the playlist is deleted', async () => {
    const playlist = await createPlaylistViaApi(t.app, owner.cookie, [['name', 'Doomed'], cover(await buildPng('#993366', 800))]);
    const keys = Object.values(sizesOf(playlist));
    expect(await listStoredKeys(t)).toEqual(expect.arrayContaining(keys));

    const response = await t.app.inject({ method: 'DELETE', url: `/api/playlists/${playlist.id}`, headers: { cookie: owner.cookie } });
    expect(response.statusCode).toBe(200);
    const stored = await listStoredKeys(t);
    for (const key of keys) {
      expect(stored, key).not.toContain(key);
      expect((await get(`/api/media/${key}`)).statusCode, key).toBe(404);
    }
  });

  it('removes every size of a replaced cover, and keeps every size of one another playlist shows', async () => {
    const shared = await buildPng('#669933', 700);
    const kept = await createPlaylistViaApi(t.app, owner.cookie, [['name', 'Kept'], cover(shared)]);
    const changed = await createPlaylistViaApi(t.app, owner.cookie, [['name', 'Changed'], cover(await buildPng('#aa5500', 700))]);
    const replaced = Object.values(sizesOf(changed));

    const second = await createPlaylistViaApi(t.app, owner.cookie, [['name', 'Second'], cover(shared)]);
    const edited = await sendPlaylistForm(t.app, owner.cookie, [cover(await buildPng('#0055aa', 700))], { method: 'PATCH', url: `/api/playlists/${changed.id}` });
    expect(edited.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/playlists/${second.id}`, headers: { cookie: owner.cookie } })).statusCode).toBe(200);

    const stored = await listStoredKeys(t);
    for (const key of replaced) expect(stored, key).not.toContain(key);
    expect(stored).toEqual(expect.arrayContaining([...Object.values(sizesOf(kept)), ...Object.values(sizesOf(edited.json() as Playlist))]));
  });
});
