import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { RENDITION_BITRATES_KBPS } from '@kora/contracts';
import type { Db } from '../db/client.js';
import { UnsupportedMediaType } from '../http/errors.js';
import { type AudioProbe, probeAudio } from '../media/audio-probe.js';
import type { MediaStorage } from '../media/storage.js';
import { transcodeToMp3 } from '../media/transcode.js';
import { createReleaseJobQueries } from './handlers/release-queries.js';

/** A source this good (or lossless) is worth a premium rendition; below it, 320 kbps would only add bytes. */
const PREMIUM_SOURCE_MIN_BPS = 256_000;
/** A stuck ffmpeg must not hold a worker slot for ever: far above any track's encoding time. */
export const FFMPEG_TIMEOUT_MS = 20 * 60_000;

/** Data saver and standard always; premium only from a source that has that much to give. */
export function renditionBitrates(source: { bitrate: number | null; lossless: boolean }): number[] {
  const premium = source.lossless || (source.bitrate ?? 0) >= PREMIUM_SOURCE_MIN_BPS;
  return [RENDITION_BITRATES_KBPS.dataSaver, RENDITION_BITRATES_KBPS.standard, ...(premium ? [RENDITION_BITRATES_KBPS.premium] : [])];
}

/** What music-metadata reads in the file; undefined when it is no audio Kora accepts. */
export async function probeFile(file: string, { withPicture }: { withPicture: boolean }): Promise<AudioProbe | undefined> {
  const { size } = await fs.stat(file);
  try {
    return await probeAudio(createReadStream(file), { size, withPicture });
  } catch (error) {
    if (error instanceof UnsupportedMediaType) return undefined;
    throw error;
  }
}

/**
 * Makes one rendition of a song from its audio in `file`: ffmpeg's MP3 streams to storage, then a
 * song_renditions row points at it (a row already there for that bitrate is kept, so a job that runs
 * again never makes two).
 */
export function createRenditionWriter({ db, storage }: { db: Db; storage: MediaStorage }) {
  const queries = createReleaseJobQueries(db);
  return async function storeRendition(ffmpeg: string, file: string, songId: number, bitrateKbps: number, signal: AbortSignal): Promise<void> {
    const stored = await transcodeToMp3(
      ffmpeg,
      file,
      { bitrateKbps },
      (mp3) => storage.put(mp3, { extension: 'mp3', contentType: 'audio/mpeg' }),
      AbortSignal.any([signal, AbortSignal.timeout(FFMPEG_TIMEOUT_MS)]),
    );
    await queries.referenceMedia(
      stored.key,
      async () => {
        // Deleted in the instant between storing and recording it: this attempt fails and the next makes it again.
        if (!(await storage.stat(stored.key))) throw new Error(`The ${bitrateKbps} kbps rendition of song ${songId} vanished before it was recorded.`);
      },
      (tx) => queries.insertRendition(tx, { songId, bitrateKbps, fileKey: stored.key, size: stored.size }),
    );
  };
}
