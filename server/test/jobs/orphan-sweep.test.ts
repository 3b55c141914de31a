import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../src/db/client.js';
import { playlists, uploads, users } from '../../src/db/schema.js';
import { sweepOrphans } from '../../src/jobs/orphan-sweep.js';
import { coverFromWebp, storeCoverWithVariants } from '../../src/media/cover-image.js';
import { createLocalStorage } from '../../src/media/local-storage.js';
import { coverVariantKey, type MediaStorage } from '../../src/media/storage.js';
import { buildAlbum, buildArtist, buildRendition, buildSong, storeTestBytes } from '../helpers/catalogue-factories.js';
import { openTestDatabase } from '../helpers/test-database.js';

const HOUR = 60 * 60 * 1000;

let database: Database;
let db: Db;
let root: string;
let storage: MediaStorage;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'kora-sweep-'));
  storage = createLocalStorage(path.join(root, 'media'));
});
afterAll(async () => {
  await database.close();
  await fs.rm(root, { recursive: true, force: true });
});

/** Stores distinct bytes and dates the object `ageMs` back, as if an earlier run had stored it. */
async function storeAged(ageMs: number): Promise<string> {
  const { key } = await storeTestBytes(storage, 64);
  await age(path.join(root, 'media', key), ageMs);
  return key;
}

async function age(file: string, ageMs: number): Promise<void> {
  const then = new Date(Date.now() - ageMs);
  await fs.utimes(file, then, then);
}

async function exists(key: string): Promise<boolean> {
  return (await storage.stat(key)) !== undefined;
}

async function buildUserId(): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({ email: `sweep-${Math.random().toString(36).slice(2)}@example.com`, passwordHash: 'x', firstName: 'Sweep', lastName: 'Test' })
    .returning();
  return row!.id;
}

describe('the orphan sweep', () => {
  it('deletes old objects no row refers to, and keeps referenced and recent ones', async () => {
    const orphan = await storeAged(2 * HOUR);
    const recentOrphan = await storeAged(10 * 60 * 1000);

    // One referenced object per media key column of the schema, all old.
    const artistImage = await storeAged(2 * HOUR);
    const artist = await buildArtist(db, { imageKey: artistImage });
    const albumCover = await storeAged(2 * HOUR);
    await buildAlbum(db, { artistId: artist.id, coverKey: albumCover });
    const songFile = await storeAged(2 * HOUR);
    const songCover = await storeAged(2 * HOUR);
    const song = await buildSong(db, { artistId: artist.id, fileKey: songFile, coverKey: songCover });
    const rendition = await buildRendition(db, storage, song.id, 64);
    await age(path.join(root, 'media', rendition.fileKey), 2 * HOUR);
    const playlistCover = await storeAged(2 * HOUR);
    const userId = await buildUserId();
    await db.insert(playlists).values({ name: 'Swept?', userId, createdBy: 'Sweep Test', coverKey: playlistCover });
    const uploaded = await storeAged(2 * HOUR);
    await db.insert(uploads).values({ userId, kind: 'audio', storageKey: uploaded, mime: 'audio/mpeg', size: 64, status: 'stored' });

    const result = await sweepOrphans({ db, storage, graceMs: HOUR });
    expect(result).toMatchObject({ checked: 9, deleted: 1 });
    expect(await exists(orphan)).toBe(false);
    expect(await exists(recentOrphan)).toBe(true);
    for (const key of [artistImage, albumCover, songFile, songCover, rendition.fileKey, playlistCover, uploaded]) {
      expect(await exists(key), key).toBe(true);
    }
  });

  it('checks references in batches, not one query per object', async () => {
    const userId = await buildUserId();
    const keys: string[] = [];
    for (let i = 0; i < 1200; i++) keys.push(await storeAged(2 * HOUR));
    await db.insert(uploads).values(keys.map((storageKey) => ({ userId, kind: 'audio' as const, storageKey, mime: 'audio/mpeg', size: 64 })));

    const before = database.statementCount();
    const result = await sweepOrphans({ db, storage, graceMs: HOUR });
    expect(result.deleted).toBe(0);
    expect(database.statementCount() - before).toBeLessThanOrEqual(3);
  });

  it('removes old temporary files and keeps fresh ones (a write in progress)', async () => {
    const dir = path.join(root, 'work');
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, 'old.mp3'), 'left by a crash');
    await age(path.join(dir, 'old.mp3'), 2 * HOUR);
    await fs.writeFile(path.join(dir, 'fresh.mp3'), 'being written');

    const result = await sweepOrphans({ db, storage, graceMs: HOUR, tempDirs: [dir, path.join(root, 'missing')] });
    expect(result.tempFilesDeleted).toBe(1);
    expect(await fs.readdir(dir)).toEqual(['fresh.mp3']);
  });

  it('keeps the variants of an image a row shows, and deletes old ones whose image is unreferenced or gone', async () => {
    /** A stored cover with its 160 and 320 pixel variants, all dated `ageMs` back: [cover, w160, w320]. */
    const storeCover = async (colour: string, ageMs: number): Promise<string[]> => {
      const data = await sharp({ create: { width: 400, height: 400, channels: 3, background: colour } }).webp().toBuffer();
      const { key } = await storeCoverWithVariants(storage, await coverFromWebp(data));
      const keys = [key, coverVariantKey(key, 160), coverVariantKey(key, 320)];
      for (const stored of keys) await age(path.join(root, 'media', stored), ageMs);
      return keys;
    };
    const shown = await storeCover('#112233', 2 * HOUR);
    await db.insert(playlists).values({ name: 'Shown', userId: await buildUserId(), createdBy: 'Sweep Test', coverKey: shown[0] });
    const unreferenced = await storeCover('#445566', 2 * HOUR);
    const recent = await storeCover('#778899', 10 * 60 * 1000);
    const imageGone = await storeCover('#aabbcc', 2 * HOUR);
    await storage.delete(imageGone[0]!);
    // A variant made again a moment ago (the backfill) waits out its own grace period.
    const remade = await storeCover('#ddeeff', 2 * HOUR);
    await age(path.join(root, 'media', remade[1]!), 10 * 60 * 1000);

    await sweepOrphans({ db, storage, graceMs: HOUR });
    for (const key of [...shown, ...recent, remade[1]!]) expect(await exists(key), key).toBe(true);
    for (const key of [...unreferenced, ...imageGone, remade[0]!, remade[2]!]) expect(await exists(key), key).toBe(false);
  });

  it('stops when its signal aborts', async () => {
    await storeAged(2 * HOUR);
    const controller = new AbortController();
    controller.abort(new Error('stopping'));
    await expect(sweepOrphans({ db, storage, graceMs: HOUR, signal: controller.signal })).rejects.toThrow('stopping');
  });
});
