import type { AudioCodec } from '@kora/contracts';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { albums, notifications, releases, songRenditions, songs } from '../../db/schema.js';
import { lockMediaKeys } from '../../db/media-references.js';
import type { SongLoudness } from '../../media/loudness.js';
import { renditionKey } from '../rendition-spec.js';

export type ReleaseToProcess = Pick<typeof releases.$inferSelect, 'id' | 'userId' | 'title' | 'releaseType' | 'status'>;
export type SongToProcess = {
  id: number;
  title: string;
  trackNumber: number | null;
  fileKey: string | null;
  coverKey: string | null;
  albumCoverKey: string | null;
  /** Null until the song's loudness is measured. */
  loudnessLufs: number | null;
};
export type ReleaseVerdict =
  | { status: 'live'; notification: { title: string; message: string } }
  | { status: 'rejected'; reason: string; notification: { title: string; message: string } };

/** The SQL of the 'process-release' and 'transcode-song' jobs. */
export function createReleaseJobQueries(db: Db) {
  return {
    async findRelease(id: number): Promise<ReleaseToProcess | undefined> {
      const [row] = await db
        .select({ id: releases.id, userId: releases.userId, title: releases.title, releaseType: releases.releaseType, status: releases.status })
        .from(releases)
        .where(eq(releases.id, id))
        .limit(1);
      return row;
    },

    /** The release's songs in track order, with the cover their album already has. */
    async findSongs(releaseId: number): Promise<SongToProcess[]> {
      return db
        .select({
          id: songs.id,
          title: songs.title,
          trackNumber: songs.trackNumber,
          fileKey: songs.fileKey,
          coverKey: songs.coverKey,
          albumCoverKey: albums.coverKey,
          loudnessLufs: songs.loudnessLufs,
        })
        .from(songs)
        .leftJoin(albums, eq(albums.id, songs.albumId))
        .where(eq(songs.releaseId, releaseId))
        .orderBy(sql`${songs.trackNumber} asc nulls last`, asc(songs.id));
    },

    /** The renditions each song already has (renditionKey): a retried job does not transcode them again. */
    async findRenditions(songIds: number[]): Promise<Map<number, Set<string>>> {
      const bySong = new Map<number, Set<string>>();
      if (songIds.length === 0) return bySong;
      const rows = await db
        .select({ songId: songRenditions.songId, codec: songRenditions.codec, bitrateKbps: songRenditions.bitrateKbps })
        .from(songRenditions)
        .where(inArray(songRenditions.songId, songIds));
      for (const row of rows) {
        const set = bySong.get(row.songId) ?? new Set<string>();
        set.add(renditionKey(row));
        bySong.set(row.songId, set);
      }
      return bySong;
    },

    async recordDuration(songId: number, seconds: number): Promise<void> {
      await db.update(songs).set({ duration: seconds }).where(eq(songs.id, songId));
    },

    /**
     * Makes a row point at a newly stored object, under the lock of its key (db/media-references.ts,
     * which every writer and deleter of media takes): `ensureStored` puts the object back if an equal one was deleted
     * meanwhile (keys are content-addressed, so another row's object may have been this one).
     */
    async referenceMedia(key: string, ensureStored: () => Promise<void>, write: (tx: Db) => Promise<void>): Promise<void> {
      await db.transaction(async (tx) => {
        await lockMediaKeys(tx, [key]);
        await ensureStored();
        await write(tx);
      });
    },

    async setCoverIfNone(tx: Db, songId: number, coverKey: string): Promise<void> {
      await tx.update(songs).set({ coverKey }).where(and(eq(songs.id, songId), isNull(songs.coverKey)));
    },

    async recordLoudness(tx: Db, songId: number, loudness: SongLoudness): Promise<void> {
      await tx.update(songs).set(loudness).where(eq(songs.id, songId));
    },

    async insertRendition(
      tx: Db,
      values: { songId: number; codec: AudioCodec; bitrateKbps: number; mime: string; fileKey: string; size: number },
    ): Promise<void> {
      await tx
        .insert(songRenditions)
        .values(values)
        .onConflictDoNothing({ target: [songRenditions.songId, songRenditions.codec, songRenditions.bitrateKbps] });
    },

    /**
     * Records the review in one transaction: the release and its songs take their final status and
     * the uploader is notified. Only a release still processing changes, so an attempt that runs
     * again after a crash (or lost its lease) never notifies twice. False when it was already decided.
     */
    async decide(releaseId: number, verdict: ReleaseVerdict): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [release] = await tx
          .select({ userId: releases.userId })
          .from(releases)
          .where(and(eq(releases.id, releaseId), eq(releases.status, 'processing')))
          .for('update');
        if (!release) return false;
        await tx
          .update(releases)
          .set({
            status: verdict.status,
            rejectionReason: verdict.status === 'rejected' ? verdict.reason : null,
            reviewedAt: sql`now()`,
          })
          .where(eq(releases.id, releaseId));
        await tx.update(songs).set({ status: verdict.status }).where(eq(songs.releaseId, releaseId));
        await tx.insert(notifications).values({
          userId: release.userId,
          kind: verdict.status === 'live' ? 'release-live' : 'release-rejected',
          ...verdict.notification,
        });
        return true;
      });
    },
  };
}

export type ReleaseJobQueries = ReturnType<typeof createReleaseJobQueries>;
