import fs from 'node:fs/promises';
import path from 'node:path';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { parseBuffer } from 'music-metadata';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../src/db/client.js';
import { jobs, notifications, songRenditions, songs } from '../../src/db/schema.js';
import { createTranscodeSongHandler, TRANSCODE_SONG_JOB, type TranscodeSongDeps } from '../../src/jobs/handlers/transcode-song.js';
import { createJobQueue, enqueueJob, JOB_PRIORITY } from '../../src/jobs/queue.js';
import { enqueueRenditionBackfill, waitForRenditionBackfill } from '../../src/jobs/rendition-backfill.js';
import { createWorker, type JobHandler } from '../../src/jobs/worker.js';
import { trackGainDb } from '../../src/media/loudness.js';
import type { MediaStorage } from '../../src/media/storage.js';
import { buildArtist, buildRendition, buildSong, storeTestBytes, storeTestMp3 } from '../helpers/catalogue-factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { findJob, openSecondPool, silentLog, waitFor } from './job-helpers.js';
import { encodeMp3, encodeSilentMp3, measuredLoudness } from './release-fixtures.js';

let t: TestApp;
let database: Database;
let db: Db;
let artistId: number;
let scratchDir: string;
/** Songs of the backfill tests, whose files are random bytes. */
const fakeSongIds: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  database = t.database;
  db = database.db;
  artistId = (await buildArtist(db)).id;
  scratchDir = path.join(t.config.dataDir, 'work');
}, 60_000);
afterAll(() => t.close());
afterEach(async () => {
  // Scratch copies never outlive a job.
  expect(await fs.readdir(scratchDir).catch(() => [])).toEqual([]);
});

function handlerWith(deps: Partial<TranscodeSongDeps> = {}): JobHandler {
  return createTranscodeSongHandler({ db, storage: t.storage, scratchDir, ...deps });
}

/** Runs the handler as the worker would, recording the progress it reports. */
async function transcode(songId: number, handler = handlerWith()) {
  const progress: number[] = [];
  const claimed = { ...(await enqueueJob(db, TRANSCODE_SONG_JOB, { songId })), lockedBy: 'direct' };
  const result = await handler.run(
    { songId },
    { job: claimed, signal: new AbortController().signal, progress: async (percent) => void progress.push(percent), log: silentLog },
  );
  return { result, progress };
}

/** A catalogue song: live, local, with this audio file, processed by no upload. */
async function catalogueSong(stored: { key: string; size: number } | undefined, values: Partial<typeof songs.$inferInsert> = {}) {
  return buildSong(db, { artistId, status: 'live', fileKey: stored?.key ?? null, fileMime: 'audio/mpeg', fileSize: stored?.size ?? null, ...values });
}

async function renditionsOf(songId: number) {
  return db.select().from(songRenditions).where(eq(songRenditions.songId, songId)).orderBy(asc(songRenditions.bitrateKbps));
}

/** "mp3 64", "opus 24": a song's renditions as the stream route tells them apart. */
async function renditionNames(songId: number) {
  return (await renditionsOf(songId)).map((rendition) => `${rendition.codec} ${rendition.bitrateKbps}`);
}

/** The renditions every song gets, as a song made before Opus renditions existed lacks them. */
async function giveEverySongRendition(songId: number) {
  for (const [bitrate, codec] of [[64, 'mp3'], [128, 'mp3'], [24, 'opus'], [48, 'opus']] as const) {
    await buildRendition(db, t.storage, songId, bitrate, codec);
  }
}

async function songRow(id: number) {
  const [row] = await db.select().from(songs).where(eq(songs.id, id));
  return row!;
}

async function transcodeJobSongIds(): Promise<number[]> {
  const rows = await db.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.type, TRANSCODE_SONG_JOB)).orderBy(asc(jobs.id));
  return rows.map((row) => (row.payload as { songId: number }).songId);
}

async function readAll(storage: MediaStorage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

// First in the file: it counts every 'transcode-song' job of this test database.
describe('rendition backfill', () => {
  it('enqueues one job per live local song with a file lacking a rendition every song gets or its loudness, once, and skips the rest', async () => {
    const fake = () => storeTestBytes(t.storage, 1000);
    const bare = await catalogueSong(await fake());
    const withRendition = await catalogueSong(await fake(), { loudnessLufs: -15.2, truePeakDbtp: -2, trackGainDb: 1 });
    await giveEverySongRendition(withRendition.id);
    // Transcoded before loudness was measured, by a job that ended done.
    const unmeasured = await catalogueSong(await fake());
    await giveEverySongRendition(unmeasured.id);
    const unmeasuredJob = await enqueueJob(db, TRANSCODE_SONG_JOB, { songId: unmeasured.id });
    await db.update(jobs).set({ status: 'done', result: { outcome: 'done', renditions: 4 } }).where(eq(jobs.id, unmeasuredJob.id));
    // Transcoded before the Opus renditions existed, by a job that ended done a day ago.
    const mp3Only = await catalogueSong(await fake());
    await buildRendition(db, t.storage, mp3Only.id, 64);
    await buildRendition(db, t.storage, mp3Only.id, 128);
    const processing = await catalogueSong(await fake(), { status: 'processing' });
    const rejected = await catalogueSong(await fake(), { status: 'rejected' });
    const noFile = await catalogueSong(undefined);
    const external = await catalogueSong(await fake(), { source: 'deezer', externalId: 'dz-1', isExternal: true });
    const alreadyQueued = await catalogueSong(await fake());
    await enqueueJob(db, TRANSCODE_SONG_JOB, { songId: alreadyQueued.id });
    const ended = async (status: 'done' | 'dead', result: unknown, daysAgo = 0) => {
      const song = await catalogueSong(await fake());
      const job = await enqueueJob(db, TRANSCODE_SONG_JOB, { songId: song.id });
      await db
        .update(jobs)
        .set({ status, result, updatedAt: sql`now() - ${daysAgo}::integer * interval '1 day'` })
        .where(eq(jobs.id, job.id));
      return song;
    };
    // Ended without renditions because ffmpeg was missing: the next start tries again.
    const waitedForFfmpeg = await ended('done', { outcome: 'skipped', reason: 'ffmpeg is unavailable: the original is served.', waitingFor: 'ffmpeg' });
    // Ended for a reason another run would meet again: not every start, only after a week.
    const unreadable = await ended('done', { outcome: 'skipped', reason: 'The audio file could not be read.' });
    const failedRecently = await ended('dead', null, 6);
    const failedLongAgo = await ended('dead', null, 8);
    const mp3OnlyJob = await enqueueJob(db, TRANSCODE_SONG_JOB, { songId: mp3Only.id });
    await db
      .update(jobs)
      .set({ status: 'done', result: { outcome: 'done', renditions: 2 }, updatedAt: sql`now() - interval '1 day'` })
      .where(eq(jobs.id, mp3OnlyJob.id));

    fakeSongIds.push(bare.id, withRendition.id, unmeasured.id, mp3Only.id, processing.id, rejected.id, external.id, alreadyQueued.id);
    fakeSongIds.push(waitedForFfmpeg.id, unreadable.id, failedRecently.id, failedLongAgo.id);
    expect(await enqueueRenditionBackfill(db)).toBe(5);
    expect(await transcodeJobSongIds()).toEqual([
      unmeasured.id,
      alreadyQueued.id,
      waitedForFfmpeg.id,
      unreadable.id,
      failedRecently.id,
      failedLongAgo.id,
      mp3Only.id,
      bare.id,
      unmeasured.id,
      mp3Only.id,
      waitedForFfmpeg.id,
      failedLongAgo.id,
    ]);
    const [added] = await db.select().from(jobs).where(eq(jobs.payload, { songId: bare.id }));
    expect(added).toMatchObject({ type: TRANSCODE_SONG_JOB, status: 'queued', attempts: 0, progress: 0, priority: JOB_PRIORITY.background });
    // The song's singleton key: a second transcode of it cannot be queued while this one is.
    expect(added!.singletonKey).toBe(`transcode:song:${bare.id}`);
    await expect(enqueueJob(db, TRANSCODE_SONG_JOB, { songId: bare.id }, { singletonKey: `transcode:song:${bare.id}` })).resolves.toMatchObject({ id: added!.id });

    expect(await enqueueRenditionBackfill(db)).toBe(0);
    expect(await transcodeJobSongIds()).toHaveLength(12);
    for (const skipped of [withRendition, processing, rejected, noFile, external]) {
      expect(await transcodeJobSongIds()).not.toContain(skipped.id);
    }
  });

  it('enqueues a song once when several processes start at the same time', async () => {
    const songIds = [];
    for (let i = 0; i < 5; i++) songIds.push((await catalogueSong(await storeTestBytes(t.storage, 900 + i))).id);
    fakeSongIds.push(...songIds);
    const second = await openSecondPool(database);
    try {
      const added = await Promise.all(Array.from({ length: 6 }, (_, i) => enqueueRenditionBackfill(i % 2 === 0 || !second ? db : second.db)));
      expect(added.reduce((sum, count) => sum + count, 0)).toBe(5);
    } finally {
      await second?.close();
    }
    const enqueued = await transcodeJobSongIds();
    for (const songId of songIds) expect(enqueued.filter((id) => id === songId)).toHaveLength(1);
  });
});

describe('transcode-song', () => {
  it('gives a backfilled catalogue song its Opus 24 and 48 and MP3 64, 128 and 320 kbps renditions and its loudness, changing nothing else and notifying nobody', async () => {
    const audio = await encodeMp3({ seconds: 3, bitrateKbps: 320 });
    const song = await catalogueSong(await t.storage.put(audio, { extension: 'mp3', contentType: 'audio/mpeg' }));
    const notificationsBefore = await db.select().from(notifications);
    // The backfill tests' songs have files of random bytes: the worker is to run this song's job alone.
    await db.delete(songs).where(inArray(songs.id, fakeSongIds));
    await db.delete(jobs).where(eq(jobs.type, TRANSCODE_SONG_JOB));
    expect(await enqueueRenditionBackfill(db)).toBe(1);
    const [job] = await db.select().from(jobs).where(eq(jobs.payload, { songId: song.id }));

    const worker = createWorker({
      queue: createJobQueue(db, { workerId: 'test', leaseMs: 30_000, retryDelayMs: () => 0 }),
      handlers: { [TRANSCODE_SONG_JOB]: handlerWith() },
      concurrency: 2,
      pollIntervalMs: 20,
      log: silentLog,
    });
    worker.start();
    try {
      const ended = await waitFor(
        async () => {
          const row = await findJob(db, job!.id);
          return row.status === 'done' || row.status === 'dead' ? row : undefined;
        },
        { timeoutMs: 60_000, what: 'the job to end' },
      );
      expect(ended).toMatchObject({ status: 'done', progress: 100, attempts: 1, result: { outcome: 'done', renditions: 5 } });
    } finally {
      await worker.stop(1_000);
    }

    expect(await renditionNames(song.id)).toEqual(['opus 24', 'opus 48', 'mp3 64', 'mp3 128', 'mp3 320']);
    for (const rendition of await renditionsOf(song.id)) {
      const bytes = await readAll(t.storage, rendition.fileKey);
      const opus = rendition.codec === 'opus';
      expect(rendition).toMatchObject({ mime: opus ? 'audio/webm' : 'audio/mpeg', size: bytes.length });
      const { format } = await parseBuffer(bytes, { mimeType: rendition.mime }, { duration: true });
      if (opus) {
        expect(format).toMatchObject({ container: 'EBML/webm', codec: 'OPUS', numberOfChannels: 2 });
      } else {
        expect(format.codec).toBe('MPEG 1 Layer 3');
        expect(format.bitrate).toBe(rendition.bitrateKbps * 1000);
      }
      expect(format.duration).toBeGreaterThan(2.9);
      expect(format.duration).toBeLessThan(3.2);
    }
    // Measured in the first Opus encode, as a pass of its own measures it.
    const loudness = await measuredLoudness(audio);
    expect(loudness.loudnessLufs).toBeGreaterThan(-30);
    expect(await songRow(song.id)).toEqual({ ...song, ...loudness });
    expect(await db.select().from(notifications)).toEqual(notificationsBefore);
    // Nothing left to backfill for it.
    await enqueueRenditionBackfill(db);
    expect((await transcodeJobSongIds()).filter((id) => id === song.id)).toHaveLength(1);
  });

  it('gives a 64 kbps source no premium rendition, and reports progress after each rendition but the last', async () => {
    const song = await catalogueSong(await storeTestMp3(t.storage, { seconds: 2, bitrateKbps: 64 }));
    const { result, progress } = await transcode(song.id);
    expect(result).toEqual({ outcome: 'done', renditions: 4 });
    expect(await renditionNames(song.id)).toEqual(['opus 24', 'opus 48', 'mp3 64', 'mp3 128']);
    expect(progress).toEqual([25, 50, 75]);
    expect(await songRow(song.id)).toEqual({ ...song, ...(await measuredLoudness(await readAll(t.storage, song.fileKey!))) });
  });

  it('makes only the renditions still missing when it runs again after partial work', async () => {
    const song = await catalogueSong(await t.storage.put(await encodeMp3({ seconds: 2, bitrateKbps: 256 }), { extension: 'mp3', contentType: 'audio/mpeg' }));
    // What an attempt killed after its first rendition left behind.
    const earlier = await buildRendition(db, t.storage, song.id, 64);

    const first = await transcode(song.id);
    expect(first.result).toEqual({ outcome: 'done', renditions: 4 });
    expect(first.progress).toEqual([25, 50, 75]);
    expect(await renditionNames(song.id)).toEqual(['opus 24', 'opus 48', 'mp3 64', 'mp3 128', 'mp3 320']);
    const renditions = await renditionsOf(song.id);
    expect(renditions.find((rendition) => rendition.id === earlier.id)).toEqual(earlier);

    const measured = await songRow(song.id);
    expect(measured.loudnessLufs).not.toBeNull();

    // Nothing left to make or measure: ffmpeg is not even looked for.
    const again = await transcode(song.id, handlerWith({ locateFfmpeg: async () => null }));
    expect(again).toEqual({ result: { outcome: 'done', renditions: 0 }, progress: [] });
    expect(await renditionsOf(song.id)).toEqual(renditions);
    expect(await songRow(song.id)).toEqual(measured);
  });

  it('measures a song whose renditions were all made before loudness was, in a pass of its own, making no rendition', async () => {
    const audio = await encodeMp3({ seconds: 2, bitrateKbps: 128 });
    const song = await catalogueSong(await t.storage.put(audio, { extension: 'mp3', contentType: 'audio/mpeg' }));
    await giveEverySongRendition(song.id);
    const renditions = await renditionsOf(song.id);

    expect(await transcode(song.id)).toEqual({ result: { outcome: 'done', renditions: 0 }, progress: [] });
    expect(await renditionsOf(song.id)).toEqual(renditions);
    const loudness = await measuredLoudness(audio);
    expect(await songRow(song.id)).toEqual({ ...song, ...loudness });
    expect(loudness.trackGainDb).toBe(trackGainDb({ integratedLufs: loudness.loudnessLufs, truePeakDbtp: loudness.truePeakDbtp! }));
  });

  it('stores a silent song as measured (no gain), so the backfill does not queue it again', async () => {
    const song = await catalogueSong(await t.storage.put(await encodeSilentMp3(2), { extension: 'mp3', contentType: 'audio/mpeg' }));
    const { result } = await transcode(song.id);
    expect(result).toEqual({ outcome: 'done', renditions: 4 });
    expect(await songRow(song.id)).toEqual({ ...song, loudnessLufs: -70, truePeakDbtp: null, trackGainDb: 0 });

    // transcode() enqueued the job it ran: it ends done, as the worker would record it.
    await db.update(jobs).set({ status: 'done', result }).where(eq(jobs.payload, { songId: song.id }));
    await enqueueRenditionBackfill(db);
    expect((await transcodeJobSongIds()).filter((id) => id === song.id)).toHaveLength(1);
  });

  it('fails, measuring nothing, when ffmpeg says no loudness', async () => {
    const song = await catalogueSong(await storeTestMp3(t.storage, { seconds: 1 }));
    await giveEverySongRendition(song.id);
    // Exits 0 having logged nothing: a measurement that cannot be read fails the job, which the backfill then leaves for a week.
    const mute = path.join(t.config.dataDir, 'mute-ffmpeg');
    await fs.writeFile(mute, '#!/bin/sh\nexit 0\n', { mode: 0o755 });
    await expect(transcode(song.id, handlerWith({ locateFfmpeg: async () => mute }))).rejects.toThrow(/no loudness summary/);
    expect(await songRow(song.id)).toEqual(song);
  });

  it('skips a song that is not live, has no file of its own, is gone, or whose file is no audio', async () => {
    const audio = await storeTestMp3(t.storage, { seconds: 1 });
    const cases = [
      [await catalogueSong(audio, { status: 'processing' }), 'The song is processing.'],
      [await catalogueSong(audio, { status: 'rejected' }), 'The song is rejected.'],
      [await catalogueSong(undefined), 'The song has no audio file of its own.'],
      [await catalogueSong(audio, { source: 'youtube', externalId: 'yt-1', isExternal: true }), 'The song has no audio file of its own.'],
      // Text, not random bytes: those can happen to start like an MP3 frame.
      [await catalogueSong(await t.storage.put(Buffer.from('not audio at all\n'.repeat(250)), { extension: 'mp3', contentType: 'audio/mpeg' })), 'The audio file could not be read.'],
    ] as const;
    for (const [song, reason] of cases) {
      expect((await transcode(song.id)).result).toEqual({ outcome: 'skipped', reason });
      expect(await renditionsOf(song.id)).toEqual([]);
      expect(await songRow(song.id)).toEqual(song);
    }
    expect((await transcode(2_000_000_000)).result).toEqual({ outcome: 'skipped', reason: 'The song no longer exists.' });
  });

  it('skips the song, keeping the original, when ffmpeg is unavailable', async () => {
    const song = await catalogueSong(await storeTestMp3(t.storage, { seconds: 1 }));
    const { result } = await transcode(song.id, handlerWith({ locateFfmpeg: async () => null }));
    expect(result).toEqual({ outcome: 'skipped', reason: 'ffmpeg is unavailable: the original is served.', waitingFor: 'ffmpeg' });
    expect(await renditionsOf(song.id)).toEqual([]);
  });
});

describe('waitForRenditionBackfill', () => {
  it('is waited for until no transcoding job is queued or running (LISTEN_AFTER_BACKFILL)', async () => {
    // Last in this file: the earlier tests' songs and jobs are gone from the queue with these.
    await db.delete(jobs).where(eq(jobs.type, TRANSCODE_SONG_JOB));
    const job = await enqueueJob(db, TRANSCODE_SONG_JOB, { songId: 1 });
    let done = false;
    const waiting = waitForRenditionBackfill(db).then(() => void (done = true));
    const settle = () => new Promise((resolve) => setTimeout(resolve, 600));
    await settle();
    expect(done).toBe(false);
    await db.update(jobs).set({ status: 'running' }).where(eq(jobs.id, job.id));
    await settle();
    expect(done).toBe(false);
    await db.update(jobs).set({ status: 'dead' }).where(eq(jobs.id, job.id));
    await waiting;
    expect(done).toBe(true);
  });
});
