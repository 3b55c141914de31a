import { and, asc, desc, eq, gt, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { listeningTotals, plays, songDailyPlays, songs, trendingWindow } from '../../db/schema.js';
import { playDay } from '../songs/trending-window.js';
import type { SurroundingPlays } from './offline-play-credit.js';
import type { ListeningHistory } from './play-credit.js';

/** Reads and writes of one play decision, for one transaction (createPlayQueries). */
function createPlayWrites(db: Db) {
  return {
    /**
     * Holds the listener's totals row until the transaction ends, creating it on a first play, so
     * that one listener's reports are decided one after another and two cannot both pass. Reads of
     * their plays must come after this, in statements of their own: under READ COMMITTED a later
     * statement sees the play the transaction we waited for wrote, while a subquery of this one
     * would not.
     */
    async lockListener(userId: number): Promise<void> {
      await db.insert(listeningTotals).values({ userId }).onConflictDoNothing({ target: listeningTotals.userId });
      await db.select({ userId: listeningTotals.userId }).from(listeningTotals).where(eq(listeningTotals.userId, userId)).for('update');
    },

    /**
     * When the listener's last counted play was reported, and their last one of this song since
     * `songSince` (older ones cannot matter, and the bound keeps the scan to a few rows of the
     * listener's index however long their history).
     */
    async findLastPlays(userId: number, songId: number, songSince: Date): Promise<Pick<ListeningHistory, 'lastPlayAt' | 'lastPlayOfSongAt'>> {
      const [last] = await db
        .select({ at: plays.playedAt })
        .from(plays)
        .where(eq(plays.userId, userId))
        .orderBy(desc(plays.playedAt))
        .limit(1);
      const [lastOfSong] = await db
        .select({ at: plays.playedAt })
        .from(plays)
        .where(and(eq(plays.userId, userId), gt(plays.playedAt, songSince), eq(plays.songId, songId)))
        .orderBy(desc(plays.playedAt))
        .limit(1);
      return { lastPlayAt: last?.at ?? null, lastPlayOfSongAt: lastOfSong?.at ?? null };
    },

    /** Whether the listener already has the play a device sent with this id. */
    async hasClientPlay(userId: number, clientId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: plays.id })
        .from(plays)
        .where(and(eq(plays.userId, userId), eq(plays.clientId, clientId)))
        .limit(1);
      return row !== undefined;
    },

    /**
     * The listener's counted plays either side of `at`, a past play's time: the nearest of any song,
     * and of this song within `songWindowSeconds` (farther ones cannot matter, and the bound keeps
     * each read to a few rows of the listener's index).
     */
    async findSurroundingPlays(userId: number, songId: number, at: Date, songWindowSeconds: number): Promise<SurroundingPlays> {
      const windowStart = new Date(at.getTime() - songWindowSeconds * 1000);
      const windowEnd = new Date(at.getTime() + songWindowSeconds * 1000);
      const mine = eq(plays.userId, userId);
      const ofSong = eq(plays.songId, songId);
      const [last] = await db.select({ at: plays.playedAt }).from(plays).where(and(mine, lte(plays.playedAt, at))).orderBy(desc(plays.playedAt)).limit(1);
      const [lastOfSong] = await db
        .select({ at: plays.playedAt })
        .from(plays)
        .where(and(mine, gt(plays.playedAt, windowStart), lte(plays.playedAt, at), ofSong))
        .orderBy(desc(plays.playedAt))
        .limit(1);
      const [next] = await db
        .select({ at: plays.playedAt, secondsPlayed: plays.secondsPlayed })
        .from(plays)
        .where(and(mine, gt(plays.playedAt, at)))
        .orderBy(asc(plays.playedAt))
        .limit(1);
      const [nextOfSong] = await db
        .select({ at: plays.playedAt })
        .from(plays)
        .where(and(mine, gt(plays.playedAt, at), lt(plays.playedAt, windowEnd), ofSong))
        .orderBy(asc(plays.playedAt))
        .limit(1);
      return {
        lastPlayAt: last?.at ?? null,
        lastPlayOfSongAt: lastOfSong?.at ?? null,
        nextPlay: next ?? null,
        nextPlayOfSongAt: nextOfSong?.at ?? null,
      };
    },

    /**
     * The counted play with every count it moves, in SQL increments: the listener's totals (what
     * stats read), the song's day (what trending's window adds up), and the song's all-time and
     * recent counts. The day is written before the window is read (trending-window.ts says why).
     */
    async insertPlay(values: { userId: number; songId: number; secondsPlayed: number; playedAt: Date; clientId?: string }): Promise<number> {
      const day = playDay(values.playedAt);
      await db.insert(plays).values(values);
      await db
        .update(listeningTotals)
        .set({
          playCount: sql`${listeningTotals.playCount} + 1`,
          secondsPlayed: sql`${listeningTotals.secondsPlayed} + ${values.secondsPlayed}`,
        })
        .where(eq(listeningTotals.userId, values.userId));
      await db
        .insert(songDailyPlays)
        .values({ songId: values.songId, day, plays: 1 })
        .onConflictDoUpdate({ target: [songDailyPlays.songId, songDailyPlays.day], set: { plays: sql`${songDailyPlays.plays} + 1` } });
      const [row] = await db
        .update(songs)
        .set({
          playCount: sql`${songs.playCount} + 1`,
          recentPlayCount: sql`${songs.recentPlayCount} + (select (${day}::date >= ${trendingWindow.startsOn})::int from ${trendingWindow})`,
        })
        .where(eq(songs.id, values.songId))
        .returning({ playCount: songs.playCount });
      if (!row) throw new Error(`song ${values.songId} vanished while its play was recorded`);
      return row.playCount;
    },
  };
}
export type PlayWrites = ReturnType<typeof createPlayWrites>;

export function createPlayQueries(db: Db) {
  return {
    /** Runs `work` in one transaction, with the play writes bound to it. */
    transaction: <T>(work: (writes: PlayWrites) => Promise<T>): Promise<T> => db.transaction((tx) => work(createPlayWrites(tx))),
  };
}
export type PlayQueries = ReturnType<typeof createPlayQueries>;
