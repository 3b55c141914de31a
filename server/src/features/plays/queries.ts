import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { plays, songs } from '../../db/schema.js';

export function createPlayQueries(db: Db) {
  return {
    /** The play and its count together, or neither; the count is incremented in SQL so concurrent plays all add up. */
    async recordPlay(values: { userId: number; songId: number; secondsPlayed: number }): Promise<number> {
      return db.transaction(async (tx) => {
        await tx.insert(plays).values(values);
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
