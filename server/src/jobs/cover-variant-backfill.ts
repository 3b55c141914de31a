import { buffer } from 'node:stream/consumers';
import { isNotNull, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { albums, artists, playlists, songs } from '../db/schema.js';
import { COVER_VARIANT_WIDTHS, storeCoverVariants } from '../media/cover-image.js';
import { coverVariantKey, hasVariants, type MediaStorage } from '../media/storage.js';
import type { JobLog } from './worker.js';

export type CoverVariantBackfillOptions = { db: Db; storage: MediaStorage; log: Pick<JobLog, 'warn'>; signal?: AbortSignal };

export type CoverVariantBackfillResult = { checked: number; created: number; failed: number };

/**
 * Makes the missing variants of every image a row shows (songs', albums' and playlists' covers,
 * artists' pictures): those stored before variants existed. Until then the media route answers a
 * variant with the full image. Safe to run again, and by several processes at once (a variant is
 * the same bytes whoever makes it): an image with all its variants costs one stat per variant.
 * An image that cannot be read or decoded is logged and skipped.
 */
export async function backfillCoverVariants({ db, storage, log, signal }: CoverVariantBackfillOptions): Promise<CoverVariantBackfillResult> {
  const result: CoverVariantBackfillResult = { checked: 0, created: 0, failed: 0 };
  for (const key of await findImageKeys(db)) {
    signal?.throwIfAborted();
    result.checked++;
    try {
      const missing: number[] = [];
      for (const width of COVER_VARIANT_WIDTHS) {
        if (!(await storage.stat(coverVariantKey(key, width)))) missing.push(width);
      }
      // A row may point at an object that is gone; there is nothing to make its variants from.
      if (missing.length === 0 || !(await storage.stat(key))) continue;
      await storeCoverVariants(storage, key, await buffer(await storage.read(key)), missing);
      result.created += missing.length;
    } catch (error) {
      result.failed++;
      log.warn({ err: error, key }, 'Could not make the smaller copies of an image');
    }
  }
  return result;
}

/** Every distinct image key a row refers to (audio and other keys have no variants). */
async function findImageKeys(db: Db): Promise<string[]> {
  const rows = await union(
    db.select({ key: sql<string>`${songs.coverKey}` }).from(songs).where(isNotNull(songs.coverKey)),
    db.select({ key: sql<string>`${albums.coverKey}` }).from(albums).where(isNotNull(albums.coverKey)),
    db.select({ key: sql<string>`${playlists.coverKey}` }).from(playlists).where(isNotNull(playlists.coverKey)),
    db.select({ key: sql<string>`${artists.imageKey}` }).from(artists).where(isNotNull(artists.imageKey)),
  );
  return rows.map((row) => row.key).filter(hasVariants);
}
