import type { DataUsage } from '@kora/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildArtist, buildSong, storeTestBytes } from '../helpers/catalogue-factories.js';
import { signUp } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// MEDIA_OFFLOAD=nginx: Kora decides and counts, nginx sends the bytes (process/media-offload.test.ts runs nginx).
let t: TestApp;
let cookies: string;
let song: { id: number; key: string; bytes: Buffer };

beforeAll(async () => {
  t = await createTestApp({ mediaOffload: 'nginx' });
  cookies = (await signUp(t.app)).cookies;
  const artistId = (await buildArtist(t.database.db)).id;
  const stored = await storeTestBytes(t.storage, 48_000);
  const row = await buildSong(t.database.db, { artistId, duration: 3, fileKey: stored.key, fileMime: 'audio/mpeg', fileSize: stored.size });
  song = { id: row.id, key: stored.key, bytes: stored.bytes };
});
afterAll(() => t.close());

const stream = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/songs/${song.id}/stream`, headers: { cookie: cookies, ...headers } });

async function usedToday(): Promise<number> {
  return (await t.app.inject({ method: 'GET', url: '/api/data-usage', headers: { cookie: cookies } })).json<DataUsage>().account.today;
}

describe('a stream with media offloaded to nginx', () => {
  it('answers with X-Accel-Redirect to the internal location and no body, keeping its own headers', async () => {
    const response = await stream({ range: 'bytes=0-999' });
    expect(response.statusCode).toBe(200);
    // The local folder by its key; S3 (KORA_TEST_STORAGE=s3) by a presigned URL of the same key.
    const target = response.headers['x-accel-redirect'] as string;
    if (t.storage.kind === 'local') expect(target).toBe(`/_kora/media/${song.key}`);
    else expect(target).toMatch(new RegExp(`^/_kora/s3/http/127\\.0\\.0\\.1:\\d+/kora-media/${song.key.replace('.', '\\.')}\\?X-Amz-`));
    expect(response.rawPayload.byteLength).toBe(0);
    expect(response.headers['content-type']).toBe('audio/mpeg');
    expect(response.headers['cache-control']).toMatch(/^private/);
    expect(response.headers['accept-ranges']).toBe('bytes');
  });

  it('counts what nginx will send toward the listener’s data: the range, or the whole file', async () => {
    const before = await usedToday();
    await stream({ range: 'bytes=1000-5999' });
    await stream();
    expect((await usedToday()) - before).toBe(5_000 + song.bytes.length);
  });

  it('still decides itself what nginx never sees: a 304, a 416 and a missing session', async () => {
    const first = await stream();
    expect((await stream({ 'if-none-match': first.headers.etag as string })).statusCode).toBe(304);
    const unsatisfiable = await stream({ range: `bytes=${song.bytes.length + 10}-` });
    expect(unsatisfiable.statusCode).toBe(416);
    expect(unsatisfiable.headers['x-accel-redirect']).toBeUndefined();
    const signedOut = await t.app.inject({ method: 'GET', url: `/api/songs/${song.id}/stream` });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.headers['x-accel-redirect']).toBeUndefined();
  });
});
