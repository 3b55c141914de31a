import type { AudioCodec } from '@kora/contracts';
import { and, desc, eq, max, notExists, type SQL, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn, type AnyPgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { imageColorOf } from '../../media/image-colors.js';
import { albums, artists, plays, songFeaturedArtists, songRenditions, songs, subscriptions } from '../../db/schema.js';
import type { ListenerSubscription } from '../subscription/listener-plan.js';
import { createTrendingWindowKeeper } from './trending-window.js';

export type SongRow = typeof songs.$inferSelect;
export type FeaturedCredit = { id: number; name: string };
/**
 * What presentSong reads, and nothing more: whole rows carried the search vector and lyrics,
 * and decoding them was most of a long list's cost on PostgreSQL.
 */
const songListColumns = {
  id: songs.id,
  title: songs.title,
  artistId: songs.artistId,
  duration: songs.duration,
  coverKey: songs.coverKey,
  playCount: songs.playCount,
  trackGainDb: songs.trackGainDb,
  source: songs.source,
  isExternal: songs.isExternal,
  isPreview: songs.isPreview,
  externalId: songs.externalId,
  deezerId: songs.deezerId,
  previewUrl: songs.previewUrl,
  externalCoverUrl: songs.externalCoverUrl,
};
const albumOfSong = alias(albums, 'song_album');
/** The placeholder colours of the song's and its album's covers (media/image-colors.ts). */
const coverColorColumns = {
  coverColor: imageColorOf(songs, songs.coverKey),
  albumCoverColor: imageColorOf(albumOfSong, albumOfSong.coverKey),
};
const artistListColumns = {
  id: artists.id,
  name: artists.name,
  imageKey: artists.imageKey,
  deezerId: artists.deezerId,
  externalImageUrl: artists.externalImageUrl,
};

export type SongListFields = { [K in keyof typeof songListColumns]: SongRow[K] };
export type SongWithCredits = {
  song: SongListFields;
  /** Colours of the song's own cover and its album's (null when there is none, or none is known yet). */
  colors: { coverColor: string | null; albumCoverColor: string | null };
  artist: { [K in keyof typeof artistListColumns]: (typeof artists.$inferSelect)[K] };
  album: { id: number; title: string; coverKey: string | null } | null;
  /** Present when the query fetched the "ft." credits. */
  featuredArtists?: FeaturedCredit[];
};
export type RenditionRef = { codec: AudioCodec; bitrateKbps: number; fileKey: string };
export type StreamSource = {
  title: string;
  fileKey: string | null;
  /** The original's size in bytes and the song's length in seconds, when known. */
  fileSize: number | null;
  duration: number | null;
  renditions: RenditionRef[];
  subscription: ListenerSubscription | null;
};

const featuredArtist = alias(artists, 'featured_artist');

/**
 * `table.column`, always qualified: Drizzle leaves columns bare in single-table queries, and a
 * bare name in a correlated subquery binds to the inner table when both have that column.
 */
function qualified(table: AnyPgTable, column: AnyPgColumn): SQL {
  return sql`${table}.${sql.identifier(column.name)}`;
}

// Literals, not parameters: a partial index (songs_trending_idx, songs_listed_recent_idx) serves a
// statement only when the planner sees the values, and a named statement's generic plan sees none
// (db/named-statements.ts), so with parameters every call would be planned afresh.
export const isLive = sql`${qualified(songs, songs.status)} = 'live'`;
/** Shown in the catalogue's lists: external tracks cached by a search or an artist page are not. */
const isListed = sql`${qualified(songs, songs.status)} = 'live' and ${qualified(songs, songs.listed)}`;

/**
 * A LIMIT written into the statement instead of sent as a parameter, for a top of the whole
 * catalogue read from an index (trending, the newest songs). Told only "a parameter", the planner
 * assumes a tenth of a million songs, so a named statement's generic plan never wins and every
 * call is planned afresh. Drizzle's types take a number or a placeholder, but its dialect writes
 * any SQL it is given there (the trending and catalogue tests read through it).
 */
function literalLimit(limit: number): number {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new Error(`Not a row limit: ${limit}`);
  return sql.raw(String(limit)) as unknown as number;
}

/**
 * The song's featured artists as a JSON array, in one correlated subquery (no N+1). Names are
 * looked up by primary key: as a join, PGlite (which has no statistics) hashed the whole artists
 * table once per song.
 */
export const featuredArtistsColumn = sql<FeaturedCredit[]>`coalesce((
  select json_agg(json_build_object('id', ${qualified(songFeaturedArtists, songFeaturedArtists.artistId)}, 'name', (
      select ${qualified(featuredArtist, featuredArtist.name)} from ${artists} ${featuredArtist}
      where ${qualified(featuredArtist, featuredArtist.id)} = ${qualified(songFeaturedArtists, songFeaturedArtists.artistId)}))
    order by ${qualified(songFeaturedArtists, songFeaturedArtists.position)}, ${qualified(songFeaturedArtists, songFeaturedArtists.artistId)})
  from ${songFeaturedArtists}
  where ${qualified(songFeaturedArtists, songFeaturedArtists.songId)} = ${qualified(songs, songs.id)}), '[]'::json)`;

/**
 * Songs with their artist, album and featured credits: the shape presentSong takes. A list's page is
 * cut first (ids and sort keys, in a subquery) and joined here after: planned over a whole list, the
 * joins' Memoize nodes were sized for a million songs and zeroed that memory on every call, 2 ms
 * before the first row (bench/production-size.ts).
 */
export function selectSongsWithCredits(db: Db) {
  return db
    .select({
      song: songListColumns,
      colors: coverColorColumns,
      artist: artistListColumns,
      album: { id: albumOfSong.id, title: albumOfSong.title, coverKey: albumOfSong.coverKey },
      featuredArtists: featuredArtistsColumn,
    })
    .from(songs)
    .innerJoin(artists, eq(artists.id, songs.artistId))
    .leftJoin(albumOfSong, eq(albumOfSong.id, songs.albumId));
}

/**
 * The song `songId` names, if it is not live. Pages of likes and playlist songs skip such songs
 * with NOT EXISTS on it: the few songs that are not live come from a small partial index
 * (songs_not_live_idx), where a join to the live songs would read every song up to a deep page.
 */
export function notLiveSong(db: Db, songId: AnyPgColumn) {
  return (
    db
      .select({ one: sql`1` })
      .from(songs)
      // A literal, not a parameter, so the planner can always match the partial index's predicate.
      .where(and(eq(songs.id, songId), sql`${songs.status} <> 'live'`))
  );
}

/** How many of a listener's latest plays recently played reads before it falls back to their whole history. */
const RECENT_PLAYS_SCANNED = 500;

/** The listener's plays as (song, time): the latest `scanned` of them, or all. */
function playsOf(db: Db, userId: number, scanned: number | undefined) {
  const mine = db.select({ songId: plays.songId, playedAt: plays.playedAt }).from(plays).where(eq(plays.userId, userId));
  return (scanned === undefined ? mine : mine.orderBy(desc(plays.playedAt)).limit(scanned)).as('listener_plays');
}

function recentlyPlayedFrom(db: Db, source: ReturnType<typeof playsOf>, limit: number): Promise<SongWithCredits[]> {
  // The page is chosen from the plays alone (and the small not-live index), then only its songs are
  // read with their credits: joining first read every song of the scanned plays (about 500).
  const page = db
    .select({ songId: source.songId, lastPlayedAt: max(source.playedAt).as('last_played_at') })
    .from(source)
    .where(notExists(notLiveSong(db, source.songId)))
    .groupBy(source.songId)
    .orderBy(desc(max(source.playedAt)), desc(source.songId))
    .limit(limit)
    .as('recent_page');
  return selectSongsWithCredits(db).innerJoin(page, eq(page.songId, songs.id)).orderBy(desc(page.lastPlayedAt), desc(songs.id));
}

export function createSongQueries(db: Db) {
  const trendingWindow = createTrendingWindowKeeper(db);
  /** Listed songs newest first, as ids and sort keys from songs_listed_recent_idx: a page is cut from it before credits are read. */
  const newestListed = (after: SQL | undefined) =>
    db
      .select({ id: songs.id, createdAt: songs.createdAt })
      .from(songs)
      .where(and(isListed, after))
      .orderBy(desc(songs.createdAt), desc(songs.id));
  const withCredits = (page: ReturnType<ReturnType<typeof newestListed>['as']>) =>
    selectSongsWithCredits(db).innerJoin(page, eq(page.id, songs.id)).orderBy(desc(page.createdAt), desc(songs.id));
  return {
    /** Live, listed songs, newest first: what the catalogue shows (not the previews searches cached). */
    async listLiveSongs(limit: number, offset: number): Promise<SongWithCredits[]> {
      return withCredits(newestListed(undefined).limit(literalLimit(limit)).offset(offset).as('newest_page'));
    },

    /**
     * The same list as listLiveSongs, a page at a time: the songs after `afterId` (the last song of
     * the page before) in that order. A cursor rather than an offset, so songs added between two
     * pages (an import adds fifty) neither repeat nor push others past the listener.
     */
    async listLiveSongsAfter(afterId: number | undefined, limit: number): Promise<SongWithCredits[]> {
      const after =
        afterId === undefined
          ? undefined
          : sql`(${qualified(songs, songs.createdAt)}, ${qualified(songs, songs.id)}) < (
              select cursor_song.created_at, cursor_song.id from ${songs} cursor_song where cursor_song.id = ${afterId})`;
      return withCredits(newestListed(after).limit(literalLimit(limit)).as('newest_page'));
    },

    /**
     * The listener's own plays, one entry per song, most recently played first. Their latest plays
     * are read first (RECENT_PLAYS_SCANNED of them, from the top of plays_user_recent_idx): when those
     * hold `limit` songs, they are exactly the answer (every other song was last played earlier), so
     * a long history is not grouped whole; otherwise the whole history is.
     */
    async listRecentlyPlayed(userId: number, limit: number): Promise<SongWithCredits[]> {
      const fromLatest = await recentlyPlayedFrom(db, playsOf(db, userId, RECENT_PLAYS_SCANNED), limit);
      if (fromLatest.length === limit) return fromLatest;
      return recentlyPlayedFrom(db, playsOf(db, userId, undefined), limit);
    },

    /**
     * Listed songs most played in trending's window, ties and songs without recent plays in order
     * of all-time play count: the top of songs_trending_idx, kept current by the plays themselves
     * (the window's first read of a day moves it: trending-window.ts).
     */
    async listTrending(limit: number): Promise<SongWithCredits[]> {
      await trendingWindow.ensureCurrent();
      const page = db
        .select({ id: songs.id, recentPlayCount: songs.recentPlayCount, playCount: songs.playCount })
        .from(songs)
        .where(isListed)
        .orderBy(desc(songs.recentPlayCount), desc(songs.playCount), desc(songs.id))
        .limit(literalLimit(limit))
        .as('trending_page');
      return selectSongsWithCredits(db)
        .innerJoin(page, eq(page.id, songs.id))
        .orderBy(desc(page.recentPlayCount), desc(page.playCount), desc(songs.id));
    },

    async findLiveSong(id: number): Promise<SongRow | undefined> {
      const [row] = await db.select().from(songs).where(and(eq(songs.id, id), isLive)).limit(1);
      return row;
    },

    /**
     * Everything the stream and download routes need, in one round trip: the file, the renditions and
     * the listener's plan. Live local songs only: a song in review or rejected is served to nobody, its
     * uploader included (its audio is nowhere else: /api/media serves images only).
     */
    async findStreamSource(songId: number, userId: number): Promise<StreamSource | undefined> {
      const [row] = await db
        .select({
          title: songs.title,
          fileKey: songs.fileKey,
          fileSize: songs.fileSize,
          duration: songs.duration,
          renditions: sql<RenditionRef[]>`coalesce((
            select json_agg(json_build_object(
              'codec', ${qualified(songRenditions, songRenditions.codec)},
              'bitrateKbps', ${qualified(songRenditions, songRenditions.bitrateKbps)},
              'fileKey', ${qualified(songRenditions, songRenditions.fileKey)}))
            from ${songRenditions}
            where ${qualified(songRenditions, songRenditions.songId)} = ${qualified(songs, songs.id)}), '[]'::json)`,
          subscription: sql<
            (Omit<ListenerSubscription, 'nextBillingDate' | 'graceEndsAt'> & { nextBillingDate: string | null; graceEndsAt: string | null }) | null
          >`(
            select json_build_object(
              'plan', ${qualified(subscriptions, subscriptions.plan)},
              'status', ${qualified(subscriptions, subscriptions.status)},
              'nextBillingDate', ${qualified(subscriptions, subscriptions.nextBillingDate)},
              'paymentMethodType', ${qualified(subscriptions, subscriptions.paymentMethodType)},
              'renewal', ${qualified(subscriptions, subscriptions.renewal)},
              'graceEndsAt', ${qualified(subscriptions, subscriptions.graceEndsAt)})
            from ${subscriptions} where ${qualified(subscriptions, subscriptions.userId)} = ${userId})`,
        })
        .from(songs)
        .where(and(eq(songs.id, songId), isLive, eq(songs.source, 'local')))
        .limit(1);
      if (!row) return undefined;
      const subscription = row.subscription && {
        ...row.subscription,
        nextBillingDate: row.subscription.nextBillingDate === null ? null : new Date(row.subscription.nextBillingDate),
        graceEndsAt: row.subscription.graceEndsAt === null ? null : new Date(row.subscription.graceEndsAt),
      };
      return { ...row, subscription };
    },
  };
}

export type SongQueries = ReturnType<typeof createSongQueries>;
