import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { artistFollows, artists } from '../../db/schema.js';
import type { ArtistRow } from './queries.js';
import { isOwnerInView } from '../account-data/visibility.js';

/** A listener's follows of artists: every statement acts for the one user it is given. */
export function createFollowQueries(db: Db) {
  const follow = (userId: number, artistId: number) =>
    db
      .select({ one: sql`1` })
      .from(artistFollows)
      .where(and(eq(artistFollows.userId, userId), eq(artistFollows.artistId, artistId)));

  return {
    /** Whether the artist exists and the user follows it, in one round trip. */
    async findArtistFollow(userId: number, artistId: number): Promise<{ isFollowing: boolean } | undefined> {
      const [row] = await db
        .select({ isFollowing: sql<boolean>`exists(${follow(userId, artistId)})` })
        .from(artists)
        .where(eq(artists.id, artistId))
        .limit(1);
      return row;
    },

    /** Following twice keeps one follow (and its first date). */
    async insertFollow(userId: number, artistId: number): Promise<void> {
      await db.insert(artistFollows).values({ userId, artistId }).onConflictDoNothing();
    },

    async deleteFollow(userId: number, artistId: number): Promise<void> {
      await db.delete(artistFollows).where(and(eq(artistFollows.userId, userId), eq(artistFollows.artistId, artistId)));
    },

    /** The artists the user follows, most recently followed first. */
    async listFollowedArtists(userId: number, limit: number, offset: number): Promise<ArtistRow[]> {
      const rows = await db
        .select({ artist: artists })
        .from(artistFollows)
        .innerJoin(artists, eq(artists.id, artistFollows.artistId))
        .where(and(eq(artistFollows.userId, userId), isOwnerInView(artists.createdBy)))
        .orderBy(desc(artistFollows.createdAt), desc(artistFollows.artistId))
        .limit(limit)
        .offset(offset);
      return rows.map((row) => row.artist);
    },
  };
}

export type FollowQueries = ReturnType<typeof createFollowQueries>;
