import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { albums, artists, songs } from '../../db/schema.js';

export type SongRow = typeof songs.$inferSelect;
export type SongWithCredits = {
  song: SongRow;
  artist: typeof artists.$inferSelect;
  album: typeof albums.$inferSelect | null;
};

const albumOfSong = alias(albums, 'song_album');

export function createSongQueries(db: Db) {
  const withCredits = () =>
    db
      .select({ song: songs, artist: artists, album: albumOfSong })
      .from(songs)
      .innerJoin(artists, eq(artists.id, songs.artistId))
      .leftJoin(albumOfSong, eq(albumOfSong.id, songs.albumId));

  return {
    /** Live songs, newest first: what the catalogue shows. */
    async listLiveSongs(limit: number, offset: number): Promise<SongWithCredits[]> {
      return withCredits().where(eq(songs.status, 'live')).orderBy(desc(songs.createdAt), desc(songs.id)).limit(limit).offset(offset);
    },

    async findLiveLocalSong(id: number): Promise<SongRow | undefined> {
      const [row] = await db
        .select()
        .from(songs)
        .where(and(eq(songs.id, id), eq(songs.status, 'live'), eq(songs.source, 'local')))
        .limit(1);
      return row;
    },
  };
}

export type SongQueries = ReturnType<typeof createSongQueries>;
