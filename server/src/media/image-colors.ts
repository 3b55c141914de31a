import { buffer } from 'node:stream/consumers';
import { and, isNotNull, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, type AnyPgTable, union } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { albums, artists, imageColors, playlists, songs } from '../db/schema.js';
import { coverColor } from './cover-image.js';
import { hasVariants, type MediaStorage } from './storage.js';

/**
 * Keeps a stored image's placeholder colour. A key's colour never changes (keys are content-addressed),
 * so a second write of the same key, by a rerun or another request storing the same bytes, is a no-op.
 */
export async function saveImageColor(db: Db, imageKey: string, color: string): Promise<void> {
  await db.insert(imageColors).values({ imageKey, color }).onConflictDoNothing();
}

/**
 * The colour of the image whose key is in `table.column`, as a column of a select: one primary-key
 * lookup per row, so a list needs no join. Qualified, as a bare `image_key` would bind to image_colors.
 */
export function imageColorOf(table: AnyPgTable, column: AnyPgColumn): SQL<string | null> {
  return sql<string | null>`(select "color" from "image_colors" where "image_colors"."image_key" = ${table}.${sql.identifier(column.name)})`;
}

export type ImageColorBackfillResult = { colored: number; failed: number };

/**
 * Gives every image a row shows and has no colour yet its colour: those stored before colours were
 * kept. Safe to run again and by several processes at once (a colour is the same whoever computes
 * it); once every image has one it costs one query. An image that is gone or cannot be decoded is
 * logged and skipped: its pages show the plain placeholder.
 */
export async function backfillImageColors({
  db,
  storage,
  log,
  signal,
}: {
  db: Db;
  storage: MediaStorage;
  log: { warn: (details: object, message: string) => void };
  signal?: AbortSignal;
}): Promise<ImageColorBackfillResult> {
  const result: ImageColorBackfillResult = { colored: 0, failed: 0 };
  for (const key of await findUncoloredImageKeys(db)) {
    signal?.throwIfAborted();
    try {
      await saveImageColor(db, key, await coverColor(await buffer(await storage.read(key))));
      result.colored++;
    } catch (error) {
      result.failed++;
      log.warn({ err: error, key }, 'Could not work out the colour of an image');
    }
  }
  return result;
}

/** Every distinct image key a row refers to that has no colour (audio keys and external URLs have none to find). */
async function findUncoloredImageKeys(db: Db): Promise<string[]> {
  const keysOf = (table: AnyPgTable, column: AnyPgColumn) =>
    db
      .select({ key: sql<string>`${column}` })
      .from(table)
      .where(and(isNotNull(column), sql`${imageColorOf(table, column)} is null`));
  const rows = await union(keysOf(songs, songs.coverKey), keysOf(albums, albums.coverKey), keysOf(playlists, playlists.coverKey), keysOf(artists, artists.imageKey));
  return rows.map((row) => row.key).filter(hasVariants);
}
