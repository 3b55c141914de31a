import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { plays } from '../../src/db/schema.js';

/**
 * Lets time pass for a listener without waiting: their counted plays move `seconds` into the past,
 * which is all the play rules read of it (features/plays/play-credit.ts).
 */
export async function rewindPlays(db: Db, userId: number, seconds: number): Promise<void> {
  await db
    .update(plays)
    .set({ playedAt: sql`${plays.playedAt} - make_interval(secs => ${seconds})` })
    .where(eq(plays.userId, userId));
}
