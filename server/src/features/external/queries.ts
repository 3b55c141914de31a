import { and, eq, inArray, not, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { artists, songs } from '../../db/schema.js';
import type { ExternalArtistRef, ExternalSongSource, ExternalTrack } from '../../providers/catalogue-provider.js';
import type { ArtistRow } from '../artists/queries.js';
import { selectSongsWithCredits, type SongWithCredits } from '../songs/queries.js';

/** A track of an external catalogue: its source and the catalogue's own id. */
export type ExternalRef = { source: ExternalSongSource; externalId: string };

/** One entry per key, the first seen, sorted by key. */
function uniqueSorted<T>(items: readonly T[], keyOf: (item: T) => string): T[] {
  const byKey = new Map<string, T>();
  for (const item of items) if (!byKey.has(keyOf(item))) byKey.set(keyOf(item), item);
  return [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, item]) => item);
}

const refKey = (ref: ExternalRef) => `${ref.source}:${ref.externalId}`;

/** Rows of these tracks, whichever catalogues they come from. */
function matchingTracks(refs: readonly ExternalRef[]): SQL | undefined {
  const bySource = new Map<ExternalSongSource, string[]>();
  for (const ref of refs) bySource.set(ref.source, [...(bySource.get(ref.source) ?? []), ref.externalId]);
  return or(...[...bySource].map(([source, ids]) => and(eq(songs.source, source), inArray(songs.externalId, ids))));
}

/**
 * Catalogue artists, one row each by the catalogue's id (artists.deezer_id: Deezer is the only
 * catalogue with artist pages so far), with their current name and picture.
 */
async function upsertArtists(db: Db, refs: readonly ExternalArtistRef[]): Promise<Map<string, ArtistRow>> {
  // Sorted, so two writers of the same artists lock them in one order and cannot deadlock.
  const unique = uniqueSorted(refs, (ref) => ref.externalId);
  if (unique.length === 0) return new Map();
  const rows = await db
    .insert(artists)
    .values(unique.map((ref) => ({ name: ref.name, deezerId: ref.externalId, externalImageUrl: ref.imageUrl })))
    .onConflictDoUpdate({ target: artists.deezerId, set: { name: sql`excluded.name`, externalImageUrl: sql`excluded.external_image_url` } })
    .returning();
  return new Map(rows.map((row) => [row.deezerId!, row]));
}

/**
 * Caches tracks as song rows: new ones unlisted, known ones (same source and external id, so the
 * same row and id) brought up to date. Safe to run concurrently with itself.
 */
async function upsertTracks(db: Db, tracks: readonly ExternalTrack[]): Promise<void> {
  const unique = uniqueSorted(tracks, refKey);
  if (unique.length === 0) return;
  const artistRows = await upsertArtists(
    db,
    unique.map((track) => track.artist),
  );
  await db
    .insert(songs)
    .values(
      unique.map((track) => ({
        title: track.title,
        artistId: artistRows.get(track.artist.externalId)!.id,
        duration: track.duration,
        source: track.source,
        isExternal: true,
        isPreview: track.previewUrl !== null,
        externalId: track.externalId,
        deezerId: track.source === 'deezer' ? track.externalId : null,
        previewUrl: track.previewUrl,
        externalCoverUrl: track.coverUrl,
        explicit: track.explicit,
        listed: false,
      })),
    )
    .onConflictDoUpdate({
      target: [songs.source, songs.externalId],
      set: {
        title: sql`excluded.title`,
        artistId: sql`excluded.artist_id`,
        duration: sql`excluded.duration`,
        isPreview: sql`excluded.is_preview`,
        previewUrl: sql`excluded.preview_url`,
        externalCoverUrl: sql`excluded.external_cover_url`,
        explicit: sql`excluded.explicit`,
      },
    });
}

export function createExternalQueries(db: Db) {
  return {
    cacheTracks: (tracks: readonly ExternalTrack[]) => upsertTracks(db, tracks),

    /**
     * Caches the tracks and lists them (GET /api/songs), in one transaction. Counts the rows this
     * call listed: new ones and ones cached unlisted before; a concurrent import of the same
     * tracks waits on their row locks and then counts none of them.
     */
    async importTracks(tracks: readonly ExternalTrack[]): Promise<number> {
      if (tracks.length === 0) return 0;
      return db.transaction(async (tx) => {
        await upsertTracks(tx, tracks);
        const listed = await tx
          .update(songs)
          .set({ listed: true })
          .where(and(matchingTracks(tracks), not(songs.listed)))
          .returning({ id: songs.id });
        return listed.length;
      });
    },

    /** The cached rows of these tracks, with their credits, in no particular order. */
    async listTracks(refs: readonly ExternalRef[]): Promise<SongWithCredits[]> {
      if (refs.length === 0) return [];
      return selectSongsWithCredits(db).where(matchingTracks(refs));
    },

    async findTrack(ref: ExternalRef): Promise<{ id: number } | undefined> {
      const [row] = await db
        .select({ id: songs.id })
        .from(songs)
        .where(and(eq(songs.source, ref.source), eq(songs.externalId, ref.externalId)))
        .limit(1);
      return row;
    },

    async updatePreviewUrl(songId: number, previewUrl: string): Promise<void> {
      await db.update(songs).set({ previewUrl, isPreview: true }).where(eq(songs.id, songId));
    },

    async findArtist(deezerId: string): Promise<ArtistRow | undefined> {
      const [row] = await db.select().from(artists).where(eq(artists.deezerId, deezerId)).limit(1);
      return row;
    },

    async cacheArtist(ref: ExternalArtistRef): Promise<ArtistRow> {
      return (await upsertArtists(db, [ref])).get(ref.externalId)!;
    },
  };
}

export type ExternalQueries = ReturnType<typeof createExternalQueries>;
