import { eq, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { baseKeyOf } from '../media/storage.js';
import type { Db } from './client.js';
import { albums, artists, dataExports, playlists, songRenditions, songs, uploads } from './schema.js';

// One namespace for the locks on media keys, apart from the migration lock (db/client.ts).
export const MEDIA_KEY_LOCK_SPACE = 727275;

/**
 * Serializes, until the transaction ends, everything that stores, references or deletes these
 * media keys: keys are content-addressed, so two rows (two playlists, two uploads of one file) can
 * share one object. Taken in sorted order, so two transactions wanting the same keys cannot deadlock.
 * An image's variants share its lock: they are stored and deleted with it.
 */
export async function lockMediaKeys(db: Db, keys: readonly string[]): Promise<void> {
  for (const key of [...new Set(keys.map(baseKeyOf))].sort()) {
    await db.execute(sql`select pg_advisory_xact_lock(${MEDIA_KEY_LOCK_SPACE}, hashtext(${key}))`);
  }
}

/** Whether any row still points at this stored object (for a variant: at the image it was made from). */
export async function isMediaKeyInUse(db: Db, objectKey: string): Promise<boolean> {
  const key = baseKeyOf(objectKey);
  const references = await unionAll(
    db.select({ one: sql`1` }).from(playlists).where(eq(playlists.coverKey, key)),
    db.select({ one: sql`1` }).from(albums).where(eq(albums.coverKey, key)),
    db.select({ one: sql`1` }).from(artists).where(eq(artists.imageKey, key)),
    db.select({ one: sql`1` }).from(songs).where(eq(songs.coverKey, key)),
    db.select({ one: sql`1` }).from(songs).where(eq(songs.fileKey, key)),
    db.select({ one: sql`1` }).from(songRenditions).where(eq(songRenditions.fileKey, key)),
    db.select({ one: sql`1` }).from(uploads).where(eq(uploads.storageKey, key)),
    db.select({ one: sql`1` }).from(dataExports).where(eq(dataExports.fileKey, key)),
  ).limit(1);
  return references.length > 0;
}
