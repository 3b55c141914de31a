import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { isMediaKeyInUse, lockMediaKeys } from '../../db/media-references.js';
import { saveImageColor } from '../../media/image-colors.js';
import { albums, artists, jobs, releases, songFeaturedArtists, songRenditions, songs, uploads, users } from '../../db/schema.js';
import { enqueueJob, JOB_PRIORITY } from '../../jobs/queue.js';
import { PROCESS_RELEASE_JOB } from '../../jobs/handlers/process-release.js';

export type ReleaseRow = typeof releases.$inferSelect;
export type ReleaseTrack = {
  id: number;
  title: string;
  status: ReleaseRow['status'];
  duration: number | null;
  /** The song's own cover, else its album's. */
  coverKey: string | null;
};
/** A release with what "My releases" shows of it. */
export type ReleaseDetails = {
  release: ReleaseRow;
  artist: { id: number; name: string };
  tracks: ReleaseTrack[];
  job: { status: 'queued' | 'running' | 'done' | 'dead'; progress: number } | null;
};

/** The jobs index (migration 0007) is on this very expression. */
const jobReleaseId = sql<string>`(${jobs.payload} ->> 'releaseId')`;

/**
 * The bytes a listener's uploads hold against their quota, as storage-quota.ts defines it: per release
 * whose media is still stored, its uploaded files, plus its renditions (while it is processing, at
 * least what was reserved for them).
 */
async function findStorageUsage(db: Db, userId: number): Promise<number> {
  const files = sql`(select coalesce(sum(${uploads.size}), 0) from ${uploads} where ${uploads.releaseId} = ${releases.id})`;
  const renditions = sql`(select coalesce(sum(${songRenditions.size}), 0) from ${songRenditions}
    inner join ${songs} on ${songs.id} = ${songRenditions.songId} where ${songs.releaseId} = ${releases.id})`;
  const [row] = await db
    .select({
      used: sql<number>`coalesce(sum(${files} + case when ${releases.status} = 'processing'
        then greatest(${releases.renditionsReservedBytes}, ${renditions}) else ${renditions} end), 0)::bigint`.mapWith(Number),
    })
    .from(releases)
    .where(and(eq(releases.userId, userId), isNull(releases.mediaDeletedAt)));
  return row?.used ?? 0;
}

/** Reads of "My releases", and of the storage a listener uses. */
export function createUploadQueries(db: Db) {
  async function withDetails(rows: { release: ReleaseRow; artist: { id: number; name: string } }[]): Promise<ReleaseDetails[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.release.id);
    const tracks = await db
      .select({
        releaseId: songs.releaseId,
        id: songs.id,
        title: songs.title,
        status: songs.status,
        duration: songs.duration,
        coverKey: sql<string | null>`coalesce(${songs.coverKey}, ${albums.coverKey})`,
      })
      .from(songs)
      .leftJoin(albums, eq(albums.id, songs.albumId))
      .where(inArray(songs.releaseId, ids))
      .orderBy(asc(songs.releaseId), sql`${songs.trackNumber} asc nulls last`, asc(songs.id));
    // The newest job of each release (a release is processed again only by a new job).
    const jobRows = await db
      .selectDistinctOn([jobReleaseId], { releaseId: jobReleaseId, status: jobs.status, progress: jobs.progress })
      .from(jobs)
      .where(and(eq(jobs.type, PROCESS_RELEASE_JOB), inArray(jobReleaseId, ids.map(String))))
      .orderBy(jobReleaseId, desc(jobs.id));
    return rows.map(({ release, artist }) => {
      const job = jobRows.find((row) => row.releaseId === String(release.id));
      return {
        release,
        artist,
        tracks: tracks.filter((track) => track.releaseId === release.id),
        job: job ? { status: job.status, progress: job.progress } : null,
      };
    });
  }

  const selectReleases = (where: SQL | undefined) =>
    db
      .select({ release: releases, artist: { id: artists.id, name: artists.name } })
      .from(releases)
      .innerJoin(artists, eq(artists.id, releases.artistId))
      .where(where);

  return {
    /** Read before an upload streams in, without a lock: the commit reads it again under one. */
    findStorageUsage: (userId: number) => findStorageUsage(db, userId),

    /** The user's releases, newest first. */
    async listReleases(userId: number, limit: number, offset: number): Promise<ReleaseDetails[]> {
      const rows = await selectReleases(eq(releases.userId, userId))
        .orderBy(desc(releases.createdAt), desc(releases.id))
        .limit(limit)
        .offset(offset);
      return withDetails(rows);
    },

    async findRelease(id: number): Promise<ReleaseDetails | undefined> {
      const [details] = await withDetails(await selectReleases(eq(releases.id, id)));
      return details;
    },
  };
}

export type UploadQueries = ReturnType<typeof createUploadQueries>;

type NewSong = Omit<typeof songs.$inferInsert, 'id' | 'searchVector'>;
type NewUpload = Omit<typeof uploads.$inferInsert, 'id' | 'status' | 'createdAt'>;

/** The writes of one upload, for one transaction (createUploadTransactions). */
export function createUploadWrites(db: Db) {
  return {
    /**
     * Serializes, until the transaction ends, the uploads of one listener: each one's quota check
     * reads the usage the previous ones committed, and their own artists and albums are created once.
     * No key update: rows that merely refer to the user (plays, likes) are not held up.
     */
    async lockUploader(userId: number): Promise<void> {
      await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    },

    findStorageUsage: (userId: number) => findStorageUsage(db, userId),

    /**
     * The uploader's own artist of that name, whatever its case, else a new one they own. Only the
     * uploader's artists are matched: a name the catalogue or another listener uses gets an artist of
     * the uploader's own. The insert yields to one that raced it (artists_owner_name_unique).
     */
    async findOrCreateOwnArtist(name: string, ownerId: number): Promise<number> {
      await db.execute(sql`insert into ${artists} (name, created_by) values (${name}, ${ownerId}) on conflict (created_by, lower(name)) do nothing`);
      const [row] = await db
        .select({ id: artists.id })
        .from(artists)
        .where(and(eq(artists.createdBy, ownerId), eq(sql`lower(${artists.name})`, sql`lower(${name})`)))
        .limit(1);
      return row!.id;
    },

    /** An album this user created by an earlier upload, by this artist and of this title (case aside). */
    async findOwnAlbum(userId: number, artistId: number, title: string): Promise<number | undefined> {
      const [row] = await db
        .select({ id: albums.id })
        .from(albums)
        .innerJoin(releases, eq(releases.id, albums.releaseId))
        .where(and(eq(albums.artistId, artistId), eq(sql`lower(${albums.title})`, title.toLowerCase()), eq(releases.userId, userId)))
        .orderBy(asc(albums.id))
        .limit(1);
      return row?.id;
    },

    async insertRelease(values: typeof releases.$inferInsert): Promise<number> {
      const [row] = await db.insert(releases).values(values).returning({ id: releases.id });
      return row!.id;
    },

    async insertAlbum(values: typeof albums.$inferInsert): Promise<number> {
      const [row] = await db.insert(albums).values(values).returning({ id: albums.id });
      return row!.id;
    },

    /** The new songs' ids, in the order given. */
    async insertSongs(values: NewSong[]): Promise<number[]> {
      const rows = await db.insert(songs).values(values).returning({ id: songs.id });
      return rows.map((row) => row.id);
    },

    async insertFeaturedArtists(values: { songId: number; artistId: number; position: number }[]): Promise<void> {
      if (values.length > 0) await db.insert(songFeaturedArtists).values(values);
    },

    async insertUploads(values: NewUpload[]): Promise<void> {
      await db.insert(uploads).values(values.map((value) => ({ ...value, status: 'committed' as const })));
    },

    /** The release's processing (jobs/handlers/process-release.ts), committed with its rows or not at all. */
    async enqueueProcessing(releaseId: number): Promise<void> {
      await enqueueJob(db, PROCESS_RELEASE_JOB, { releaseId }, { priority: JOB_PRIORITY.listenerWaiting });
    },

    lockMediaKeys: (keys: readonly string[]) => lockMediaKeys(db, keys),
    isMediaKeyInUse: (key: string) => isMediaKeyInUse(db, key),
    saveImageColor: (key: string, color: string) => saveImageColor(db, key, color),
  };
}

export type UploadWrites = ReturnType<typeof createUploadWrites>;

/** Runs `work` in one transaction, with the upload writes bound to it. */
export function createUploadTransactions(db: Db) {
  return <T>(work: (writes: UploadWrites) => Promise<T>): Promise<T> => db.transaction((tx) => work(createUploadWrites(tx)));
}
export type UploadTransactions = ReturnType<typeof createUploadTransactions>;
