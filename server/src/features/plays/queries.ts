import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { listeningTotals, plays, songs } from '../../db/schema.js';

export function createPlayQueries(db: Db) {
  return {
    /**
     * The play, the song's count and the listener's totals together, or none of them. Both counts
     * are incremented in SQL so concurrent plays all add up; the totals are what stats read
     * instead of counting plays.
     */
    async recordPlay(values: { userId: number; songId: number; secondsPlayed: number }): Promise<number> {
      return db.transaction(async (tx) => {
        await tx.insert(plays).values(values);
        await tx
          .insert(listeningTotals)
          .values({ userId: values.userId, playCount: 1, secondsPlayed: values.secondsPlayed })
          .onConflictDoUpdate({
            target: listeningTotals.userId,
            set: {
              playCount: sql`${listeningTotals.playCount} + 1`,
              secondsPlayed: sql`${listeningTotals.secondsPlayed} + ${values.secondsPlayed}`,
            },
          });
        const [row] = await tx
          .update(songs)
          .set({ playCount: sql`${songs.playCount} + 1` })
          .where(eq(songs.id, values.songId))
          .returning({ playCount: songs.playCount });
        if (!row) throw new Error(`song ${values.songId} vanished while its play was recorded`);
        return row.playCount;
      });
    },
  };
}

export type PlayQueries = ReturnType<typeof createPlayQueries>;
