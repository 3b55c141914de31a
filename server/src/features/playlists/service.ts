import {
  type AddPlaylistSong,
  type MovePlaylistSong,
  PLAYLIST_MAX_SONGS,
  type Playlist,
  type PlaylistChange,
  type createPlaylistFieldsSchema,
  type updatePlaylistFieldsSchema,
} from '@kora/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { BadRequest, Conflict, Forbidden, NotFound } from '../../http/errors.js';
import { deleteWithVariants, type PreparedCover, prepareCoverImage, storeCoverWithVariants } from '../../media/cover-image.js';
import type { MediaStorage } from '../../media/storage.js';
import { presentPlaylist } from './presenter.js';
import type { PlaylistAccess, PlaylistQueries, PlaylistTransactions, PlaylistWrites } from './queries.js';

export const NOT_YOUR_PLAYLIST_MESSAGE = 'You can only change your own playlists.';
export const EDITORIAL_PLAYLIST_MESSAGE = 'Editorial playlists cannot be changed.';
export const PLAYLIST_NOT_FOUND_MESSAGE = 'Playlist not found';
export const SONG_NOT_IN_PLAYLIST_MESSAGE = 'This song is not in this playlist.';

// Song ids are 32-bit serials: a larger number names no song (and PostgreSQL would refuse it as a parameter).
const MAX_SERIAL = 2_147_483_647;

type CreateFields = z.output<typeof createPlaylistFieldsSchema>;
type UpdateFields = z.output<typeof updatePlaylistFieldsSchema>;
/** A processed cover, stored, with its bytes kept until the row that uses it is committed. */
type StoredCover = PreparedCover & { key: string };

type Deps = {
  queries: PlaylistQueries;
  transaction: PlaylistTransactions;
  storage: MediaStorage;
  log: FastifyBaseLogger;
};

/**
 * Playlist changes. Every change locks the playlist's row and checks, in the same transaction,
 * that it exists (404), is not editorial and belongs to the user (403): no check-then-act race.
 */
export function createPlaylistService({ queries, transaction, storage, log }: Deps) {
  function requireChangeable(access: PlaylistAccess | undefined, userId: number): PlaylistAccess {
    if (!access) throw new NotFound(PLAYLIST_NOT_FOUND_MESSAGE);
    if (access.isEditorial) throw new Forbidden(EDITORIAL_PLAYLIST_MESSAGE);
    if (access.userId !== userId) throw new Forbidden(NOT_YOUR_PLAYLIST_MESSAGE);
    return access;
  }

  /** Runs `work` in a transaction that holds the playlist's row, once the user may change it. */
  function changeOwned<T>(id: number, userId: number, work: (q: PlaylistWrites, access: PlaylistAccess) => Promise<T>) {
    return transaction(async (q) => work(q, requireChangeable(await q.lockAccess(id), userId)));
  }

  async function summary(id: number, viewerId: number): Promise<Playlist> {
    const row = await queries.findSummary(id);
    if (!row) throw new NotFound(PLAYLIST_NOT_FOUND_MESSAGE);
    return presentPlaylist(row, viewerId);
  }

  async function storeCover(file: Buffer): Promise<StoredCover> {
    const cover = await prepareCoverImage(file);
    const { key } = await storeCoverWithVariants(storage, cover);
    return { key, ...cover };
  }

  /**
   * In the transaction that makes a row point at the cover, under the lock of its key: an equal
   * object released meanwhile by another playlist (same content, same key) is stored again, and the
   * cover's placeholder colour is kept.
   */
  async function keepCover(q: PlaylistWrites, cover: StoredCover): Promise<void> {
    if (!(await storage.stat(cover.key))) await storeCoverWithVariants(storage, cover);
    await q.saveImageColor(cover.key, cover.color);
  }

  /** Under the lock of `key`: deletes the stored cover and its variants unless a row still points at it. */
  async function releaseIfUnused(q: PlaylistWrites, key: string): Promise<void> {
    if (!(await q.isMediaKeyInUse(key))) await deleteWithVariants(storage, key);
  }

  /** Runs a write that may reference a newly stored cover; if it fails, the cover goes unless another row uses it. */
  async function withStoredCover<T>(file: Buffer | undefined, write: (cover: StoredCover | undefined) => Promise<T>): Promise<T> {
    const cover = file && (await storeCover(file));
    try {
      return await write(cover);
    } catch (error) {
      if (cover) {
        await transaction(async (q) => {
          await q.lockMediaKeys([cover.key]);
          await releaseIfUnused(q, cover.key);
        }).catch((cleanupError: unknown) => log.error({ err: cleanupError, key: cover.key }, 'could not remove an unused cover'));
      }
      throw error;
    }
  }

  return {
    /** Refuses early, before an upload is read, a change the transaction would refuse anyway. */
    async requireChangeable(id: number, userId: number): Promise<void> {
      requireChangeable(await queries.findAccess(id), userId);
    },

    async create(userId: number, fields: CreateFields, file: Buffer | undefined): Promise<Playlist> {
      const id = await withStoredCover(file, (cover) =>
        transaction(async (q) => {
          if (cover) {
            await q.lockMediaKeys([cover.key]);
            await keepCover(q, cover);
          }
          return q.insertPlaylist({
            userId,
            name: fields.name,
            description: fields.description,
            coverKey: cover?.key ?? null,
            // Shown only for editorial playlists; the owner's current name is shown for the others.
            createdBy: (await q.findOwnerName(userId)) ?? 'user',
          });
        }),
      );
      return summary(id, userId);
    },

    async update(id: number, userId: number, fields: UpdateFields, file: Buffer | undefined): Promise<Playlist> {
      await withStoredCover(file, (cover) =>
        changeOwned(id, userId, async (q, access) => {
          const oldKey = cover && access.coverKey !== cover.key ? access.coverKey : null;
          // Both keys at once, in one order, so two swaps of the same covers cannot deadlock.
          await q.lockMediaKeys([cover?.key, oldKey].filter((key): key is string => typeof key === 'string'));
          if (cover) await keepCover(q, cover);
          await q.updatePlaylist(access.id, {
            ...(fields.name === undefined ? {} : { name: fields.name }),
            // An emptied description means none.
            ...(fields.description === undefined ? {} : { description: fields.description || null }),
            ...(cover ? { coverKey: cover.key } : {}),
          });
          if (oldKey) await releaseIfUnused(q, oldKey);
        }),
      );
      return summary(id, userId);
    },

    async remove(id: number, userId: number): Promise<PlaylistChange> {
      await changeOwned(id, userId, async (q, access) => {
        if (access.coverKey) await q.lockMediaKeys([access.coverKey]);
        await q.deletePlaylist(access.id);
        if (access.coverKey) await releaseIfUnused(q, access.coverKey);
      });
      return { message: 'Playlist deleted' };
    },

    async addSong(id: number, userId: number, { songId }: AddPlaylistSong): Promise<Playlist> {
      await changeOwned(id, userId, async (q, access) => {
        if (songId > MAX_SERIAL || !(await q.isLiveLocalSong(songId))) throw new NotFound('Song not found');
        const end = await q.findEnd(access.id);
        if (end.songCount >= PLAYLIST_MAX_SONGS) {
          throw new Conflict(`A playlist can hold at most ${PLAYLIST_MAX_SONGS.toLocaleString('en-US')} songs.`);
        }
        if (!(await q.insertSong(access.id, songId, end.nextPosition))) throw new Conflict('This song is already in this playlist.');
        await q.updatePlaylist(access.id, {});
      });
      return summary(id, userId);
    },

    /** `position` counts among the songs the listing shows; hidden songs keep their places. */
    async moveSong(id: number, userId: number, songId: number | undefined, { position }: MovePlaylistSong): Promise<Playlist> {
      await changeOwned(id, userId, async (q, access) => {
        const entries = await q.listEntries(access.id);
        const shown = entries.filter((entry) => entry.isLive).map((entry) => entry.songId);
        const from = songId === undefined ? -1 : shown.indexOf(songId);
        if (songId === undefined || from === -1) throw new NotFound(SONG_NOT_IN_PLAYLIST_MESSAGE);
        if (position >= shown.length) throw new BadRequest(`position must be at most ${shown.length - 1}.`);
        shown.splice(from, 1);
        shown.splice(position, 0, songId);
        let next = 0;
        const order = entries.map((entry) => (entry.isLive ? shown[next++]! : entry.songId));
        // Contiguous positions 0..n-1; only the rows whose position changes are written.
        const positionOf = new Map(entries.map((entry) => [entry.songId, entry.position]));
        const moves = order
          .map((movedId, index) => ({ songId: movedId, position: index }))
          .filter((move) => positionOf.get(move.songId) !== move.position);
        await q.setPositions(access.id, moves);
        await q.updatePlaylist(access.id, {});
      });
      return summary(id, userId);
    },

    async removeSong(id: number, userId: number, songId: number | undefined): Promise<PlaylistChange> {
      await changeOwned(id, userId, async (q, access) => {
        if (songId === undefined || !(await q.deleteSong(access.id, songId))) throw new NotFound(SONG_NOT_IN_PLAYLIST_MESSAGE);
        await q.updatePlaylist(access.id, {});
      });
      return { message: 'Song removed from playlist' };
    },
  };
}
