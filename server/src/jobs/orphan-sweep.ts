import fs from 'node:fs/promises';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { isMediaKeyInUse, lockMediaKeys } from '../db/media-references.js';
import { albums, artists, dataExports, playlists, songRenditions, songs, uploads } from '../db/schema.js';
import { baseKeyOf, type MediaStorage } from '../media/storage.js';

/** Keys checked against the tables in one query. */
const BATCH_SIZE = 1000;

export type OrphanSweepOptions = {
  db: Db;
  storage: MediaStorage;
  /** Younger objects and files are kept: an upload may have stored them and not committed its rows yet. */
  graceMs: number;
  /** Folders of temporary files (partial writes, job scratch copies) that a crash may have left behind. */
  tempDirs?: readonly string[];
  signal?: AbortSignal;
};

export type OrphanSweepResult = { checked: number; deleted: number; tempFilesDeleted: number };

/**
 * Deletes stored objects that no row refers to and that are older than the grace period: what a crash
 * between storing and committing left behind. Keys are checked in batches; each orphan is deleted under
 * the lock of its key, after checking again that no row took it and that it was not stored anew meanwhile.
 * A variant (a smaller copy of an image) is referenced when its image is: it goes once its image has.
 */
export async function sweepOrphans({ db, storage, graceMs, tempDirs = [], signal }: OrphanSweepOptions): Promise<OrphanSweepResult> {
  const cutoff = new Date(Date.now() - graceMs);
  let checked = 0;
  let deleted = 0;
  let batch: string[] = [];

  const sweepBatch = async () => {
    const referenced = await findReferencedKeys(db, batch);
    for (const key of batch) {
      signal?.throwIfAborted();
      if (!referenced.has(baseKeyOf(key)) && (await deleteIfOrphan(db, storage, key, cutoff))) deleted++;
    }
    batch = [];
  };

  for await (const object of storage.list()) {
    signal?.throwIfAborted();
    checked++;
    if (object.modifiedAt >= cutoff) continue;
    batch.push(object.key);
    if (batch.length >= BATCH_SIZE) await sweepBatch();
  }
  if (batch.length > 0) await sweepBatch();

  let tempFilesDeleted = 0;
  for (const dir of tempDirs) tempFilesDeleted += await removeFilesOlderThan(dir, cutoff);
  return { checked, deleted, tempFilesDeleted };
}

/**
 * The base keys of `keys` (baseKeyOf) that some row refers to, in one query: isMediaKeyInUse
 * (db/media-references.ts) for many keys at once. Every media key column of the schema is here.
 */
async function findReferencedKeys(db: Db, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const list = [...new Set(keys.map(baseKeyOf))];
  const rows = await unionAll(
    db.select({ key: sql<string>`${songs.fileKey}` }).from(songs).where(inArray(songs.fileKey, list)),
    db.select({ key: sql<string>`${songs.coverKey}` }).from(songs).where(inArray(songs.coverKey, list)),
    db.select({ key: sql<string>`${songRenditions.fileKey}` }).from(songRenditions).where(inArray(songRenditions.fileKey, list)),
    db.select({ key: sql<string>`${albums.coverKey}` }).from(albums).where(inArray(albums.coverKey, list)),
    db.select({ key: sql<string>`${artists.imageKey}` }).from(artists).where(inArray(artists.imageKey, list)),
    db.select({ key: sql<string>`${playlists.coverKey}` }).from(playlists).where(inArray(playlists.coverKey, list)),
    db.select({ key: sql<string>`${uploads.storageKey}` }).from(uploads).where(inArray(uploads.storageKey, list)),
    db.select({ key: sql<string>`${dataExports.fileKey}` }).from(dataExports).where(inArray(dataExports.fileKey, list)),
  );
  return new Set(rows.map((row) => row.key));
}

async function deleteIfOrphan(db: Db, storage: MediaStorage, key: string, cutoff: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockMediaKeys(tx, [key]);
    if (await isMediaKeyInUse(tx, key)) return false;
    // Stored again since it was listed (same content, same key): it belongs to a write in progress.
    const info = await storage.stat(key);
    if (!info || info.modifiedAt >= cutoff) return false;
    await storage.delete(key);
    return true;
  });
}

async function removeFilesOlderThan(dir: string, cutoff: Date): Promise<number> {
  let entries: string[];
  try {
    entries = await fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  for (const name of entries) {
    const file = path.join(dir, name);
    const info = await fs.stat(file).catch(() => undefined);
    if (!info?.isFile() || info.mtime >= cutoff) continue;
    await fs.rm(file, { force: true });
    removed++;
  }
  return removed;
}
