import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { songs } from '../../db/schema.js';
import { findFfmpeg } from '../../media/ffmpeg.js';
import type { MediaStorage } from '../../media/storage.js';
import { createRenditionWriter, EVERY_SONG_RENDITIONS, probeFile, renditionSpecs } from '../renditions.js';
import { renditionKey } from '../rendition-spec.js';
import type { JobHandler } from '../worker.js';
import { createReleaseJobQueries } from './release-queries.js';

/** Payload { songId }: the renditions and loudness a live song lacks (the catalogue's songs, which no upload processed). */
export const TRANSCODE_SONG_JOB = 'transcode-song';
/** Its jobs' singleton key is this and the song's id: one queued or running per song (EnqueueOptions.singletonKey). */
export const TRANSCODE_SONG_KEY_PREFIX = 'transcode:song:';

const payloadSchema = z.object({ songId: z.number().int().positive() });

export type TranscodeSongDeps = {
  db: Db;
  storage: MediaStorage;
  /** Where the song's audio is copied while ffmpeg and music-metadata read it (they need a seekable file). */
  scratchDir: string;
  locateFfmpeg?: () => Promise<string | null>;
};

/**
 * 'transcode-song' ({ songId }): for a live local song with an audio file, makes the renditions it
 * does not have yet and measures its loudness if it was not (the same way as 'process-release').
 * Only adds renditions and the measurement: the song's status stays as it is and nobody is notified.
 * A song it cannot work on ends the job as 'skipped' with the reason, since another attempt would
 * find the same.
 */
export function createTranscodeSongHandler({ db, storage, scratchDir, locateFfmpeg = findFfmpeg }: TranscodeSongDeps): JobHandler {
  const queries = createReleaseJobQueries(db);
  const storeRenditions = createRenditionWriter({ db, storage });

  return {
    async run(payload, { signal, progress }) {
      const { songId } = payloadSchema.parse(payload);
      const [song] = await db
        .select({ status: songs.status, source: songs.source, fileKey: songs.fileKey, loudnessLufs: songs.loudnessLufs })
        .from(songs)
        .where(eq(songs.id, songId))
        .limit(1);
      if (!song) return { outcome: 'skipped', reason: 'The song no longer exists.' };
      if (song.status !== 'live') return { outcome: 'skipped', reason: `The song is ${song.status}.` };
      if (song.source !== 'local' || !song.fileKey) return { outcome: 'skipped', reason: 'The song has no audio file of its own.' };

      const made = (await queries.findRenditions([songId])).get(songId) ?? new Set<string>();
      const measure = song.loudnessLufs === null;
      if (!measure && EVERY_SONG_RENDITIONS.every((spec) => made.has(renditionKey(spec)))) return { outcome: 'done', renditions: 0 };
      const ffmpeg = await locateFfmpeg();
      if (!ffmpeg) return { outcome: 'skipped', reason: 'ffmpeg is unavailable: the original is served.', waitingFor: 'ffmpeg' };
      if (!(await storage.stat(song.fileKey))) return { outcome: 'skipped', reason: 'The song is missing its audio file.' };

      await fs.mkdir(scratchDir, { recursive: true });
      const file = path.join(scratchDir, `${randomUUID()}${path.extname(song.fileKey)}`);
      try {
        await pipeline(await storage.read(song.fileKey), createWriteStream(file, { flags: 'wx' }), { signal });
        const probe = await probeFile(file, { withPicture: false });
        if (!probe) return { outcome: 'skipped', reason: 'The audio file could not be read.' };
        const wanted = renditionSpecs(probe).filter((spec) => !made.has(renditionKey(spec)));
        await storeRenditions(ffmpeg, file, songId, { wanted, measure }, signal, async (done) => {
          // Each rendition is an equal share. None after the last: the worker records 100 at once, and
          // every write empties the server's read caches (db/versioned-cache.ts) while requests come in.
          if (done < wanted.length) await progress((100 * done) / wanted.length);
        });
        return { outcome: 'done', renditions: wanted.length };
      } finally {
        await fs.rm(file, { force: true });
      }
    },
  };
}
