import { count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { createDailyTask } from '../../db/daily-task.js';
import { searchPopularFloors, songDailyPlays, songs } from '../../db/schema.js';

/**
 * Search ranks the most played songs first, each level through its own full-text index: about one
 * song in `share` reaches a level, and never fewer than `fewest`. A word common across a million
 * songs ("dance" in one popular title in ten) finds its best matches among the 2,500 songs of level
 * 2, a few hundred rows; a rarer one among the 50,000 of level 1; only what those cannot settle
 * reads the rest of the catalogue. Migration 0029 sets the same levels at deployment.
 */
export const POPULAR_LEVELS = [
  { level: 1, share: 20, fewest: 1000 },
  { level: 2, share: 400, fewest: 250 },
] as const;

/** The top level: search reads levels from here down to 0, the rest of the catalogue. */
export const TOP_LEVEL = POPULAR_LEVELS.length;

/** How many songs each level aims at for a catalogue of `songCount`, level 1 first. */
export type PopularTargets = (songCount: number) => number[];

export const popularTargets: PopularTargets = (songCount) =>
  POPULAR_LEVELS.map(({ share, fewest }) => Math.max(fewest, Math.ceil(songCount / share)));

/**
 * Sets each level's floor to the play count of its target-th most played song (0 when the
 * catalogue has fewer), and gives every song the level its play count reaches. The songs whose level
 * changes lie between a floor's old and new play counts, read from songs_play_count_idx.
 *
 * Plays take song_daily_plays' row lock before their song's play_count (plays/queries.ts), and the
 * trigger reads the floors with the count: the lock here waits for the plays being recorded and
 * holds new ones until the new floors are committed, so no play levels its song against stale floors.
 */
export async function setPopularFloors(db: Db, targetsFor: PopularTargets = popularTargets): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${songDailyPlays} in share row exclusive mode`);
    const [catalogue] = await tx.select({ songs: count() }).from(songs);
    const floors: number[] = [];
    for (const target of targetsFor(catalogue!.songs)) {
      const [edge] = await tx.select({ playCount: songs.playCount }).from(songs).orderBy(desc(songs.playCount)).offset(target - 1).limit(1);
      floors.push(edge?.playCount ?? 0);
    }
    // Each level within the one below it, whatever the targets.
    floors.sort((a, b) => a - b);
    const current = await tx.select().from(searchPopularFloors).orderBy(searchPopularFloors.level).for('update');
    if (current.length !== floors.length) throw new Error('search_popular_floors needs a row per level: migration 0029 inserts them');
    const moved = floors.flatMap((floor, i) => {
      const before = current[i]!.playCount;
      return floor === before ? [] : [[Math.min(before, floor), Math.max(before, floor)] as const];
    });
    if (moved.length === 0) return;
    for (const [i, floor] of floors.entries()) {
      await tx.update(searchPopularFloors).set({ playCount: floor }).where(eq(searchPopularFloors.level, i + 1));
    }
    const changing = moved.map(([from, below]) => sql`(${songs.playCount} >= ${from} and ${songs.playCount} < ${below})`);
    await tx
      .update(songs)
      // Qualified: unqualified, play_count would name the floor's own column inside the subquery.
      .set({ searchLevel: sql`(select count(*) from ${searchPopularFloors} f where ${songs}.play_count >= f.play_count)` })
      .where(sql.join(changing, sql` or `));
  });
}

/** Moves the floors with the catalogue once a day per process, on the day's first search. */
export function createPopularFloorsKeeper(db: Db, targetsFor: PopularTargets = popularTargets, now: () => Date = () => new Date()) {
  return createDailyTask(() => setPopularFloors(db, targetsFor), () => now().toISOString().slice(0, 10));
}
