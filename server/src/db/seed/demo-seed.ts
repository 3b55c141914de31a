import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { saveImageColor } from '../../media/image-colors.js';
import type { MediaStorage } from '../../media/storage.js';
import type { Db } from '../client.js';
import {
  albums,
  artists,
  playlistSongs,
  playlists,
  seedRuns,
  songFeaturedArtists,
  songs,
} from '../schema.js';
import { DEMO_ALBUMS, DEMO_ARTISTS, DEMO_PLAYLISTS, DEMO_SONGS } from './catalogue-data.js';
import { type DemoMedia, makeDemoMedia } from './demo-media.js';

const SEED_NAME = 'demo-catalogue-v1';

type Deps = {
  db: Db;
  storage: MediaStorage;
  log: Pick<FastifyBaseLogger, 'info'>;
  /** Makes the media into `storage`: in this process unless given; the server makes it in a child (demo-media-process.ts). */
  makeMedia?: () => Promise<DemoMedia>;
};

/**
 * Creates the demo catalogue once: synthesized songs encoded to MP3, generated covers,
 * artists, albums and editorial playlists. Media is made first (content-addressed, so a rerun
 * after a crash reuses the same keys); every row, with the run marker, goes in one transaction.
 */
export async function seedDemoCatalogue({ db, storage, log, makeMedia = () => makeDemoMedia(storage) }: Deps): Promise<'seeded' | 'skipped'> {
  if (await hasRun(db)) return 'skipped';
  const started = Date.now();
  log.info(`Creating the demo catalogue (${DEMO_SONGS.length} songs); this happens once.`);

  const { artistImages, albumCovers, songCovers, playlistCovers, audio } = await makeMedia();

  await db.transaction(async (tx) => {
    for (const cover of [...artistImages, ...albumCovers, ...songCovers, ...playlistCovers]) {
      if (cover) await saveImageColor(tx, cover.key, cover.color);
    }
    const artistIds = new Map<string, number>();
    for (const [i, artist] of DEMO_ARTISTS.entries()) {
      const [row] = await tx
        .insert(artists)
        .values({ name: artist.name, bio: artist.bio, imageKey: artistImages[i]!.key })
        .returning({ id: artists.id });
      artistIds.set(artist.slug, row!.id);
    }
    const albumIds = new Map<string, number>();
    for (const [i, album] of DEMO_ALBUMS.entries()) {
      const [row] = await tx
        .insert(albums)
        .values({
          title: album.title,
          artistId: idOf(artistIds, album.artist),
          coverKey: albumCovers[i]!.key,
          releaseYear: album.releaseYear,
          description: album.description,
        })
        .returning({ id: albums.id });
      albumIds.set(album.slug, row!.id);
    }
    const songIds = new Map<string, number>();
    for (const [i, song] of DEMO_SONGS.entries()) {
      const file = audio[i]!;
      const [row] = await tx
        .insert(songs)
        .values({
          title: song.title,
          artistId: idOf(artistIds, song.artist),
          albumId: song.album ? idOf(albumIds, song.album) : null,
          trackNumber: song.trackNumber ?? null,
          duration: song.durationSeconds,
          genre: song.genre,
          language: song.language,
          fileKey: file.key,
          fileMime: 'audio/mpeg',
          fileSize: file.size,
          coverKey: songCovers[i]?.key ?? null,
          playCount: demoPlayCount(song.seed),
        })
        .returning({ id: songs.id });
      songIds.set(song.slug, row!.id);
      for (const [position, featured] of (song.featuring ?? []).entries()) {
        await tx.insert(songFeaturedArtists).values({ songId: row!.id, artistId: idOf(artistIds, featured), position });
      }
    }
    for (const [i, playlist] of DEMO_PLAYLISTS.entries()) {
      const [row] = await tx
        .insert(playlists)
        .values({
          name: playlist.name,
          description: playlist.description,
          coverKey: playlistCovers[i]!.key,
          isEditorial: true,
          createdBy: 'Kora',
        })
        .returning({ id: playlists.id });
      await tx
        .insert(playlistSongs)
        .values(playlist.songs.map((slug, position) => ({ playlistId: row!.id, songId: idOf(songIds, slug), position })));
    }
    await tx.insert(seedRuns).values({ name: SEED_NAME });
  });

  log.info(`Demo catalogue ready in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return 'seeded';
}

async function hasRun(db: Db): Promise<boolean> {
  const rows = await db.select().from(seedRuns).where(eq(seedRuns.name, SEED_NAME)).limit(1);
  return rows.length > 0;
}

function idOf(ids: Map<string, number>, slug: string): number {
  const id = ids.get(slug);
  if (id === undefined) throw new Error(`Demo catalogue refers to unknown slug ${slug}`);
  return id;
}

/** A stable, plausible play count per song, so "popular" and "trending" have an order on day one. */
function demoPlayCount(seed: number): number {
  const x = Math.sin(seed * 9301 + 49297) * 233280;
  return Math.floor((x - Math.floor(x)) * 250_000);
}
