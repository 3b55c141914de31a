import type { UserStats } from '@kora/contracts';
import { and, count, eq, inArray, not, notExists, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { artistFollows, artists, likedSongs, listeningTotals, playlists, songs, users } from '../../db/schema.js';
import { isOwnerInView } from '../account-data/visibility.js';

/** A scalar subquery's count as a JavaScript number (PostgreSQL's bigint arrives as text). */
const asNumber = (value: SQL) => sql<number>`coalesce((${value}), 0)`.mapWith(Number);

export function createStatsQueries(db: Db) {
  return {
    /**
     * Every figure in one statement of small lookups, none of which reads the plays: play count
     * and seconds come from the listener's running totals (kept by features/plays), so a heavy
     * listener costs what a new one does. Undefined for a user that does not exist.
     */
    async findUserStats(userId: number): Promise<UserStats | undefined> {
      // Likes are only ever of library songs; as in GET /api/liked-songs/count, a song that is no
      // longer live stops counting, found in the small partial index of songs that are not live.
      const notLiveSong = db
        .select({ one: sql`1` })
        .from(songs)
        .where(and(eq(songs.id, likedSongs.songId), sql`${songs.status} <> 'live'`));
      const songsLiked = db
        .select({ n: count() })
        .from(likedSongs)
        .where(and(eq(likedSongs.userId, userId), notExists(notLiveSong)));
      const playlistsCreated = db
        .select({ n: count() })
        .from(playlists)
        .where(and(eq(playlists.userId, userId), not(playlists.isEditorial)));
      // As the followed list shows them: an artist out of view (its listener is leaving) does not count.
      const following = db
        .select({ n: count() })
        .from(artistFollows)
        .innerJoin(artists, eq(artists.id, artistFollows.artistId))
        .where(and(eq(artistFollows.userId, userId), isOwnerInView(artists.createdBy)));
      // Listeners of the artists this user brought in by uploading.
      const ownArtists = db.select({ id: artists.id }).from(artists).where(eq(artists.createdBy, userId));
      const followers = db.select({ n: count() }).from(artistFollows).where(inArray(artistFollows.artistId, ownArtists));

      const [row] = await db
        .select({
          totalPlayCount: asNumber(sql`${listeningTotals.playCount}`),
          secondsPlayed: asNumber(sql`${listeningTotals.secondsPlayed}`),
          songsLiked: asNumber(sql`${songsLiked}`),
          playlistsCreated: asNumber(sql`${playlistsCreated}`),
          followingCount: asNumber(sql`${following}`),
          followersCount: asNumber(sql`${followers}`),
        })
        .from(users)
        .leftJoin(listeningTotals, eq(listeningTotals.userId, users.id))
        .where(eq(users.id, userId));
      if (!row) return undefined;
      const { secondsPlayed, ...counts } = row;
      return { ...counts, minutesStreamed: Math.floor(secondsPlayed / 60) };
    },
  };
}

export type StatsQueries = ReturnType<typeof createStatsQueries>;
