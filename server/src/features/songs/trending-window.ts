import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { createDailyTask } from '../../db/daily-task.js';
import { songDailyPlays, songs, trendingWindow } from '../../db/schema.js';

/** Trending counts the plays of the last seven days (UTC), today included. */
export const TRENDING_WINDOW_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The day (UTC, YYYY-MM-DD) a play made at `at` is counted on. */
export function playDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The first day of the window that holds `now`. */
export function windowStartFor(now: Date): string {
  return playDay(new Date(now.getTime() - (TRENDING_WINDOW_DAYS - 1) * DAY_MS));
}

/**
 * Moves the window's first day up to `startsOn`, taking the days that leave it out of each song's
 * recent count. Returns false when the window already starts there (another process moved it).
 *
 * The lock waits for the plays being recorded to commit and holds new ones until this commits (a
 * play writes its day's rollup before it reads the window): so every play is counted against the
 * window that holds when it commits, and the days taken out are exactly what was counted for them.
 */
export async function moveTrendingWindow(db: Db, startsOn: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${songDailyPlays} in share row exclusive mode`);
    const [current] = await tx.select({ startsOn: trendingWindow.startsOn }).from(trendingWindow).for('update');
    if (!current) throw new Error('trending_window has no row: migration 0027 inserts it');
    if (current.startsOn >= startsOn) return false;
    const leaving = tx
      .select({ songId: songDailyPlays.songId, plays: sql<number>`sum(${songDailyPlays.plays})::int`.as('plays') })
      .from(songDailyPlays)
      .where(and(gte(songDailyPlays.day, current.startsOn), lt(songDailyPlays.day, startsOn)))
      .groupBy(songDailyPlays.songId)
      .as('leaving');
    await tx
      .update(songs)
      .set({ recentPlayCount: sql`${songs.recentPlayCount} - ${leaving.plays}` })
      .from(leaving)
      .where(eq(songs.id, leaving.songId));
    await tx.update(trendingWindow).set({ startsOn });
    return true;
  });
}

/**
 * Keeps the window current for one process: the first read of each new day moves it (or finds
 * another process did); the other reads of the day cost nothing. Concurrent reads share one move.
 */
export function createTrendingWindowKeeper(db: Db, now: () => Date = () => new Date()) {
  return createDailyTask((startsOn) => moveTrendingWindow(db, startsOn), () => windowStartFor(now()));
}
