import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { type AudioCodec, OPUS_RENDITION_BITRATES_KBPS, RENDITION_BITRATES_KBPS } from '@kora/contracts';
import type { Db } from '../db/client.js';
import { UnsupportedMediaType } from '../http/errors.js';
import { type AudioProbe, probeAudio } from '../media/audio-probe.js';
import type { MediaStorage } from '../media/storage.js';
import { songLoudness } from '../media/loudness.js';
import { measureLoudness, transcodeToMp3, transcodeToOpus } from '../media/transcode.js';
import { createReleaseJobQueries } from './handlers/release-queries.js';
import type { RenditionSpec } from './rendition-spec.js';

/** A source this good (or lossless) is worth a premium rendition; below it, 320 kbps would only add bytes. */
const PREMIUM_SOURCE_MIN_BPS = 256_000;
/** A stuck ffmpeg must not hold a worker slot for ever: far above any track's encoding time. */
export const FFMPEG_TIMEOUT_MS = 20 * 60_000;

/** Made for every song: the two Opus savers and the two lower MP3s (the savers' fallback, and standard). */
export const EVERY_SONG_RENDITIONS: readonly RenditionSpec[] = [
  { codec: 'mp3', bitrateKbps: RENDITION_BITRATES_KBPS.dataSaver },
  { codec: 'mp3', bitrateKbps: RENDITION_BITRATES_KBPS.standard },
  { codec: 'opus', bitrateKbps: OPUS_RENDITION_BITRATES_KBPS.dataSaver },
  { codec: 'opus', bitrateKbps: OPUS_RENDITION_BITRATES_KBPS.extremeSaver },
];

/** Every song's renditions, and premium only from a source that has that much to give. */
export function renditionSpecs(source: { bitrate: number | null; lossless: boolean }): RenditionSpec[] {
  const premium = source.lossless || (source.bitrate ?? 0) >= PREMIUM_SOURCE_MIN_BPS;
  return [...EVERY_SONG_RENDITIONS, ...(premium ? [{ codec: 'mp3' as const, bitrateKbps: RENDITION_BITRATES_KBPS.premium }] : [])];
}

const FORMATS: Record<AudioCodec, { extension: string; contentType: string }> = {
  mp3: { extension: 'mp3', contentType: 'audio/mpeg' },
  opus: { extension: 'webm', contentType: 'audio/webm' },
};

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
 * Makes a song's renditions from its audio in `file`, and measures its loudness when it has none yet.
 * Each rendition's ffmpeg output streams to storage, then a song_renditions row points at it (a row
 * already there for that codec and bitrate is kept, so a job that runs again never makes two).
 */
export function createRenditionWriter({ db, storage }: { db: Db; storage: MediaStorage }) {
  const queries = createReleaseJobQueries(db);

  async function storeRendition(
    ffmpeg: string,
    file: string,
    songId: number,
    { codec, bitrateKbps }: RenditionSpec,
    measure: boolean,
    signal: AbortSignal,
  ): Promise<void> {
    const format = FORMATS[codec];
    const put = (audio: Readable) => storage.put(audio, { extension: format.extension, contentType: format.contentType });
    const { stored, loudness } =
      codec === 'opus'
        ? await transcodeToOpus(ffmpeg, file, { bitrateKbps, measureLoudness: measure }, async (webm, loudness) => ({ stored: await put(webm), loudness }), signal)
        : { stored: await transcodeToMp3(ffmpeg, file, { bitrateKbps }, put, signal), loudness: undefined };
    await queries.referenceMedia(
      stored.key,
      async () => {
        // Deleted in the instant between storing and recording it: this attempt fails and the next makes it again.
        if (!(await storage.stat(stored.key))) {
          throw new Error(`The ${bitrateKbps} kbps ${codec} rendition of song ${songId} vanished before it was recorded.`);
        }
      },
      async (tx) => {
        await queries.insertRendition(tx, { songId, codec, bitrateKbps, mime: format.contentType, fileKey: stored.key, size: stored.size });
        if (loudness) await queries.recordLoudness(tx, songId, songLoudness(loudness));
      },
    );
  }

  /**
   * Makes the `wanted` renditions one after another, calling `afterEach` with how many are made. With
   * `measure`, the first Opus encode measures the loudness on the way (transcodeToOpus); when none is
   * wanted, a pass of its own does.
   */
  return async function storeRenditions(
    ffmpeg: string,
    file: string,
    songId: number,
    { wanted, measure }: { wanted: readonly RenditionSpec[]; measure: boolean },
    signal: AbortSignal,
    afterEach: (made: number) => Promise<void>,
  ): Promise<void> {
    // Each ffmpeg run has the whole timeout.
    const bounded = () => AbortSignal.any([signal, AbortSignal.timeout(FFMPEG_TIMEOUT_MS)]);
    const measuringStep = measure ? wanted.findIndex((spec) => spec.codec === 'opus') : -1;
    if (measure && measuringStep === -1) {
      await queries.recordLoudness(db, songId, songLoudness(await measureLoudness(ffmpeg, file, bounded())));
    }
    for (const [step, spec] of wanted.entries()) {
      signal.throwIfAborted();
      await storeRendition(ffmpeg, file, songId, spec, step === measuringStep, bounded());
      await afterEach(step + 1);
    }
  };
}
