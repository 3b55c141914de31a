import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEMO_AUDIO, synthesizeTrack } from '../../media/audio-synth.js';
import { renderCoverArt } from '../../media/cover-art.js';
import { coverFromWebp, storeCoverWithVariants } from '../../media/cover-image.js';
import { encodePcmToMp3 } from '../../media/ffmpeg.js';
import type { MediaStorage } from '../../media/storage.js';
import { DEMO_ALBUMS, DEMO_ARTISTS, DEMO_PLAYLISTS, DEMO_SONGS, type DemoSong } from './catalogue-data.js';

export type StoredCover = { key: string; color: string };

/** The demo catalogue's media, in storage, in the order of catalogue-data's lists. */
export type DemoMedia = {
  artistImages: StoredCover[];
  albumCovers: StoredCover[];
  /** Null for a song on an album: it shows the album's cover. */
  songCovers: (StoredCover | null)[];
  playlistCovers: StoredCover[];
  audio: { key: string; size: number }[];
};

/** Draws the covers and synthesizes and encodes the songs, storing each (content-addressed: a rerun reuses the keys). */
export async function makeDemoMedia(storage: MediaStorage): Promise<DemoMedia> {
  const artistImages = await mapConcurrent(DEMO_ARTISTS, 4, (artist) =>
    storeCover(storage, { seed: artist.seed, title: artist.name, shape: 'round' }),
  );
  const albumCovers = await mapConcurrent(DEMO_ALBUMS, 4, (album) => storeCover(storage, { seed: album.seed, title: album.title }));
  const songCovers = await mapConcurrent(DEMO_SONGS, 4, (song) =>
    song.album ? Promise.resolve(null) : storeCover(storage, { seed: song.seed, title: song.title }),
  );
  const playlistCovers = await mapConcurrent(DEMO_PLAYLISTS, 4, (playlist) =>
    storeCover(storage, { seed: playlist.seed, title: playlist.name }),
  );
  const audio = await mapConcurrent(DEMO_SONGS, Math.max(2, os.availableParallelism()), (song) => storeAudio(storage, song));
  return { artistImages, albumCovers, songCovers, playlistCovers, audio };
}

/** Generated art stored like an uploaded cover: WebP with its smaller copies, and its placeholder colour. */
async function storeCover(storage: MediaStorage, options: Parameters<typeof renderCoverArt>[0]): Promise<StoredCover> {
  const cover = await coverFromWebp(await renderCoverArt(options));
  return { key: (await storeCoverWithVariants(storage, cover)).key, color: cover.color };
}

async function storeAudio(storage: MediaStorage, song: DemoSong): Promise<{ key: string; size: number }> {
  const pcm = synthesizeTrack({ seed: song.seed, genre: song.genre, durationSeconds: song.durationSeconds });
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kora-seed-'));
  const file = path.join(dir, 'song.mp3');
  try {
    await encodePcmToMp3(pcm, { sampleRate: DEMO_AUDIO.sampleRate, channels: DEMO_AUDIO.channels, bitrateKbps: DEMO_AUDIO.bitrateKbps }, file);
    const stored = await storage.put(createReadStream(file), { extension: 'mp3', contentType: 'audio/mpeg' });
    return { key: stored.key, size: stored.size };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

async function mapConcurrent<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  });
  await Promise.all(workers);
  return results;
}
