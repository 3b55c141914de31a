import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestAudio } from '../helpers/audio-fixtures.js';
import { signUp } from '../helpers/factories.js';
import { sendFormThenReuse } from '../helpers/keep-alive.js';
import type { FormEntry } from '../helpers/multipart.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { countUploadRows, libraryEntries, listMediaFiles, releaseEntries } from './upload-helpers.js';

// Small limits, so small files exceed them: 64 KB of audio, 20 KB of cover.
let t: TestApp;
let cookie: string;
let origin: string;

beforeAll(async () => {
  t = await createTestApp({ uploadLimits: { maxAudioBytes: 64 * 1024, maxCoverBytes: 20 * 1024 } });
  ({ cookie } = await signUp(t.app));
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

/** Posts over a keep-alive connection, then checks the same connection serves the next request. */
async function postThenReuse(path: string, entries: [string, FormEntry][]) {
  const { answer, next } = await sendFormThenReuse(origin, { method: 'POST', path, cookie, entries, nextPath: '/api/releases' });
  expect(next.status).toBe(200);
  expect(next.socket).toBe(answer.socket);
  return { status: answer.status, body: JSON.parse(answer.body) as unknown };
}

describe('upload size limits (UPLOAD_MAX_AUDIO_MB, UPLOAD_MAX_COVER_MB)', () => {
  it('accepts audio under the limit', async () => {
    const audio = await buildTestAudio('mp3', { seconds: 2 });
    expect(audio.length).toBeLessThan(64 * 1024);
    const answer = await postThenReuse('/api/upload', libraryEntries({ audio, title: 'Small', artist: 'A' }));
    expect(answer.status).toBe(201);
  });

  it('refuses audio over the limit with 413, reads and drops the rest, and keeps nothing', async () => {
    const before = await countUploadRows(t.database.db);
    const files = await listMediaFiles(t);
    const audio = await buildTestAudio('wav', { seconds: 3 });
    expect(audio.length).toBeGreaterThan(64 * 1024);
    const answer = await postThenReuse('/api/upload', libraryEntries({ audio, filename: 'big.wav', title: 'Big', artist: 'A' }));
    expect(answer).toEqual({ status: 413, body: { message: 'Audio files must be at most 64 KB.' } });
    expect(await countUploadRows(t.database.db)).toEqual(before);
    expect(await listMediaFiles(t)).toEqual(files);
  });

  it("names the release's track that is too large, and removes the tracks stored before it", async () => {
    const before = await countUploadRows(t.database.db);
    const files = await listMediaFiles(t);
    const small = await buildTestAudio('mp3', { seconds: 1, seed: 501 });
    const big = await buildTestAudio('wav', { seconds: 3, seed: 502 });
    const answer = await postThenReuse(
      '/api/upload-music',
      releaseEntries({ albumTitle: 'Too big', tracks: [{ audio: small, title: 'One' }, { audio: small, title: 'Two' }, { audio: big, title: 'Three' }] }),
    );
    expect(answer).toEqual({ status: 413, body: { message: 'Track 3: Audio files must be at most 64 KB.' } });
    expect(await countUploadRows(t.database.db)).toEqual(before);
    expect(await listMediaFiles(t)).toEqual(files);
  });

  it('refuses a cover over the limit with 413', async () => {
    const files = await listMediaFiles(t);
    // Noise does not compress: about 120 KB.
    const cover = await sharp(randomBytes(200 * 200 * 3), { raw: { width: 200, height: 200, channels: 3 } }).png().toBuffer();
    expect(cover.length).toBeGreaterThan(20 * 1024);
    const audio = await buildTestAudio('mp3', { seconds: 1, seed: 503 });
    const answer = await postThenReuse('/api/upload', libraryEntries({ audio, title: 'Cover', artist: 'A', cover }));
    expect(answer).toEqual({ status: 413, body: { message: 'Cover images must be at most 20 KB.' } });
    expect(await listMediaFiles(t)).toEqual(files);
  });
});
