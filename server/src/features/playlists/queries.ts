import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { playlistSongs, playlists, songs } from '../../db/schema.js';
import { isLive, selectSongsWithCredits, type SongWithCredits } from '../songs/queries.js';

export type PlaylistRow = typeof playlists.$inferSelect;
export type PlaylistSummary = { playlist: PlaylistRow; songCount: number };

export function createPlaylistQueries(db: Db) {
  const summaries = () =>
    db
      .select({ playlist: playlists, songCount: count(playlistSongs.songId) })
      .from(playlists)
      .leftJoin(playlistSongs, eq(playlistSongs.playlistId, playlists.id))
      .groupBy(playlists.id);

  return {
    async listEditorial(): Promise<PlaylistSummary[]> {
      return summaries().where(eq(playlists.isEditorial, true)).orderBy(playlists.id);
    },

    async findSummary(id: number): Promise<PlaylistSummary | undefined> {
      const [row] = await summaries().where(eq(playlists.id, id));
      return row;
    },

    /** The playlist's live songs in their order. */
    async listSongs(playlistId: number): Promise<SongWithCredits[]> {
      return selectSongsWithCredits(db)
        .innerJoin(playlistSongs, eq(playlistSongs.songId, songs.id))
        .where(and(eq(playlistSongs.playlistId, playlistId), isLive))
        .orderBy(asc(playlistSongs.position), asc(songs.id));
    },

    /** The user's own playlists, newest first; editorial ones are never "own". */
    async listOwnedBy(userId: number): Promise<PlaylistSummary[]> {
      return summaries()
        .where(and(eq(playlists.userId, userId), eq(playlists.isEditorial, false)))
        .orderBy(desc(playlists.createdAt), desc(playlists.id));
    },
  };
}

export type PlaylistQueries = ReturnType<typeof createPlaylistQueries>;
