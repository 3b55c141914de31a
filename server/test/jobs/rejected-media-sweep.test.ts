import { storageQuotaMessage } from '@kora/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albums, releases, songRenditions, songs, uploads } from '../../src/db/schema.js';
import { sweepRejectedMedia } from '../../src/jobs/rejected-media-sweep.js';
import { COVER_VARIANT_WIDTHS } from '../../src/media/cover-image.js';
import { coverVariantKey } from '../../src/media/storage.js';
import { buildTestAudio } from '../helpers/audio-fixtures.js';
import { storeTestBytes } from '../helpers/catalogue-factories.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { buildPng } from '../helpers/multipart.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { libraryEntries, sendUpload, uploadOk } from '../uploads/upload-helpers.js';

const DAY = 24 * 60 * 60 * 1000;
const GRACE = 14 * DAY;
const QUOTA = 250 * 1024;

let t: TestApp;
let ada: SignedInUser;
let bola: SignedInUser;

beforeAll(async () => {
  t = await createTestApp({ uploadQuotaBytes: QUOTA });
  ada = await signUp(t.app);
  bola = await signUp(t.app);
});
afterAll(() => t.close());

const exists = async (key: string) => (await t.storage.stat(key)) !== undefined;
const sweep = () => sweepRejectedMedia({ db: t.database.db, storage: t.storage, graceMs: GRACE });

/** Marks the release rejected by its review `ago` milliseconds back, as the process-release job would. */
async function reject(releaseId: number, ago: number) {
  const reviewedAt = new Date(Date.now() - ago);
  await t.database.db.update(releases).set({ status: 'rejected', rejectionReason: 'Track 1 could not be decoded.', reviewedAt }).where(eq(releases.id, releaseId));
  await t.database.db.update(songs).set({ status: 'rejected' }).where(eq(songs.releaseId, releaseId));
}

describe('the rejected media sweep (REJECTED_MEDIA_GRACE_DAYS)', () => {
  it("deletes a rejected release's files after the grace period, not before, keeps shared ones, and gives the storage back", async () => {
    const audio = await buildTestAudio('wav', { seconds: 1, seed: 7 });
    const release = await uploadOk(t.app, ada.cookie, '/api/upload', libraryEntries({ audio, filename: 'song.wav', title: 'Gone', artist: 'Ada', album: 'Rejected', cover: await buildPng('#aa3311', 700) }));
    // Another listener's upload of the very same file: one stored object, which must outlive the rejection.
    await uploadOk(t.app, bola.cookie, '/api/upload', libraryEntries({ audio, filename: 'same.wav', title: 'Kept', artist: 'Bola' }));
    const [song] = await t.database.db.select().from(songs).where(eq(songs.releaseId, release.id));
    const [album] = await t.database.db.select().from(albums).where(eq(albums.releaseId, release.id));
    const coverKey = album!.coverKey!;
    const rendition = await storeTestBytes(t.storage, 150 * 1024);
    await t.database.db.insert(songRenditions).values({ songId: song!.id, bitrateKbps: 128, fileKey: rendition.key, mime: 'audio/mpeg', size: rendition.size });
    const variants = COVER_VARIANT_WIDTHS.map((width) => coverVariantKey(coverKey, width));
    const ownKeys = [coverKey, ...variants, rendition.key];
    await reject(release.id, GRACE - DAY);

    // Its files and renditions still count: one more song does not fit.
    const next = () => libraryEntries({ audio: audio.subarray(0), filename: 'next.wav', title: 'Next', artist: 'Ada' });
    const refused = await sendUpload(t.app, ada.cookie, '/api/upload', next());
    expect(refused.statusCode).toBe(413);
    expect(refused.json().message).toBe(storageQuotaMessage(QUOTA, QUOTA - (audio.length + (await coverSize(release.id)) + rendition.size)));

    expect(await sweep()).toEqual({ releases: 0, deleted: 0, kept: 0 });
    for (const key of [...ownKeys, song!.fileKey!]) expect(await exists(key), key).toBe(true);

    await reject(release.id, GRACE + DAY);
    // The cover (with its smaller copies) and the rendition; the audio another upload shares is kept.
    expect(await sweep()).toEqual({ releases: 1, deleted: 2, kept: 1 });
    for (const key of ownKeys) expect(await exists(key), key).toBe(false);
    expect(await exists(song!.fileKey!)).toBe(true);

    const [after] = await t.database.db.select().from(releases).where(eq(releases.id, release.id));
    expect(after!.mediaDeletedAt).toBeInstanceOf(Date);
    expect(await t.database.db.select().from(songs).where(eq(songs.id, song!.id))).toEqual([expect.objectContaining({ fileKey: null, coverKey: null, status: 'rejected' })]);
    expect(await t.database.db.select().from(songRenditions).where(eq(songRenditions.songId, song!.id))).toEqual([]);
    expect(await t.database.db.select().from(uploads).where(eq(uploads.releaseId, release.id))).toEqual([]);
    expect((await t.database.db.select().from(albums).where(eq(albums.id, album!.id)))[0]!.coverKey).toBeNull();
    // "My releases" still says what happened.
    const listed = (await t.app.inject({ method: 'GET', url: '/api/releases', headers: { cookie: ada.cookie } })).json();
    expect(listed).toEqual([expect.objectContaining({ id: release.id, status: 'rejected', rejectionReason: 'Track 1 could not be decoded.', coverUrl: null })]);

    // Done once; and the storage is the listener's again.
    expect(await sweep()).toEqual({ releases: 0, deleted: 0, kept: 0 });
    expect((await sendUpload(t.app, ada.cookie, '/api/upload', next())).statusCode).toBe(201);
  });

  it('leaves releases that are live or still processing alone, however old', async () => {
    const release = await uploadOk(t.app, bola.cookie, '/api/upload', libraryEntries({ audio: await buildTestAudio('mp3', { seed: 8 }), title: 'Live', artist: 'Bola' }));
    const [song] = await t.database.db.select().from(songs).where(eq(songs.releaseId, release.id));
    await t.database.db.update(releases).set({ status: 'live', reviewedAt: new Date(Date.now() - 100 * DAY) }).where(eq(releases.id, release.id));
    expect(await sweep()).toEqual({ releases: 0, deleted: 0, kept: 0 });
    expect(await exists(song!.fileKey!)).toBe(true);
  });
});

async function coverSize(releaseId: number): Promise<number> {
  const [row] = await t.database.db.select({ size: uploads.size }).from(uploads).where(eq(uploads.releaseId, releaseId)).orderBy(uploads.id).limit(2).offset(1);
  return row!.size;
}
