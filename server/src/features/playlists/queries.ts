import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { playlistSongs, playlists } from '../../db/schema.js';

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

    /** The user's own playlists, newest first; editorial ones are never "own". */
    async listOwnedBy(userId: number): Promise<PlaylistSummary[]> {
      return summaries()
        .where(and(eq(playlists.userId, userId), eq(playlists.isEditorial, false)))
        .orderBy(desc(playlists.createdAt), desc(playlists.id));
    },
  };
}

export type PlaylistQueries = ReturnType<typeof createPlaylistQueries>;
