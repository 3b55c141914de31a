import { randomBytes } from 'node:crypto';
import { storageQuotaMessage } from '@kora/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releases } from '../../src/db/schema.js';
import { buildTestAudio } from '../helpers/audio-fixtures.js';
import { signUp } from '../helpers/factories.js';
import type { FormEntry } from '../helpers/multipart.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { countUploadRows, libraryEntries, listMediaFiles, releaseEntries, sendUpload } from './upload-helpers.js';

// A one-second WAV is lossless, so its review makes all five renditions: Opus 24 + 48 and MP3 64 +
// 128 + 320 kbps for one second is 73,000 bytes reserved while it processes (tests never run the
// jobs, so it stays processing).
const RESERVE_PER_SECOND = 73_000;
let wavBytes: number;
let cost: number;
let quota: number;
let t: TestApp;

beforeAll(async () => {
  wavBytes = (await buildTestAudio('wav', { seconds: 1, seed: 1 })).length;
  cost = wavBytes + RESERVE_PER_SECOND;
  // Room for two such uploads and a half.
  quota = Math.floor(cost * 2.5);
  // A small cover limit keeps the form's allowance for covers (storage-quota.ts) small.
  t = await createTestApp({ uploadQuotaBytes: quota, uploadLimits: { maxAudioBytes: 200 * 1024 * 1024, maxCoverBytes: 32 * 1024 } });
});
afterAll(() => t.close());

let seed = 10;
const oneSecond = () => buildTestAudio('wav', { seconds: 1, seed: ++seed });
const song = async (title: string): Promise<[string, FormEntry][]> => libraryEntries({ audio: await oneSecond(), filename: 'song.wav', title, artist: 'Quota Tester' });

/** What an upload changes: rows of every table it writes, and stored files. */
async function snapshot() {
  return { rows: await countUploadRows(t.database.db), files: await listMediaFiles(t) };
}

describe('the storage quota (UPLOAD_QUOTA_MB)', () => {
  it('refuses with 413 an upload that would go over it, says how much is left, and keeps nothing', async () => {
    const { cookie } = await signUp(t.app);
    for (const title of ['One', 'Two']) expect((await sendUpload(t.app, cookie, '/api/upload', await song(title))).statusCode).toBe(201);
    const message = storageQuotaMessage(quota, quota - 2 * cost);
    expect(message).toMatch(/^This upload would go over your \d+ KB storage\. You have \d+ KB left\.$/);

    const before = await snapshot();
    const refused = await sendUpload(t.app, cookie, '/api/upload', await song('Three'));
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({ status: 413, body: { message } });
    const release = await sendUpload(t.app, cookie, '/api/upload-music', releaseEntries({ releaseType: 'single', tracks: [{ audio: await oneSecond(), filename: 'one.wav', title: 'Single' }] }));
    expect({ status: release.statusCode, body: release.json() }).toEqual({ status: 413, body: { message } });
    expect(await snapshot()).toEqual(before);
  });

  it("reserves a processing release's renditions and counts its files", async () => {
    const { cookie, user } = await signUp(t.app);
    const response = await sendUpload(t.app, cookie, '/api/upload', await song('Reserved'));
    const [row] = await t.database.db.select().from(releases).where(eq(releases.id, response.json().release.id));
    expect(row).toMatchObject({ userId: user.id, renditionsReservedBytes: RESERVE_PER_SECOND });
  });

  it('refuses before storing anything a body whose Content-Length cannot fit', async () => {
    const { cookie } = await signUp(t.app);
    const before = await snapshot();
    // Read in order, the unexpected first field would be refused with 400: the quota refuses the body before reading it.
    const entries: [string, FormEntry][] = [['bogus', 'x'], ['audioFile', { data: randomBytes(1024 * 1024), filename: 'huge.mp3', type: 'audio/mpeg' }]];
    const refused = await sendUpload(t.app, cookie, '/api/upload', entries);
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({ status: 413, body: { message: storageQuotaMessage(quota, quota) } });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses audio while it streams in once it passes what is left', async () => {
    const { cookie } = await signUp(t.app);
    const before = await snapshot();
    const long = await buildTestAudio('wav', { seconds: 10, seed: 2 });
    expect(long.length).toBeGreaterThan(quota);
    // A field after the audio that would be refused with 400 once the audio had been read whole.
    const entries: [string, FormEntry][] = [['audioFile', { data: long, filename: 'long.wav', type: 'audio/wav' }], ['bogus', 'x']];
    const refused = await sendUpload(t.app, cookie, '/api/upload', entries);
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({ status: 413, body: { message: storageQuotaMessage(quota, quota) } });
    expect(await snapshot()).toEqual(before);
  });

  it("lets one listener's uploads at once fit only together what is left", async () => {
    const { cookie } = await signUp(t.app);
    expect((await sendUpload(t.app, cookie, '/api/upload', await song('First'))).statusCode).toBe(201);
    // Room for one more and a half: each fits alone, both do not.
    const [a, b] = await Promise.all([sendUpload(t.app, cookie, '/api/upload', await song('A')), sendUpload(t.app, cookie, '/api/upload', await song('B'))]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 413]);
    expect([a, b].find((response) => response.statusCode === 413)!.json()).toEqual({ message: storageQuotaMessage(quota, quota - 2 * cost) });
  });

  it("counts each listener's uploads apart", async () => {
    const first = await signUp(t.app);
    const second = await signUp(t.app);
    for (const title of ['One', 'Two']) expect((await sendUpload(t.app, first.cookie, '/api/upload', await song(title))).statusCode).toBe(201);
    for (const title of ['One', 'Two']) expect((await sendUpload(t.app, second.cookie, '/api/upload', await song(title))).statusCode).toBe(201);
  });
});
