import { and, count, desc, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { createDailyTask } from '../../db/daily-task.js';
import { searchPopularFloor, songDailyPlays, songs } from '../../db/schema.js';

/**
 * Search ranks the popular songs first, through their own full-text index: about one song in
 * POPULAR_SHARE, and never fewer than POPULAR_MIN. A word common across the catalogue (a million
 * songs, 12,000 with "love") then finds its best matches among a few hundred popular rows instead
 * of ranking every match; the larger the share, the fewer searches need the rest of the catalogue.
 */
export const POPULAR_SHARE = 20;
export const POPULAR_MIN = 1000;

/** How many songs the popular set aims at for a catalogue of `songCount`. */
export function popularTarget(songCount: number): number {
  return Math.max(POPULAR_MIN, Math.ceil(songCount / POPULAR_SHARE));
}

export type PopularTarget = (songCount: number) => number;

/**
 * Sets the floor to the play count of the target-th most played song (0 when the catalogue has
 * fewer), and marks exactly the songs at or above it. The songs whose mark changes lie between the
 * old floor and the new one, read from songs_play_count_idx.
 *
 * Plays take song_daily_plays' row lock before their song's play_count (plays/queries.ts), and the
 * trigger reads the floor with the count: the lock here waits for the plays being recorded and
 * holds new ones until the new floor is committed, so no play marks its song against a stale floor.
 */
export async function setPopularFloor(db: Db, targetFor: PopularTarget = popularTarget): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${songDailyPlays} in share row exclusive mode`);
    const goal = targetFor((await tx.select({ songs: count() }).from(songs))[0]!.songs);
    const [edge] = await tx
      .select({ playCount: songs.playCount })
      .from(songs)
      .orderBy(desc(songs.playCount))
      .offset(goal - 1)
      .limit(1);
    const floor = edge?.playCount ?? 0;
    const [current] = await tx.select({ playCount: searchPopularFloor.playCount }).from(searchPopularFloor).for('update');
    if (!current) throw new Error('search_popular_floor has no row: migration 0029 inserts it');
    if (current.playCount === floor) return;
    await tx.update(searchPopularFloor).set({ playCount: floor });
    await tx
      .update(songs)
      .set({ searchPopular: sql`${songs.playCount} >= ${floor}` })
      .where(and(gte(songs.playCount, Math.min(current.playCount, floor)), lt(songs.playCount, Math.max(current.playCount, floor))));
  });
}

/** Moves the floor with the catalogue once a day per process, on the day's first search. */
export function createPopularFloorKeeper(db: Db, targetFor: PopularTarget = popularTarget, now: () => Date = () => new Date()) {
  return createDailyTask(() => setPopularFloor(db, targetFor), () => now().toISOString().slice(0, 10));
}
