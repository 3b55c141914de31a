import { and, count, desc, eq, notExists, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { likedPlaylists, likedSongs, playlists, songs } from '../../db/schema.js';
import { type PlaylistSummary, selectPlaylistSummaries } from '../playlists/queries.js';
import { isLive, notLiveSong as notLiveSongOf, selectSongsWithCredits, type SongRow, type SongWithCredits } from '../songs/queries.js';
import { isOwnerInView } from '../account-data/visibility.js';

export function createLikeQueries(db: Db) {
  const notLiveSong = (songId: AnyPgColumn) => notLiveSongOf(db, songId);
  const songLike = (userId: number, songId: number) =>
    db
      .select({ one: sql`1` })
      .from(likedSongs)
      .where(and(eq(likedSongs.userId, userId), eq(likedSongs.songId, songId)));
  const playlistLike = (userId: number, playlistId: number) =>
    db
      .select({ one: sql`1` })
      .from(likedPlaylists)
      .where(and(eq(likedPlaylists.userId, userId), eq(likedPlaylists.playlistId, playlistId)));

  // Prepared, as every Liked Songs screen asks for both: built once per process (a page cost 0.29 ms
  // of the server's CPU to build), parsed once per PostgreSQL connection.
  const userId = sql.placeholder('userId');
  const likedLive = and(eq(likedSongs.userId, userId), notExists(notLiveSong(likedSongs.songId)));
  // The page is chosen from the likes alone (their index, and the small not-live index), then only
  // its songs are read: joining first read every song up to a deep page's offset.
  const likedPage = db
    .select({ songId: likedSongs.songId, likedAt: likedSongs.createdAt })
    .from(likedSongs)
    .where(likedLive)
    .orderBy(desc(likedSongs.createdAt), desc(likedSongs.songId))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('liked_page');
  const likedSongsPage = selectSongsWithCredits(db)
    .innerJoin(likedPage, eq(likedPage.songId, songs.id))
    .orderBy(desc(likedPage.likedAt), desc(likedPage.songId))
    .prepare('liked_songs_page');
  const likedSongsCount = db.select({ count: count() }).from(likedSongs).where(likedLive).prepare('liked_songs_count');

  return {
    /** A live song and whether the user likes it, in one round trip. */
    async findLiveSongLike(userId: number, songId: number): Promise<{ source: SongRow['source']; isLiked: boolean } | undefined> {
      const [row] = await db
        .select({ source: songs.source, isLiked: sql<boolean>`exists(${songLike(userId, songId)})` })
        .from(songs)
        .where(and(eq(songs.id, songId), isLive))
        .limit(1);
      return row;
    },

    /** Liking twice keeps one like (and its first date). */
    async insertSongLike(userId: number, songId: number): Promise<void> {
      await db.insert(likedSongs).values({ userId, songId }).onConflictDoNothing();
    },

    async deleteSongLike(userId: number, songId: number): Promise<void> {
      await db.delete(likedSongs).where(and(eq(likedSongs.userId, userId), eq(likedSongs.songId, songId)));
    },

    /** The user's liked live songs, most recently liked first, with their credits in the same query. */
    async listLikedSongs(userId: number, limit: number, offset: number): Promise<SongWithCredits[]> {
      return likedSongsPage.execute({ userId, limit, offset });
    },

    /** Counts what listLikedSongs lists: a like of a song that is no longer live does not count. */
    async countLikedSongs(userId: number): Promise<number> {
      const [row] = await likedSongsCount.execute({ userId });
      return row?.count ?? 0;
    },

    /** Whether the playlist exists (anyone signed in may open it) and the user likes it. */
    async findPlaylistLike(userId: number, playlistId: number): Promise<{ isLiked: boolean } | undefined> {
      const [row] = await db
        .select({ isLiked: sql<boolean>`exists(${playlistLike(userId, playlistId)})` })
        .from(playlists)
        .where(and(eq(playlists.id, playlistId), isOwnerInView(playlists.userId)))
        .limit(1);
      return row;
    },

    async insertPlaylistLike(userId: number, playlistId: number): Promise<void> {
      await db.insert(likedPlaylists).values({ userId, playlistId }).onConflictDoNothing();
    },

    async deletePlaylistLike(userId: number, playlistId: number): Promise<void> {
      await db.delete(likedPlaylists).where(and(eq(likedPlaylists.userId, userId), eq(likedPlaylists.playlistId, playlistId)));
    },

    /** The user's liked playlists as summaries, most recently liked first, in one query. */
    async listLikedPlaylists(userId: number): Promise<PlaylistSummary[]> {
      return selectPlaylistSummaries(db)
        .innerJoin(likedPlaylists, eq(likedPlaylists.playlistId, playlists.id))
        .where(and(eq(likedPlaylists.userId, userId), isOwnerInView(playlists.userId)))
        .orderBy(desc(likedPlaylists.createdAt), desc(playlists.id));
    },

    async countLikedPlaylists(userId: number): Promise<number> {
      // Counts what listLikedPlaylists lists: a playlist out of view does not count.
      const [row] = await db
        .select({ count: count() })
        .from(likedPlaylists)
        .innerJoin(playlists, eq(playlists.id, likedPlaylists.playlistId))
        .where(and(eq(likedPlaylists.userId, userId), isOwnerInView(playlists.userId)));
      return row?.count ?? 0;
    },
  };
}

export type LikeQueries = ReturnType<typeof createLikeQueries>;
