import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityTagOf } from '../../src/features/media/serve-object.js';
import { coverVariantKey, type StoredObject } from '../../src/media/storage.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { startS3Server, type TestS3Server } from '../helpers/s3-server.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// The media route streams images from whichever store the settings chose, ranges included.
describe.each([
  { name: 'local folder', s3: false },
  { name: 'S3 (s3rver)', s3: true },
])('GET /api/media/{key} from the $name', ({ s3 }) => {
  let server: TestS3Server | undefined;
  let t: TestApp;
  let listener: SignedInUser;
  let stored: StoredObject;
  let audio: StoredObject;
  const bytes = randomBytes(100_000);

  beforeAll(async () => {
    server = s3 ? await startS3Server() : undefined;
    // Explicit either way, so KORA_TEST_STORAGE cannot change which store a case tests.
    t = await createTestApp({ s3: server?.settings });
    expect(t.storage.kind).toBe(s3 ? 's3' : 'local');
    stored = await t.storage.put(bytes, { extension: 'webp', contentType: 'image/webp' });
    audio = await t.storage.put(randomBytes(5000), { extension: 'mp3', contentType: 'audio/mpeg' });
    listener = await signUp(t.app);
  });
  afterAll(async () => {
    await t.close();
    await server?.close();
  });

  function get(key: string, headers: Record<string, string> = {}) {
    return t.app.inject({ method: 'GET', url: `/api/media/${key}`, headers: { cookie: listener.cookie, ...headers } });
  }

  it('serves the whole object with its validators, and 304 when it is cached', async () => {
    const response = await get(stored.key);
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({
      'content-type': 'image/webp',
      'content-length': String(bytes.length),
      'accept-ranges': 'bytes',
      etag: expect.stringMatching(/^"[\w-]+"$/),
    });
    expect(response.rawPayload.equals(bytes)).toBe(true);
    expect(new Date(response.headers['last-modified'] as string).getTime()).not.toBeNaN();
    expect((await get(stored.key, { 'if-none-match': response.headers.etag as string })).statusCode).toBe(304);
    expect((await get(stored.key, { 'if-none-match': `"${stored.sha256}"` })).statusCode).toBe(200);
  });

  it('names the object in its ETag without giving away its key or content hash', async () => {
    const etag = (await get(stored.key)).headers.etag as string;
    expect(etag).not.toContain(stored.sha256.slice(0, 16));
    expect(etag).not.toContain(stored.key.slice(0, 2) + stored.sha256.slice(2, 12));
    // The same in another process: a cached image stays valid across restarts.
    expect(etag).toBe(entityTagOf(stored.key));
  });

  it('serves no audio, whoever asks: songs stream through their routes, which check plan and status', async () => {
    for (const headers of [{}, { range: 'bytes=0-99' }] as Record<string, string>[]) {
      const response = await get(audio.key, headers);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'That file does not exist.' });
    }
  });

  it.each([
    ['bytes=0-1', 0, 1],
    ['bytes=100-1099', 100, 1099],
    ['bytes=-500', 99_500, 99_999],
    ['bytes=99000-', 99_000, 99_999],
  ])('answers %s with 206 and exactly those bytes', async (range, start, end) => {
    const response = await get(stored.key, { range });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes ${start}-${end}/${bytes.length}`);
    expect(response.rawPayload.equals(bytes.subarray(start, end + 1))).toBe(true);
  });

  it('answers a variant not made yet with its image, revalidated each time, and then with the variant', async () => {
    const imageBytes = randomBytes(3000);
    const image = await t.storage.put(imageBytes, { extension: 'webp', contentType: 'image/webp' });
    const variantKey = coverVariantKey(image.key, 160);

    const fallback = await get(variantKey);
    expect(fallback.statusCode).toBe(200);
    expect(fallback.headers).toMatchObject({ 'content-type': 'image/webp', 'cache-control': 'private, no-cache', etag: entityTagOf(image.key) });
    expect(fallback.rawPayload.equals(imageBytes)).toBe(true);

    const variantBytes = randomBytes(500);
    await t.storage.putVariant(variantKey, variantBytes, 'image/webp');
    const made = await get(variantKey, { 'if-none-match': fallback.headers.etag as string });
    expect(made.statusCode).toBe(200);
    expect(made.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'private, max-age=31536000, immutable',
      etag: entityTagOf(variantKey),
    });
    expect(made.headers.etag).not.toBe(fallback.headers.etag);
    expect(made.rawPayload.equals(variantBytes)).toBe(true);

    const orphan = coverVariantKey(`00/${'0'.repeat(64)}.webp`, 320);
    expect((await get(orphan)).statusCode).toBe(404);
  });

  it('answers 416 beyond the end and 404 for a key it does not hold', async () => {
    const beyond = await get(stored.key, { range: 'bytes=100000-' });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${bytes.length}`);
    const missing = await get(`00/${'0'.repeat(64)}.webp`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'That file does not exist.' });
  });
});
