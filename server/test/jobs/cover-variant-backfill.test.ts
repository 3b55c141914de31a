import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database, Db } from '../../src/db/client.js';
import { playlists, users } from '../../src/db/schema.js';
import { backfillCoverVariants } from '../../src/jobs/cover-variant-backfill.js';
import { createLocalStorage } from '../../src/media/local-storage.js';
import { coverVariantKey, keyFor, type MediaStorage } from '../../src/media/storage.js';
import { buildAlbum, buildArtist, buildSong, storeTestBytes } from '../helpers/catalogue-factories.js';
import { openTestDatabase } from '../helpers/test-database.js';

let database: Database;
let db: Db;
let root: string;
let storage: MediaStorage;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'kora-cover-backfill-'));
  storage = createLocalStorage(path.join(root, 'media'));
});
afterAll(async () => {
  await database.close();
  await fs.rm(root, { recursive: true, force: true });
});

/** A cover stored the way it was before variants existed: the image alone. */
async function storeBareCover(colour: string, format: 'webp' | 'jpeg' = 'webp', side = 640): Promise<string> {
  const image = sharp({ create: { width: side, height: side, channels: 3, background: colour } });
  const data = format === 'webp' ? await image.webp().toBuffer() : await image.jpeg().toBuffer();
  const extension = format === 'webp' ? 'webp' : 'jpg';
  return (await storage.put(data, { extension, contentType: `image/${format}` })).key;
}

async function variantOf(key: string, width: number) {
  const variant = coverVariantKey(key, width);
  if (!(await storage.stat(variant))) return undefined;
  return sharp(await buffer(await storage.read(variant))).metadata();
}

const quietLog = () => ({ warn: vi.fn() });

describe('the cover variant backfill', () => {
  it('makes the missing variants of every image a row shows, in its format, and nothing else', async () => {
    const songCover = await storeBareCover('#102030');
    const albumCover = await storeBareCover('#203040', 'jpeg', 600);
    const playlistCover = await storeBareCover('#304050');
    const artistImage = await storeBareCover('#405060', 'webp', 200);
    const unshown = await storeBareCover('#506070');
    const audio = await storeTestBytes(storage, 256);

    const artist = await buildArtist(db, { imageKey: artistImage });
    const album = await buildAlbum(db, { artistId: artist.id, coverKey: albumCover });
    await buildSong(db, { artistId: artist.id, coverKey: songCover, fileKey: audio.key });
    // Two rows, one image: made once.
    await buildSong(db, { artistId: artist.id, albumId: album.id, coverKey: songCover });
    const [user] = await db.insert(users).values({ email: 'backfill@example.com', passwordHash: 'x', firstName: 'Back', lastName: 'Fill' }).returning();
    await db.insert(playlists).values({ name: 'Old cover', userId: user!.id, createdBy: 'Back Fill', coverKey: playlistCover });

    const log = quietLog();
    expect(await backfillCoverVariants({ db, storage, log })).toEqual({ checked: 4, created: 8, failed: 0 });
    expect(log.warn).not.toHaveBeenCalled();

    for (const key of [songCover, playlistCover]) {
      expect(await variantOf(key, 160)).toMatchObject({ format: 'webp', width: 160, height: 160 });
      expect(await variantOf(key, 320)).toMatchObject({ format: 'webp', width: 320, height: 320 });
    }
    expect(await variantOf(albumCover, 160)).toMatchObject({ format: 'jpeg', width: 160, height: 160 });
    expect(await variantOf(albumCover, 320)).toMatchObject({ format: 'jpeg', width: 320, height: 320 });
    // Smaller than a size: that size is the image as it is.
    expect(await variantOf(artistImage, 160)).toMatchObject({ width: 160 });
    expect(await variantOf(artistImage, 320)).toMatchObject({ width: 200 });
    expect(await variantOf(unshown, 160)).toBeUndefined();

    // Run again: everything is there already.
    expect(await backfillCoverVariants({ db, storage, log })).toEqual({ checked: 4, created: 0, failed: 0 });
    // One variant lost: only it is made.
    await storage.delete(coverVariantKey(playlistCover, 320));
    expect(await backfillCoverVariants({ db, storage, log })).toEqual({ checked: 4, created: 1, failed: 0 });
    expect(await variantOf(playlistCover, 320)).toMatchObject({ width: 320 });
  });

  it('skips an image whose object is gone, and logs one it cannot decode and goes on', async () => {
    const artist = await buildArtist(db, { imageKey: keyFor('ff'.repeat(32), 'webp') });
    const broken = (await storage.put(randomBytes(500), { extension: 'webp', contentType: 'image/webp' })).key;
    await buildSong(db, { artistId: artist.id, coverKey: broken });
    const fine = await storeBareCover('#607080');
    await buildAlbum(db, { artistId: artist.id, coverKey: fine });

    const log = quietLog();
    const result = await backfillCoverVariants({ db, storage, log });
    expect(result).toMatchObject({ created: 2, failed: 1 });
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ key: broken }), 'Could not make the smaller copies of an image');
    expect(await variantOf(fine, 160)).toMatchObject({ width: 160 });
    expect(await storage.stat(coverVariantKey(broken, 160))).toBeUndefined();
  });

  it('stops when its signal aborts', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stopping'));
    await expect(backfillCoverVariants({ db, storage, log: quietLog(), signal: controller.signal })).rejects.toThrow('stopping');
  });
});
