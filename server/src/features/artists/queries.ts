import { and, asc, desc, eq, exists, inArray, isNull, ne, or, type Placeholder, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { albums, artists, songFeaturedArtists, songs, users } from '../../db/schema.js';
import { type AlbumWithArtist, albumWithArtistFields } from '../albums/queries.js';
import { isLive, selectSongsWithCredits, type SongWithCredits } from '../songs/queries.js';
import { isOwnerInView } from '../account-data/visibility.js';

export type ArtistRow = typeof artists.$inferSelect;
/** The listener an artist profile belongs to; null for the catalogue's artists. */
export type ArtistOwner = { id: number; name: string } | null;

/** An artist's own songs, or the ones they are featured on. */
export type ArtistSongRole = 'own' | 'featured';

/** The live songs of an artist, by role or both. */
function artistSongsWhere(artistId: number | Placeholder, role?: ArtistSongRole) {
  if (role === 'own') return and(isLive, eq(songs.artistId, artistId));
  const featuredOn = sql`select ${songFeaturedArtists.songId} from ${songFeaturedArtists} where ${songFeaturedArtists.artistId} = ${artistId}`;
  if (role === 'featured') return and(isLive, inArray(songs.id, sql`(${featuredOn})`), ne(songs.artistId, artistId));
  // The two sets by their own indexes: `artist_id = x or exists (…)` made the planner read every song.
  return and(isLive, inArray(songs.id, sql`(select ${songs.id} from ${songs} where ${songs.artistId} = ${artistId} union ${featuredOn})`));
}

/**
 * A page of an artist's songs with their credits, for `role`: prepared, so building it (0.27 ms of
 * the server's CPU) is done once per process and PostgreSQL parses it once per connection.
 */
function prepareArtistSongsPage(db: Db, role: ArtistSongRole | undefined, name: string) {
  // The page is cut from the artist's songs alone, then only its songs get their credits
  // (selectSongsWithCredits): an artist of 500 songs had all 500 joined to be sorted.
  const artistId = sql.placeholder('artistId');
  const featuredLast = sql<boolean>`${songs.artistId} <> ${artistId}`;
  const page = db
    .select({ id: songs.id, featured: featuredLast.as('featured'), playCount: songs.playCount })
    .from(songs)
    .where(artistSongsWhere(artistId, role))
    .orderBy(featuredLast, desc(songs.playCount), asc(songs.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('artist_page');
  return selectSongsWithCredits(db)
    .innerJoin(page, eq(page.id, songs.id))
    .orderBy(page.featured, desc(page.playCount), asc(songs.id))
    .prepare(name);
}

export function createArtistQueries(db: Db) {
  const artistSongPages = {
    both: prepareArtistSongsPage(db, undefined, 'artist_songs_page'),
    own: prepareArtistSongsPage(db, 'own', 'artist_own_songs_page'),
    featured: prepareArtistSongsPage(db, 'featured', 'artist_featured_songs_page'),
  };
  return {
    /**
     * The library's artists, and the catalogue's artists that have a listed song (imported): one
     * listener's searches do not fill everybody's artist list.
     */
    async listArtists(limit: number, offset: number): Promise<ArtistRow[]> {
      const hasListedSong = db
        .select({ one: sql`1` })
        .from(songs)
        .where(and(eq(songs.artistId, artists.id), isLive, eq(songs.listed, true)));
      // Tone marks folded and a fixed collation: 'Àṣà' files under A, in the same order on PGlite and PostgreSQL.
      return db
        .select()
        .from(artists)
        .where(and(or(isNull(artists.deezerId), exists(hasListedSong)), isOwnerInView(artists.createdBy)))
        .orderBy(sql`lower(unaccent(${artists.name})) collate "C"`, asc(artists.id))
        .limit(limit)
        .offset(offset);
    },

    async findArtist(id: number): Promise<ArtistRow | undefined> {
      const [row] = await db
        .select()
        .from(artists)
        .where(and(eq(artists.id, id), isOwnerInView(artists.createdBy)))
        .limit(1);
      return row;
    },

    async findArtistOwner(artist: Pick<ArtistRow, 'createdBy'>): Promise<ArtistOwner> {
      if (artist.createdBy === null) return null;
      const [row] = await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, artist.createdBy))
        .limit(1);
      return row ? { id: row.id, name: `${row.firstName} ${row.lastName}`.trim() } : null;
    },

    /**
     * The artist's own songs first, then the ones they are featured on; each part by popularity. A
     * role asks for one part only.
     */
    async listArtistSongs(artistId: number, limit: number, offset: number, role?: ArtistSongRole): Promise<SongWithCredits[]> {
      return artistSongPages[role ?? 'both'].execute({ artistId, limit, offset });
    },

    /** How many songs each part of listArtistSongs holds, so a page can say it before it lists them all. */
    async countArtistSongs(artistId: number): Promise<{ songCount: number; featuredSongCount: number }> {
      const [row] = await db
        .select({
          songCount: sql<number>`count(*) filter (where ${songs.artistId} = ${artistId})::int`,
          featuredSongCount: sql<number>`count(*) filter (where ${songs.artistId} <> ${artistId})::int`,
        })
        .from(songs)
        .where(artistSongsWhere(artistId));
      return row ?? { songCount: 0, featuredSongCount: 0 };
    },

    /** Newest first; albums without a year last. */
    async listArtistAlbums(artistId: number, limit: number): Promise<AlbumWithArtist[]> {
      return db
        .select(albumWithArtistFields)
        .from(albums)
        .innerJoin(artists, eq(artists.id, albums.artistId))
        .where(eq(albums.artistId, artistId))
        .orderBy(sql`${albums.releaseYear} desc nulls last`, desc(albums.id))
        .limit(limit);
    },
  };
}

export type ArtistQueries = ReturnType<typeof createArtistQueries>;
