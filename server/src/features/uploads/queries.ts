import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { isMediaKeyInUse, lockMediaKeys } from '../../db/media-references.js';
import { albums, artists, jobs, releases, songFeaturedArtists, songs, uploads } from '../../db/schema.js';
import { enqueueJob, JOB_PRIORITY } from '../../jobs/queue.js';
import { PROCESS_RELEASE_JOB } from '../../jobs/handlers/process-release.js';

export type ReleaseRow = typeof releases.$inferSelect;
export type ReleaseTrack = {
  id: number;
  title: string;
  status: 'processing' | 'live' | 'rejected';
  duration: number | null;
  /** The song's own cover, else its album's. */
  coverKey: string | null;
};
/** A release with what "My releases" shows of it. */
export type ReleaseDetails = {
  release: ReleaseRow;
  artist: { id: number; name: string };
  tracks: ReleaseTrack[];
  job: { status: 'queued' | 'running' | 'done' | 'failed'; progress: number } | null;
};

// One namespace for the locks on artist names, apart from media keys and migrations.
const ARTIST_NAME_LOCK_SPACE = 727276;

/** The jobs index (migration 0007) is on this very expression. */
const jobReleaseId = sql<string>`(${jobs.payload} ->> 'releaseId')`;

/** Reads of "My releases". */
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
     * Serializes, until the transaction ends, the uploads that credit these names: two uploads
     * naming one new artist at once create it once. Sorted, so two uploads cannot deadlock.
     */
    async lockArtistNames(names: readonly string[]): Promise<void> {
      for (const name of [...new Set(names.map((value) => value.toLowerCase()))].sort()) {
        await db.execute(sql`select pg_advisory_xact_lock(${ARTIST_NAME_LOCK_SPACE}, hashtext(${name}))`);
      }
    },

    /** The artist of that name whatever its case (the oldest, a local one first), else a new one. Call under lockArtistNames. */
    async findOrCreateArtist(name: string, createdBy: number): Promise<number> {
      const [existing] = await db
        .select({ id: artists.id })
        .from(artists)
        .where(eq(sql`lower(${artists.name})`, name.toLowerCase()))
        .orderBy(sql`${artists.deezerId} is not null`, asc(artists.id))
        .limit(1);
      if (existing) return existing.id;
      const [created] = await db.insert(artists).values({ name, createdBy }).returning({ id: artists.id });
      return created!.id;
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
  };
}

export type UploadWrites = ReturnType<typeof createUploadWrites>;

/** Runs `work` in one transaction, with the upload writes bound to it. */
export function createUploadTransactions(db: Db) {
  return <T>(work: (writes: UploadWrites) => Promise<T>): Promise<T> => db.transaction((tx) => work(createUploadWrites(tx)));
}
export type UploadTransactions = ReturnType<typeof createUploadTransactions>;
