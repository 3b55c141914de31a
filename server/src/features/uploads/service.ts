import type { Release } from '@kora/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../../http/errors.js';
import { deleteWithVariants, storeCoverWithVariants } from '../../media/cover-image.js';
import type { MediaStorage } from '../../media/storage.js';
import { presentRelease } from './presenter.js';
import type { UploadQueries, UploadTransactions, UploadWrites } from './queries.js';
import { renditionsReserve, type StorageRoom, storageRoom, uploadBytes } from './storage-quota.js';
import type { UploadForm } from './upload-form.js';
import type { UploadPlan } from './upload-plans.js';

export const FILE_VANISHED_MESSAGE = 'A file of this upload was removed while it was being saved. Please try again.';

type Deps = {
  queries: UploadQueries;
  transaction: UploadTransactions;
  storage: MediaStorage;
  /** Stored bytes one listener's uploads may take in all (storage-quota.ts). */
  quotaBytes: number;
  log: FastifyBaseLogger;
};

/**
 * Uploads: the files are stored while the request streams in (upload-form.ts), the form becomes a
 * plan (upload-plans.ts), and one transaction writes every row and enqueues the processing job.
 * Whatever fails (a refusal, a database error, a client that hung up), no row is written and every
 * object this request stored is deleted again unless some row refers to it.
 */
export function createUploadService({ queries, transaction, storage, quotaBytes, log }: Deps) {
  /** Deletes these objects unless a row refers to them; a failure here is logged (the orphan sweep retries). */
  async function removeUnused(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await transaction(async (q) => {
      await q.lockMediaKeys(keys);
      for (const key of keys) {
        if (!(await q.isMediaKeyInUse(key))) await deleteWithVariants(storage, key);
      }
    }).catch((error: unknown) => log.error({ err: error, keys }, 'could not remove the files of a failed upload'));
  }

  /**
   * Under the locks of the plan's keys: every stored file is still there. Another request may have
   * removed an object of equal content (the same key) between our storing and this lock; a cover is
   * stored again from its bytes, an audio file (never held in memory) cannot be.
   */
  async function keepFiles(q: UploadWrites, plan: UploadPlan): Promise<void> {
    await q.lockMediaKeys(keysOf(plan));
    for (const track of plan.tracks) {
      for (const audio of [track.audio, track.instrumental]) {
        if (audio && !(await storage.stat(audio.key))) throw new HttpError(503, FILE_VANISHED_MESSAGE);
      }
    }
    if (plan.cover) {
      if (!(await storage.stat(plan.cover.key))) await storeCoverWithVariants(storage, plan.cover);
      await q.saveImageColor(plan.cover.key, plan.cover.color);
    }
  }

  async function commit(userId: number, plan: UploadPlan): Promise<number> {
    return transaction(async (q) => {
      // The uploader first, then media keys: every transaction takes the two in this order. Under this
      // lock the listener's uploads commit one at a time, so together they cannot pass the quota.
      await q.lockUploader(userId);
      const room = storageRoom(quotaBytes, await q.findStorageUsage(userId));
      if (uploadBytes(plan) > room.remainingBytes) throw room.refuse();
      const artistId = await q.findOrCreateOwnArtist(plan.artistName, userId);
      await keepFiles(q, plan);

      const { cover } = plan;
      const releaseId = await q.insertRelease({
        userId,
        releaseType: plan.releaseType,
        artistId,
        title: plan.title,
        genre: plan.genre,
        language: plan.language,
        status: 'processing',
        renditionsReservedBytes: renditionsReserve(plan),
      });
      const ownAlbumId = plan.album?.reuseOwn ? await q.findOwnAlbum(userId, artistId, plan.album.title) : undefined;
      const albumId =
        ownAlbumId ??
        (plan.album &&
          (await q.insertAlbum({
            title: plan.album.title,
            artistId,
            coverKey: cover?.key ?? null,
            releaseYear: new Date().getUTCFullYear(),
            releaseId,
          })));
      // A cover belongs to the album this upload creates; without one, to the songs themselves.
      const songCoverKey = cover && (albumId === null || ownAlbumId !== undefined) ? cover.key : null;

      const songIds = await q.insertSongs(
        plan.tracks.map((track) => ({
          title: track.title,
          artistId,
          albumId,
          trackNumber: track.trackNumber,
          duration: track.audio.probe.duration === null ? null : Math.round(track.audio.probe.duration),
          genre: plan.genre,
          language: plan.language,
          fileKey: track.audio.key,
          fileMime: track.audio.contentType,
          fileSize: track.audio.size,
          coverKey: songCoverKey,
          lyrics: track.lyrics,
          producers: track.producers,
          explicit: track.explicit,
          status: 'processing' as const,
          source: 'local' as const,
          uploadedBy: userId,
          releaseId,
        })),
      );

      const featured: { songId: number; artistId: number; position: number }[] = [];
      for (const [index, track] of plan.tracks.entries()) {
        let position = 0;
        for (const name of track.featuredArtists) {
          const featuredId = await q.findOrCreateOwnArtist(name, userId);
          // The main artist is credited already; a name given twice in other cases is one artist.
          if (featuredId === artistId || featured.some((row) => row.songId === songIds[index] && row.artistId === featuredId)) continue;
          featured.push({ songId: songIds[index]!, artistId: featuredId, position: position++ });
        }
      }
      await q.insertFeaturedArtists(featured);

      await q.insertUploads([
        ...plan.tracks.flatMap((track, index) =>
          [
            { kind: 'audio' as const, file: track.audio },
            ...(track.instrumental ? [{ kind: 'instrumental' as const, file: track.instrumental }] : []),
          ].map(({ kind, file }) => ({
            userId,
            releaseId,
            songId: songIds[index]!,
            kind,
            storageKey: file.key,
            originalName: file.originalName,
            mime: file.contentType,
            size: file.size,
          })),
        ),
        ...(cover
          ? [{ userId, releaseId, songId: null, kind: 'cover' as const, storageKey: cover.key, originalName: cover.originalName, mime: cover.contentType, size: cover.size }]
          : []),
      ]);
      await q.enqueueProcessing(releaseId);
      return releaseId;
    });
  }

  return {
    /**
     * Reads the form (storing its files), plans and commits it. `stored` collects every key the
     * request stored; afterwards the ones no row took (all of them after a failure, a refusal over
     * the quota included) are deleted. `room` is the quota left as the request starts, for refusing
     * early a body that cannot fit; the commit decides on the files actually stored.
     */
    async receive(
      userId: number,
      readForm: (stored: Set<string>, room: StorageRoom) => Promise<UploadForm>,
      plan: (form: UploadForm) => UploadPlan,
    ): Promise<Release> {
      const room = storageRoom(quotaBytes, await queries.findStorageUsage(userId));
      const stored = new Set<string>();
      let committed = new Set<string>();
      try {
        const upload = plan(await readForm(stored, room));
        const releaseId = await commit(userId, upload);
        committed = new Set(keysOf(upload));
        const details = await queries.findRelease(releaseId);
        return presentRelease(details!);
      } finally {
        await removeUnused([...stored].filter((key) => !committed.has(key)));
      }
    },

    async listReleases(userId: number, limit: number, offset: number): Promise<Release[]> {
      return (await queries.listReleases(userId, limit, offset)).map(presentRelease);
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;

function keysOf(plan: UploadPlan): string[] {
  const keys = plan.tracks.flatMap((track) => [track.audio.key, ...(track.instrumental ? [track.instrumental.key] : [])]);
  return plan.cover ? [...keys, plan.cover.key] : keys;
}
