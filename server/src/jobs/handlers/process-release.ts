import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { AudioProbe } from '../../media/audio-probe.js';
import { prepareCoverImage, storeCoverWithVariants } from '../../media/cover-image.js';
import { saveImageColor } from '../../media/image-colors.js';
import { findFfmpeg } from '../../media/ffmpeg.js';
import type { MediaStorage } from '../../media/storage.js';
import { checkDecodes } from '../../media/transcode.js';
import type { JobRow } from '../queue.js';
import { createRenditionWriter, FFMPEG_TIMEOUT_MS, probeFile, renditionSpecs } from '../renditions.js';
import { renditionKey } from '../rendition-spec.js';
import type { JobHandler, JobLog } from '../worker.js';
import { createReleaseJobQueries, type ReleaseToProcess, type ReleaseVerdict, type SongToProcess } from './release-queries.js';

/** Payload { releaseId }, enqueued with the release's rows (features/uploads). */
export const PROCESS_RELEASE_JOB = 'process-release';

const payloadSchema = z.object({ releaseId: z.number().int().positive() });

const TRACK_MIN_SECONDS = 1;
const TRACK_MAX_SECONDS = 30 * 60;
const GIVE_UP_REASON = 'Processing failed. Please upload this release again.';
const NO_FFMPEG_NOTE = 'ffmpeg was unavailable: no renditions were made (the originals are served) and the tracks were not decoded.';

const RELEASE_WORDS: Record<ReleaseToProcess['releaseType'], string> = { single: 'single', ep: 'EP', album: 'album', library: 'song' };

export type ProcessReleaseDeps = {
  db: Db;
  storage: MediaStorage;
  /** Where a track is copied while ffmpeg and music-metadata read it (they need a seekable file). */
  scratchDir: string;
  locateFfmpeg?: () => Promise<string | null>;
};

/**
 * 'process-release' ({ releaseId }): for each track, in order, copies the original to a scratch file,
 * probes it (duration, bitrate, embedded picture), decodes it fully, and while every track so far is
 * fine, takes the embedded picture as its cover (when neither the song nor its album has one),
 * transcodes the renditions and measures the loudness. Then the review: live, or rejected with the reasons; the uploader is
 * notified either way. Safe to run again: made renditions are kept, the decision is taken once.
 */
export function createProcessReleaseHandler({ db, storage, scratchDir, locateFfmpeg = findFfmpeg }: ProcessReleaseDeps): JobHandler {
  const queries = createReleaseJobQueries(db);
  const storeRenditions = createRenditionWriter({ db, storage });

  async function storeEmbeddedCover(songId: number, picture: Buffer, log: JobLog): Promise<void> {
    let cover: Awaited<ReturnType<typeof prepareCoverImage>>;
    try {
      cover = await prepareCoverImage(picture);
    } catch (error) {
      log.info({ songId, reason: (error as Error).message }, 'An embedded picture is not a usable cover');
      return;
    }
    const { key } = await storeCoverWithVariants(storage, cover);
    await queries.referenceMedia(
      key,
      async () => {
        if (!(await storage.stat(key))) await storeCoverWithVariants(storage, cover);
      },
      async (tx) => {
        await saveImageColor(tx, key, cover.color);
        await queries.setCoverIfNone(tx, songId, key);
      },
    );
  }

  /** Copies the track to `file` and judges it; a refusal is a sentence that follows the track's name. */
  async function review(
    song: SongToProcess,
    file: string,
    ffmpeg: string | null,
    signal: AbortSignal,
    log: JobLog,
  ): Promise<{ kind: 'refused'; text: string } | { kind: 'fine'; probe: AudioProbe }> {
    if (!song.fileKey || !(await storage.stat(song.fileKey))) return { kind: 'refused', text: 'is missing its audio file.' };
    await pipeline(await storage.read(song.fileKey), createWriteStream(file, { flags: 'wx' }), { signal });
    const probe = await probeFile(file, { withPicture: true });
    if (!probe) return { kind: 'refused', text: 'could not be decoded.' };
    if (ffmpeg) {
      const check = await checkDecodes(ffmpeg, file, AbortSignal.any([signal, AbortSignal.timeout(FFMPEG_TIMEOUT_MS)]));
      if (!check.ok) {
        log.info({ songId: song.id, error: check.error }, 'A track does not decode');
        return { kind: 'refused', text: 'could not be decoded.' };
      }
    }
    if (probe.duration === null) return { kind: 'refused', text: 'has no readable duration.' };
    await queries.recordDuration(song.id, Math.round(probe.duration));
    if (probe.duration < TRACK_MIN_SECONDS) return { kind: 'refused', text: `is shorter than ${TRACK_MIN_SECONDS} second.` };
    if (probe.duration > TRACK_MAX_SECONDS) return { kind: 'refused', text: `is longer than ${TRACK_MAX_SECONDS / 60} minutes.` };
    return { kind: 'fine', probe };
  }

  return {
    async run(payload, { signal, progress, log }) {
      const { releaseId } = payloadSchema.parse(payload);
      const release = await queries.findRelease(releaseId);
      if (!release || release.status !== 'processing') {
        return { outcome: 'skipped', reason: release ? `The release is already ${release.status}.` : 'The release no longer exists.' };
      }
      const ffmpeg = await locateFfmpeg();
      const tracks = await queries.findSongs(releaseId);
      const made = await queries.findRenditions(tracks.map((track) => track.id));
      const problems: string[] = tracks.length === 0 ? ['The release has no tracks.'] : [];
      let renditions = 0;
      await fs.mkdir(scratchDir, { recursive: true });

      for (const [index, song] of tracks.entries()) {
        signal.throwIfAborted();
        const label = `Track ${song.trackNumber ?? index + 1} "${song.title}"`;
        // Each track is an equal share of the bar; 100 is the job's completion.
        const report = (fraction: number) => progress(((index + fraction) / tracks.length) * 99);
        const file = path.join(scratchDir, `${randomUUID()}${path.extname(song.fileKey ?? '')}`);
        try {
          const judged = await review(song, file, ffmpeg, signal, log);
          if (judged.kind === 'refused') {
            problems.push(`${label} ${judged.text}`);
            continue;
          }
          await report(0.2);
          // Once a track is refused the release will be too: later tracks are only reviewed.
          if (problems.length > 0) continue;
          const { probe } = judged;
          if (!song.coverKey && !song.albumCoverKey && probe.picture) await storeEmbeddedCover(song.id, probe.picture.data, log);
          if (!ffmpeg) continue;
          const wanted = renditionSpecs(probe).filter((spec) => !made.get(song.id)?.has(renditionKey(spec)));
          await storeRenditions(ffmpeg, file, song.id, { wanted, measure: song.loudnessLufs === null }, signal, async (done) => {
            renditions++;
            await report(0.2 + (0.8 * done) / wanted.length);
          });
        } finally {
          await fs.rm(file, { force: true });
        }
      }

      const verdict = problems.length > 0 ? rejectedVerdict(release, problems.join(' ')) : liveVerdict(release);
      const decided = await queries.decide(releaseId, verdict);
      return {
        outcome: decided ? verdict.status : 'skipped',
        ...(verdict.status === 'rejected' ? { reason: verdict.reason } : {}),
        renditions,
        ffmpeg: ffmpeg ? 'available' : 'unavailable',
        ...(ffmpeg ? {} : { note: NO_FFMPEG_NOTE }),
      };
    },

    async onGiveUp(job: JobRow) {
      const parsed = payloadSchema.safeParse(job.payload);
      if (!parsed.success) return;
      const release = await queries.findRelease(parsed.data.releaseId);
      if (release) await queries.decide(release.id, rejectedVerdict(release, GIVE_UP_REASON));
    },
  };
}

function liveVerdict(release: ReleaseToProcess): ReleaseVerdict {
  const word = RELEASE_WORDS[release.releaseType];
  return { status: 'live', notification: { title: `Your ${word} is live`, message: `"${release.title}" is now live on Kora.` } };
}

function rejectedVerdict(release: ReleaseToProcess, reason: string): ReleaseVerdict {
  const word = RELEASE_WORDS[release.releaseType];
  return {
    status: 'rejected',
    reason,
    notification: { title: `Your ${word} was not published`, message: `"${release.title}" was not published. ${reason}` },
  };
}
