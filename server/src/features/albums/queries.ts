import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { imageColorOf } from '../../media/image-colors.js';
import { albums, artists, songs } from '../../db/schema.js';
import { isLive, selectSongsWithCredits, type SongWithCredits } from '../songs/queries.js';
import { isOwnerInView } from '../account-data/visibility.js';

/** An album with its artist and its cover's placeholder colour (null when it has none or none is known yet). */
export type AlbumWithArtist = { album: typeof albums.$inferSelect; artist: { id: number; name: string }; coverColor: string | null };
/** What every AlbumWithArtist select takes. */
export const albumWithArtistFields = {
  album: albums,
  artist: { id: artists.id, name: artists.name },
  coverColor: imageColorOf(albums, albums.coverKey),
};

export function createAlbumQueries(db: Db) {
  return {
    async findAlbum(id: number): Promise<AlbumWithArtist | undefined> {
      const [row] = await db
        .select(albumWithArtistFields)
        .from(albums)
        .innerJoin(artists, eq(artists.id, albums.artistId))
        .where(and(eq(albums.id, id), isOwnerInView(artists.createdBy)))
        .limit(1);
      return row;
    },

    /** In track order; tracks without a number after the numbered ones. */
    async listAlbumSongs(albumId: number, limit: number): Promise<SongWithCredits[]> {
      return selectSongsWithCredits(db)
        .where(and(isLive, eq(songs.albumId, albumId)))
        .orderBy(sql`${songs.trackNumber} asc nulls last`, asc(songs.id))
        .limit(limit);
    },
  };
}

export type AlbumQueries = ReturnType<typeof createAlbumQueries>;
