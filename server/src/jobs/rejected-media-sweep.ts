import { and, asc, eq, gt, inArray, isNull, lt, ne, notExists, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { isMediaKeyInUse, lockMediaKeys } from '../db/media-references.js';
import { albums, releases, songRenditions, songs, uploads } from '../db/schema.js';
import { deleteWithVariants } from '../media/cover-image.js';
import type { MediaStorage } from '../media/storage.js';
import { forEachInKeysetBatches, type PeriodicSweep, startPeriodicSweep } from './periodic-sweep.js';
import type { JobLog } from './worker.js';

/** Releases looked up at a time. */
const BATCH_SIZE = 100;
/** How often a running server sweeps again, besides once at start. */
export const REJECTED_MEDIA_SWEEP_INTERVAL_MS = 60 * 60_000;

export type RejectedMediaSweepOptions = {
  db: Db;
  storage: MediaStorage;
  /** A release rejected less than this long ago keeps its files (REJECTED_MEDIA_GRACE_DAYS). */
  graceMs: number;
  signal?: AbortSignal;
};

export type RejectedMediaSweepResult = { releases: number; deleted: number; kept: number };

/**
 * Deletes the stored files of releases rejected longer ago than the grace period: their originals,
 * covers and renditions, which nobody can play and which would otherwise be kept for ever. The rows
 * stay ("My releases" still lists the release and why it was rejected) but no longer point at the
 * files, and the release is marked (media_deleted_at) so it is done once and its bytes count no
 * more against its uploader's quota. Keys are content-addressed: an object another row still refers
 * to (the same file uploaded again, a cover shared with a live album) is kept.
 */
export async function sweepRejectedMedia({ db, storage, graceMs, signal }: RejectedMediaSweepOptions): Promise<RejectedMediaSweepResult> {
  const cutoff = new Date(Date.now() - graceMs);
  const result: RejectedMediaSweepResult = { releases: 0, deleted: 0, kept: 0 };
  await forEachInKeysetBatches(
    BATCH_SIZE,
    (after) =>
      db
        .select({ id: releases.id })
        .from(releases)
        .where(and(isDue(cutoff), gt(releases.id, after)))
        .orderBy(asc(releases.id))
        .limit(BATCH_SIZE),
    (row) => row.id,
    async ({ id }) => {
      const outcome = await deleteReleaseMedia(db, storage, id, cutoff);
      if (!outcome) return;
      result.releases++;
      result.deleted += outcome.deleted;
      result.kept += outcome.kept;
    },
    signal,
  );
  return result;
}

/** Sweeps once now and then every intervalMs until stopped (see startPeriodicSweep). */
export function startRejectedMediaSweeps(options: Omit<RejectedMediaSweepOptions, 'signal'> & { log: JobLog; intervalMs?: number }): PeriodicSweep {
  return startPeriodicSweep({
    sweep: (signal) => sweepRejectedMedia({ ...options, signal }),
    intervalMs: options.intervalMs ?? REJECTED_MEDIA_SWEEP_INTERVAL_MS,
    log: options.log,
    onResult: (result) => {
      if (result.releases > 0) options.log.info(result, 'Media of rejected releases deleted');
    },
    failureMessage: 'Rejected media sweep failed',
  });
}

function isDue(cutoff: Date) {
  return and(eq(releases.status, 'rejected'), isNull(releases.mediaDeletedAt), lt(releases.reviewedAt, cutoff));
}

/**
 * One release, in one transaction under the locks of its keys (taken before any row, as every
 * writer of media does): the rows let go of the files, then each file no other row refers to is
 * deleted. Undefined when the release is no longer due (another process swept it meanwhile).
 */
async function deleteReleaseMedia(db: Db, storage: MediaStorage, releaseId: number, cutoff: Date): Promise<{ deleted: number; kept: number } | undefined> {
  return db.transaction(async (tx) => {
    // A rejected release's keys do not change (no job works on it), so they can be read before the locks.
    const keys = await findReleaseMediaKeys(tx, releaseId);
    await lockMediaKeys(tx, keys);
    const [release] = await tx
      .select({ id: releases.id })
      .from(releases)
      .where(and(eq(releases.id, releaseId), isDue(cutoff)))
      .for('update');
    if (!release) return undefined;

    const ofRelease = tx.select({ id: songs.id }).from(songs).where(eq(songs.releaseId, releaseId));
    await tx.delete(songRenditions).where(inArray(songRenditions.songId, ofRelease));
    await tx.update(songs).set({ fileKey: null, coverKey: null }).where(eq(songs.releaseId, releaseId));
    // An album a later upload of the same listener added songs to keeps its cover.
    const otherReleasesSong = tx
      .select({ one: sql`1` })
      .from(songs)
      .where(and(eq(songs.albumId, albums.id), ne(songs.releaseId, releaseId)));
    await tx.update(albums).set({ coverKey: null }).where(and(eq(albums.releaseId, releaseId), notExists(otherReleasesSong)));
    await tx.delete(uploads).where(eq(uploads.releaseId, releaseId));
    await tx.update(releases).set({ mediaDeletedAt: sql`now()` }).where(eq(releases.id, releaseId));

    let deleted = 0;
    for (const key of keys) {
      if (await isMediaKeyInUse(tx, key)) continue;
      await deleteWithVariants(storage, key);
      deleted++;
    }
    return { deleted, kept: keys.length - deleted };
  });
}

/** Every stored object the release's rows point at: its songs' audio, covers and renditions, its albums' covers, its uploads. */
async function findReleaseMediaKeys(db: Db, releaseId: number): Promise<string[]> {
  const ofRelease = db.select({ id: songs.id }).from(songs).where(eq(songs.releaseId, releaseId));
  const rows = await unionAll(
    db.select({ key: sql<string | null>`${songs.fileKey}` }).from(songs).where(eq(songs.releaseId, releaseId)),
    db.select({ key: sql<string | null>`${songs.coverKey}` }).from(songs).where(eq(songs.releaseId, releaseId)),
    db.select({ key: sql<string | null>`${songRenditions.fileKey}` }).from(songRenditions).where(inArray(songRenditions.songId, ofRelease)),
    db.select({ key: sql<string | null>`${albums.coverKey}` }).from(albums).where(eq(albums.releaseId, releaseId)),
    db.select({ key: sql<string | null>`${uploads.storageKey}` }).from(uploads).where(eq(uploads.releaseId, releaseId)),
  );
  return [...new Set(rows.flatMap((row) => (row.key === null ? [] : [row.key])))].sort();
}
