import fs from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { parseBuffer } from 'music-metadata';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.js';
import { imageColors, notifications, releases, songRenditions, songs } from '../../src/db/schema.js';
import { createProcessReleaseHandler, PROCESS_RELEASE_JOB, type ProcessReleaseDeps } from '../../src/jobs/handlers/process-release.js';
import { createJobQueue, enqueueJob } from '../../src/jobs/queue.js';
import { createWorker, type JobHandler } from '../../src/jobs/worker.js';
import { coverVariantKey, type MediaStorage } from '../../src/media/storage.js';
import { buildAlbum, buildArtist, buildRendition, buildSong, setPlan, storeTestBytes, storeTestMp3 } from '../helpers/catalogue-factories.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { findJob, silentLog, waitFor } from './job-helpers.js';
import { buildRelease, damageMiddle, embedPicture, encodeMp3, measuredLoudness, solidPng } from './release-fixtures.js';

let t: TestApp;
let db: Db;
let uploader: SignedInUser;
let artistId: number;
let scratchDir: string;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  uploader = await signUp(t.app);
  artistId = (await buildArtist(db)).id;
  scratchDir = path.join(t.config.dataDir, 'work');
}, 60_000);
afterAll(() => t.close());
afterEach(async () => {
  // Scratch copies never outlive a job.
  expect(await fs.readdir(scratchDir).catch(() => [])).toEqual([]);
});

function handlerWith(deps: Partial<ProcessReleaseDeps> = {}): JobHandler {
  return createProcessReleaseHandler({ db, storage: t.storage, scratchDir, ...deps });
}

/** Enqueues the release's job as an upload would and runs a worker until the job has ended. */
async function processRelease(releaseId: number, { handler = handlerWith(), maxAttempts }: { handler?: JobHandler; maxAttempts?: number } = {}) {
  const job = await enqueueJob(db, PROCESS_RELEASE_JOB, { releaseId }, maxAttempts ? { maxAttempts } : {});
  const worker = createWorker({
    queue: createJobQueue(db, { workerId: 'test', leaseMs: 30_000, retryDelayMs: () => 0 }),
    handlers: { [PROCESS_RELEASE_JOB]: handler },
    concurrency: 1,
    pollIntervalMs: 20,
    log: silentLog,
  });
  worker.start();
  try {
    return await waitFor(
      async () => {
        const row = await findJob(db, job.id);
        return row.status === 'done' || row.status === 'dead' ? row : undefined;
      },
      { timeoutMs: 60_000, what: 'the job to end' },
    );
  } finally {
    await worker.stop(1_000);
  }
}

async function storeAudio(audio: Buffer) {
  return t.storage.put(audio, { extension: 'mp3', contentType: 'audio/mpeg' });
}

async function addTrack(releaseId: number, trackNumber: number, stored: { key: string; size: number } | undefined, values: Partial<typeof songs.$inferInsert> = {}) {
  return buildSong(db, {
    artistId,
    releaseId,
    trackNumber,
    status: 'processing',
    uploadedBy: uploader.user.id,
    duration: null,
    fileKey: stored?.key ?? null,
    fileMime: 'audio/mpeg',
    fileSize: stored?.size ?? null,
    ...values,
  });
}

async function renditionsOf(songId: number) {
  return db.select().from(songRenditions).where(eq(songRenditions.songId, songId)).orderBy(asc(songRenditions.bitrateKbps));
}

async function notificationsOf(userId: number) {
  return db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(asc(notifications.id));
}

async function readAll(storage: MediaStorage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function releaseRow(id: number) {
  const [row] = await db.select().from(releases).where(eq(releases.id, id));
  return row!;
}

describe('process-release: a good release goes live', () => {
  it('transcodes a 320 kbps single into 24 and 48 kbps Opus and 64, 128 and 320 kbps MP3s, measures its loudness, makes it live and tells the uploader; streams use the renditions', async () => {
    const release = await buildRelease(db, { userId: uploader.user.id, artistId, releaseType: 'single', title: 'Morning Market' });
    const audio = await encodeMp3({ seconds: 3, bitrateKbps: 320 });
    const song = await addTrack(release.id, 1, await storeAudio(audio), { title: 'Morning Market' });

    const job = await processRelease(release.id);
    expect(job).toMatchObject({ status: 'done', progress: 100, attempts: 1, result: { outcome: 'live', renditions: 5, ffmpeg: 'available' } });

    const renditions = await renditionsOf(song.id);
    expect(renditions.map((rendition) => `${rendition.codec} ${rendition.bitrateKbps}`)).toEqual(['opus 24', 'opus 48', 'mp3 64', 'mp3 128', 'mp3 320']);
    for (const rendition of renditions) {
      const bytes = await readAll(t.storage, rendition.fileKey);
      const opus = rendition.codec === 'opus';
      expect(rendition).toMatchObject({ mime: opus ? 'audio/webm' : 'audio/mpeg', size: bytes.length });
      const { format } = await parseBuffer(bytes, { mimeType: rendition.mime }, { duration: true });
      expect(format.codec).toBe(opus ? 'OPUS' : 'MPEG 1 Layer 3');
      if (!opus) expect(format.bitrate).toBe(rendition.bitrateKbps * 1000);
      expect(format.duration).toBeGreaterThan(2.9);
      expect(format.duration).toBeLessThan(3.2);
    }

    const decided = await releaseRow(release.id);
    expect(decided).toMatchObject({ status: 'live', rejectionReason: null });
    expect(decided.reviewedAt).toBeInstanceOf(Date);
    const [row] = await db.select().from(songs).where(eq(songs.id, song.id));
    expect(row).toMatchObject({ status: 'live', duration: 3, ...(await measuredLoudness(audio)) });
    expect((await notificationsOf(uploader.user.id)).at(-1)).toMatchObject({
      kind: 'release-live',
      title: 'Your single is live',
      message: '"Morning Market" is now live on Kora.',
      isRead: false,
    });

    const listener = await signUp(t.app);
    const stream = (query = '') => t.app.inject({ method: 'GET', url: `/api/songs/${song.id}/stream${query}`, headers: { cookie: listener.cookie } });
    const byName = new Map(renditions.map((rendition) => [`${rendition.codec} ${rendition.bitrateKbps}`, rendition]));
    expect(Number((await stream()).headers['content-length'])).toBe(byName.get('mp3 128')!.size);
    expect(Number((await stream('?quality=data-saver')).headers['content-length'])).toBe(byName.get('mp3 64')!.size);
    const saver = await stream('?quality=data-saver&codecs=opus');
    expect(saver.headers['content-type']).toBe('audio/webm');
    expect(Number(saver.headers['content-length'])).toBe(byName.get('opus 48')!.size);
    await setPlan(db, listener.user.id, { plan: 'premium', status: 'active', nextBillingDate: new Date(Date.now() + 30 * 864e5) });
    expect(Number((await stream('?quality=high')).headers['content-length'])).toBe(byName.get('mp3 320')!.size);
  });

  it('gives a 128 kbps source no premium rendition, and reports progress as it goes', async () => {
    const release = await buildRelease(db, { userId: uploader.user.id, artistId, releaseType: 'library', title: 'Night Bus' });
    const song = await addTrack(release.id, 1, await storeTestMp3(t.storage, { seconds: 2, bitrateKbps: 128 }));

    const progress: number[] = [];
    const claimed = { ...(await enqueueJob(db, PROCESS_RELEASE_JOB, { releaseId: release.id })), lockedBy: 'direct' };
    const result = await handlerWith().run(
      { releaseId: release.id },
      { job: claimed, signal: new AbortController().signal, progress: async (percent) => void progress.push(percent), log: silentLog },
    );
    expect(result).toMatchObject({ outcome: 'live', renditions: 4 });
    expect((await renditionsOf(song.id)).map((rendition) => `${rendition.codec} ${rendition.bitrateKbps}`)).toEqual(['opus 24', 'opus 48', 'mp3 64', 'mp3 128']);
    expect(progress.length).toBeGreaterThanOrEqual(3);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBeLessThan(100);
    expect((await notificationsOf(uploader.user.id)).at(-1)).toMatchObject({ kind: 'release-live', title: 'Your song is live' });
  });

  it('makes only the renditions still missing when it runs again, and decides a release once', async () => {
    const release = await buildRelease(db, { userId: uploader.user.id, artistId, releaseType: 'single' });
    const song = await addTrack(release.id, 1, await storeAudio(await encodeMp3({ seconds: 2, bitrateKbps: 320 })));
    // What an attempt killed after its first rendition left behind.
    const earlier = await buildRendition(db, t.storage, song.id, 64);
    const before = (await notificationsOf(uploader.user.id)).length;

    const job = await processRelease(release.id);
    expect(job.result).toMatchObject({ outcome: 'live', renditions: 4 });
    const renditions = await renditionsOf(song.id);
    expect(renditions.map((rendition) => `${rendition.codec} ${rendition.bitrateKbps}`)).toEqual(['opus 24', 'opus 48', 'mp3 64', 'mp3 128', 'mp3 320']);
    expect(renditions.find((rendition) => rendition.id === earlier.id)).toEqual(earlier);

    const again = await processRelease(release.id);
    expect(again.result).toMatchObject({ outcome: 'skipped' });
    expect(await notificationsOf(uploader.user.id)).toHaveLength(before + 1);
    expect(await renditionsOf(song.id)).toEqual(renditions);
  });
});

describe('process-release: embedded cover art', () => {
  it('takes the embedded picture as the cover when neither the song nor its album has one', async () => {
    const album = await buildAlbum(db, { artistId });
    const release = await buildRelease(db, { userId: uploader.user.id, artistId, releaseType: 'single' });
    const audio = await embedPicture(await encodeMp3({ seconds: 2, bitrateKbps: 128 }), await solidPng(900, 700));
    const song = await addTrack(release.id, 1, await storeAudio(audio), { albumId: album.id });

    await processRelease(release.id);
    const [row] = await db.select().from(songs).where(eq(songs.id, song.id));
    expect(row!.coverKey).toMatch(/\.webp$/);
    const cover = await sharp(await readAll(t.storage, row!.coverKey!)).metadata();
    expect(cover).toMatchObject({ format: 'webp', width: 640, height: 640 });
    expect(cover.exif).toBeUndefined();
    const small = await sharp(await readAll(t.storage, coverVariantKey(row!.coverKey!, 160))).metadata();
    expect(small).toMatchObject({ format: 'webp', width: 160, height: 160 });
    // Its placeholder colour is kept with it: the picture's orange (#c85a1e), give or take WebP's rounding.
    const [color] = await db.select().from(imageColors).where(eq(imageColors.imageKey, row!.coverKey!));
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(color!.color.slice(i, i + 2), 16));
    for (const [value, want] of [[r, 200], [g, 90], [b, 30]] as const) expect(Math.abs(value! - want)).toBeLessThanOrEqual(3);
  });

  it('keeps the album’s cover instead', async () => {
    const albumCover = await storeTestBytes(t.storage, 1000);
    const album = await buildAlbum(db, { artistId, coverKey: albumCover.key });
    const release = await buildRelease(db, { userId: uploader.user.id, artistId, releaseType: 'single' });
    const audio = await embedPicture(await encodeMp3({ seconds: 2, bitrateKbps: 128 }), await solidPng(300, 300));
    const song = await addTrack(release.id, 1, await storeAudio(audio), { albumId: album.id });

    await processRelease(release.id);
    const [row] = await db.select().from(songs).where(eq(songs.id, song.id));
    expect(row).toMatchObject({ status: 'live', coverKey: null });
  });
});

describe('process-release: the review rejects', () => {
  it('a release with a track that is not audio, naming the track, and tells the uploader why', async () => {
    const release = await buildRelease(db, { userId: uploader.user.id, artistId, releaseType: 'ep', title: 'Harmattan' });
    const good = await addTrack(release.id, 1, await storeTestMp3(t.storage, { seconds: 2 }), { title: 'Dust' });
    const broken = await addTrack(release.id, 2, await storeTestBytes(t.storage, 20_000), { title: 'Broken' });

    const job = await processRelease(release.id);
    const reason = 'Track 2 "Broken" could not be decoded.';
    expect(job).toMatchObject({ status: 'done', result: { outcome: 'rejected', reason } });
    expect(await releaseRow(release.id)).toMatchObject({ status: 'rejected', rejectionReason: reason });
    const statuses = await db.select({ id: songs.id, status: songs.status }).from(songs).where(eq(songs.releaseId, release.id)).orderBy(asc(songs.id));
    expect(statuses).toEqual([
      { id: good.id, status: 'rejected' },
      { id: broken.id, status: 'rejected' },
    ]);
    expect(await renditionsOf(broken.id)).toEqual([]);
    expect((await notificationsOf(uploader.user.id)).at(-1)).toMatchObject({
      kind: 'release-rejected',
      title: 'Your EP was not published',
      message: `"Harmattan" was not published. ${reason}`,
    });
    const listener = await signUp(t.app);
    const streamed = await t.app.inject({ method: 'GET', url: `/api/songs/${good.id}/stream`, headers: { cookie: listener.cookie } });
    expect(streamed.statusCode).toBe(404);
  });

  it('an MP3 whose header reads well but whose audio is damaged: every track is decoded to the end', async () => {
    const release = await buildRelease(db, { userId: uploader.user.id, artistId, releaseType: 'single', title: 'Static' });
    const damaged = damageMiddle(await encodeMp3({ seconds: 3, bitrateKbps: 320 }));
    // music-metadata alone finds nothing wrong with it.
    expect((await parseBuffer(damaged, { mimeType: 'audio/mpeg' })).format.duration).toBeGreaterThan(2.9);
    await addTrack(release.id, 1, await storeAudio(damaged), { title: 'Static' });

    const job = await processRelease(release.id);
    expect(job.result).toMatchObject({ outcome: 'rejected', reason: 'Track 1 "Static" could not be decoded.' });
  });

  it('tracks that are too short or missing, listing every problem', async () => {
    const release = await buildRelease(db, { userId: uploader.user.id, artistId, releaseType: 'album', title: 'Fragments' });
    await addTrack(release.id, 1, await storeTestMp3(t.storage, { seconds: 0.4 }), { title: 'Blip' });
    await addTrack(release.id, 2, await storeTestMp3(t.storage, { seconds: 2 }), { title: 'Fine' });
    await addTrack(release.id, 3, { key: 'ab/' + 'ab'.repeat(32) + '.mp3', size: 10 }, { title: 'Gone' });

    const job = await processRelease(release.id);
    expect(job.result).toMatchObject({
      outcome: 'rejected',
      reason: 'Track 1 "Blip" is shorter than 1 second. Track 3 "Gone" is missing its audio file.',
    });
  });

  it('a release whose processing keeps failing, once its attempts are used up', async () => {
    const release = await buildRelease(db, { userId: uploader.user.id, artistId, releaseType: 'single', title: 'Unlucky' });
    await addTrack(release.id, 1, await storeTestMp3(t.storage, { seconds: 2 }));
    const failingStorage = new Proxy(t.storage, {
      get: (target, property, receiver) =>
        property === 'read' ? () => Promise.reject(new Error('storage unavailable')) : Reflect.get(target, property, receiver),
    });

    const job = await processRelease(release.id, { handler: handlerWith({ storage: failingStorage }), maxAttempts: 2 });
    expect(job).toMatchObject({ status: 'dead', attempts: 2, lastError: 'storage unavailable' });
    expect(await releaseRow(release.id)).toMatchObject({ status: 'rejected', rejectionReason: 'Processing failed. Please upload this release again.' });
    expect((await notificationsOf(uploader.user.id)).at(-1)).toMatchObject({ kind: 'release-rejected', title: 'Your single was not published' });
  });
});

describe('process-release without ffmpeg', () => {
  const noFfmpeg = () => handlerWith({ locateFfmpeg: async () => null });

  it('makes the release live on its originals and says ffmpeg was unavailable', async () => {
    const release = await buildRelease(db, { userId: uploader.user.id, artistId, releaseType: 'single' });
    const song = await addTrack(release.id, 1, await storeTestMp3(t.storage, { seconds: 2 }));

    const job = await processRelease(release.id, { handler: noFfmpeg() });
    expect(job.result).toEqual({
      outcome: 'live',
      renditions: 0,
      ffmpeg: 'unavailable',
      note: 'ffmpeg was unavailable: no renditions were made (the originals are served) and the tracks were not decoded.',
    });
    expect(await renditionsOf(song.id)).toEqual([]);
    const [row] = await db.select().from(songs).where(and(eq(songs.id, song.id), eq(songs.status, 'live')));
    expect(row!.duration).toBe(2);
  });

  it('still rejects what music-metadata cannot read as audio', async () => {
    const release = await buildRelease(db, { userId: uploader.user.id, artistId, releaseType: 'single', title: 'Noise' });
    await addTrack(release.id, 1, await storeTestBytes(t.storage, 5_000), { title: 'Noise' });

    const job = await processRelease(release.id, { handler: noFfmpeg() });
    expect(job.result).toMatchObject({ outcome: 'rejected', ffmpeg: 'unavailable' });
    expect((await releaseRow(release.id)).rejectionReason).toMatch(/^Track 1 "Noise" (could not be decoded|has no readable duration)\.$/);
  });
});
