import { COLLECTION_PAGE_SIZE } from '@kora/contracts';
import { and, asc, desc, eq, notExists, type Placeholder, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { isMediaKeyInUse, lockMediaKeys } from '../../db/media-references.js';
import { imageColorOf, saveImageColor } from '../../media/image-colors.js';
import { playlistSongs, playlists, songs, users } from '../../db/schema.js';
import { isLive, notLiveSong, selectSongsWithCredits, type SongWithCredits } from '../songs/queries.js';
import { isOwnerInView } from '../account-data/visibility.js';

export type PlaylistRow = typeof playlists.$inferSelect;
/**
 * A playlist with what its summary shows: the owner's current name (null for editorial ones), its live
 * songs, and its cover's placeholder colour (null when it has none or none is known yet).
 */
export type PlaylistSummary = { playlist: PlaylistRow; ownerName: string | null; songCount: number; coverColor: string | null };
/** What decides who may change a playlist, and the cover a change may leave unused. */
export type PlaylistAccess = { id: number; userId: number | null; isEditorial: boolean; coverKey: string | null };
export type PlaylistEntry = { songId: number; position: number; isLive: boolean };

const accessFields = {
  id: playlists.id,
  userId: playlists.userId,
  isEditorial: playlists.isEditorial,
  coverKey: playlists.coverKey,
};

/** `playlists.id`, qualified: bare, it would bind to songs.id inside the count's subquery. */
const playlistIdColumn = sql`${playlists}.${sql.identifier('id')}`;

/**
 * Counts the songs the listing shows (live ones), so the count and the list always agree. The few
 * songs that are not live are looked up in their small partial index (songs_not_live_idx): a join,
 * or a status read per song by primary key, read the big songs table once per song of the playlist.
 */
const liveSongCount = sql<number>`(
  select count(*)::int from ${playlistSongs} ps
  where ps.playlist_id = ${playlistIdColumn}
    and not exists (select 1 from ${songs} s where s.id = ps.song_id and s.status <> 'live'))`;

/** Summaries with their owner's current name and live song count, in one query: any playlist list starts here. */
export function selectPlaylistSummaries(db: Db) {
  return db
    .select({
      playlist: playlists,
      ownerName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
      songCount: liveSongCount,
      coverColor: imageColorOf(playlists, playlists.coverKey),
    })
    .from(playlists)
    .leftJoin(users, eq(users.id, playlists.userId));
}

/**
 * One page of the playlist's live songs in order, with credits, in one query. The page is chosen on
 * the narrow join first, so credits are computed only for its songs, not for the rows an offset skips.
 */
function selectSongsPage(db: Db, playlistId: number | Placeholder, limit: number | Placeholder, offset: number | Placeholder) {
  const page = db
    .select({ songId: playlistSongs.songId, position: playlistSongs.position })
    .from(playlistSongs)
    // Songs that are not live skipped by their small index, not by joining every song before the offset.
    .where(and(eq(playlistSongs.playlistId, playlistId), notExists(notLiveSong(db, playlistSongs.songId))))
    .orderBy(asc(playlistSongs.position), asc(playlistSongs.songId))
    .limit(limit)
    .offset(offset)
    .as('page');
  return selectSongsWithCredits(db).innerJoin(page, eq(page.songId, songs.id)).orderBy(asc(page.position), asc(page.songId));
}

/** Reads. The ones behind GET /api/playlists/{id} and its pages are prepared: PostgreSQL then skips planning them (about half their cost). */
export function createPlaylistQueries(db: Db) {
  // A playlist of a listener whose account is being deleted is out of view, for everyone.
  const summaryById = selectPlaylistSummaries(db)
    .where(and(eq(playlists.id, sql.placeholder('id')), isOwnerInView(playlists.userId)))
    .prepare('playlist_summary_by_id');
  const firstSongs = selectSongsPage(db, sql.placeholder('id'), COLLECTION_PAGE_SIZE, 0).prepare('playlist_first_songs');
  // A later page as the listener scrolls: building it cost 0.29 ms of the server's CPU.
  const songsPage = selectSongsPage(db, sql.placeholder('id'), sql.placeholder('limit'), sql.placeholder('offset')).prepare('playlist_songs_page');

  return {
    async listEditorial(): Promise<PlaylistSummary[]> {
      return selectPlaylistSummaries(db).where(eq(playlists.isEditorial, true)).orderBy(playlists.id);
    },

    async findSummary(id: number): Promise<PlaylistSummary | undefined> {
      const [row] = await summaryById.execute({ id });
      return row;
    },

    /** The user's own playlists, newest first; editorial ones are never "own". */
    async listOwnedBy(userId: number): Promise<PlaylistSummary[]> {
      return selectPlaylistSummaries(db)
        .where(and(eq(playlists.userId, userId), eq(playlists.isEditorial, false)))
        .orderBy(desc(playlists.createdAt), desc(playlists.id));
    },

    async listSongs(playlistId: number, limit: number, offset: number): Promise<SongWithCredits[]> {
      if (limit === COLLECTION_PAGE_SIZE && offset === 0) return firstSongs.execute({ id: playlistId });
      return songsPage.execute({ id: playlistId, limit, offset });
    },

    async findAccess(id: number): Promise<PlaylistAccess | undefined> {
      const [row] = await db.select(accessFields).from(playlists).where(eq(playlists.id, id));
      return row;
    },
  };
}

export type PlaylistQueries = ReturnType<typeof createPlaylistQueries>;


/** Writes, and the reads they decide on, for one transaction (createPlaylistTransactions). */
export function createPlaylistWrites(db: Db) {
  return {
    /** The playlist's access facts, holding its row until the transaction ends, so the answer stays true for its writes. */
    async lockAccess(id: number): Promise<PlaylistAccess | undefined> {
      const [row] = await db.select(accessFields).from(playlists).where(eq(playlists.id, id)).for('update');
      return row;
    },

    async findOwnerName(userId: number): Promise<string | undefined> {
      const [row] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId));
      return row && `${row.firstName} ${row.lastName}`;
    },

    async insertPlaylist(values: { userId: number; name: string; description: string; coverKey: string | null; createdBy: string }): Promise<number> {
      const [row] = await db.insert(playlists).values({ ...values, isEditorial: false }).returning({ id: playlists.id });
      return row!.id;
    },

    /** Changes the given details (or none) and marks the playlist as changed now. */
    async updatePlaylist(id: number, changes: { name?: string; description?: string | null; coverKey?: string }): Promise<void> {
      await db
        .update(playlists)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(playlists.id, id));
    },

    /** Its songs and likes go with it (foreign keys cascade). */
    async deletePlaylist(id: number): Promise<void> {
      await db.delete(playlists).where(eq(playlists.id, id));
    },

    async isLiveLocalSong(songId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: songs.id })
        .from(songs)
        .where(and(eq(songs.id, songId), isLive, eq(songs.source, 'local')));
      return row !== undefined;
    },

    /** How many songs the playlist holds (hidden ones too) and the position after its last. */
    async findEnd(playlistId: number): Promise<{ songCount: number; nextPosition: number }> {
      const [row] = await db
        .select({
          songCount: sql<number>`count(*)::int`,
          nextPosition: sql<number>`coalesce(max(${playlistSongs.position}) + 1, 0)::int`,
        })
        .from(playlistSongs)
        .where(eq(playlistSongs.playlistId, playlistId));
      return row!;
    },

    /** False when the song is already in the playlist (a song is in a playlist at most once). */
    async insertSong(playlistId: number, songId: number, position: number): Promise<boolean> {
      const inserted = await db
        .insert(playlistSongs)
        .values({ playlistId, songId, position })
        .onConflictDoNothing()
        .returning({ songId: playlistSongs.songId });
      return inserted.length > 0;
    },

    /** Every song of the playlist in order, with whether the listing shows it. */
    async listEntries(playlistId: number): Promise<PlaylistEntry[]> {
      return db
        .select({ songId: playlistSongs.songId, position: playlistSongs.position, isLive: sql<boolean>`${songs.status} = 'live'` })
        .from(playlistSongs)
        .innerJoin(songs, eq(songs.id, playlistSongs.songId))
        .where(eq(playlistSongs.playlistId, playlistId))
        .orderBy(asc(playlistSongs.position), asc(playlistSongs.songId));
    },

    /** Sets the positions of several songs in one statement. */
    async setPositions(playlistId: number, moves: { songId: number; position: number }[]): Promise<void> {
      if (moves.length === 0) return;
      // Postgres array literals of integers the database gave us: one parameter each, whatever the count.
      const songIds = `{${moves.map((move) => move.songId).join(',')}}`;
      const positions = `{${moves.map((move) => move.position).join(',')}}`;
      await db.execute(sql`
        update ${playlistSongs} set position = moved.position
        from (select unnest(${songIds}::int[]) as song_id, unnest(${positions}::int[]) as position) as moved
        where ${playlistSongs}.playlist_id = ${playlistId} and ${playlistSongs}.song_id = moved.song_id`);
    },

    /** False when the song was not in the playlist. */
    async deleteSong(playlistId: number, songId: number): Promise<boolean> {
      const deleted = await db
        .delete(playlistSongs)
        .where(and(eq(playlistSongs.playlistId, playlistId), eq(playlistSongs.songId, songId)))
        .returning({ songId: playlistSongs.songId });
      return deleted.length > 0;
    },

    /** Serializes everything that stores, references or deletes these keys (db/media-references.ts). */
    lockMediaKeys: (keys: string[]) => lockMediaKeys(db, keys),
    saveImageColor: (key: string, color: string) => saveImageColor(db, key, color),

    /** Whether any row still points at this stored object. */
    isMediaKeyInUse: (key: string) => isMediaKeyInUse(db, key),
  };
}

export type PlaylistWrites = ReturnType<typeof createPlaylistWrites>;

/** Runs `work` in one transaction, with the playlist writes bound to it. */
export function createPlaylistTransactions(db: Db) {
  return <T>(work: (writes: PlaylistWrites) => Promise<T>): Promise<T> => db.transaction((tx) => work(createPlaylistWrites(tx)));
}
export type PlaylistTransactions = ReturnType<typeof createPlaylistTransactions>;
