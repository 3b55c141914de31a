import { createHash } from 'node:crypto';
import { parseBuffer } from 'music-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildArtist, buildRendition, buildSong, setPlan, storeTestBytes, storeTestMp3 } from '../helpers/catalogue-factories.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let free: SignedInUser;
let premium: SignedInUser;
let artistId: number;
let mp3: { songId: number; key: string; bytes: Buffer };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  artistId = (await buildArtist(db)).id;
  const stored = await storeTestMp3(t.storage, { seconds: 2 });
  const song = await buildSong(db, { artistId, duration: 2, fileKey: stored.key, fileMime: 'audio/mpeg', fileSize: stored.size });
  mp3 = { songId: song.id, key: stored.key, bytes: await readAll(stored.key) };
  free = await signUp(t.app);
  premium = await signUp(t.app);
  await setPlan(db, premium.user.id, { plan: 'premium', status: 'active', nextBillingDate: new Date(Date.now() + 864e5 * 30) });
}, 60_000);
afterAll(() => t.close());

async function readAll(key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await t.storage.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The content hash a media key is made of: `ab/<sha256>.mp3`. */
function contentHashOf(key: string): string {
  return key.slice(key.indexOf('/') + 1, key.indexOf('.'));
}

function stream(songId: number | string, headers: Record<string, string> = {}, query = '', cookie = free.cookie) {
  return t.app.inject({ method: 'GET', url: `/api/songs/${songId}/stream${query}`, headers: { ...(cookie ? { cookie } : {}), ...headers } });
}

describe('GET /api/songs/{id}/stream: ranges', () => {
  it('serves the whole MP3, decodable, with validators and a revalidating cache policy', async () => {
    const response = await stream(mp3.songId);
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({
      'content-type': 'audio/mpeg',
      'accept-ranges': 'bytes',
      'content-length': String(mp3.bytes.length),
      'cache-control': 'private, no-cache',
    });
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(response.headers.etag).not.toContain(contentHashOf(mp3.key).slice(0, 16));
    expect(new Date(response.headers['last-modified'] as string).getTime()).not.toBeNaN();
    expect(response.rawPayload.equals(mp3.bytes)).toBe(true);
    const metadata = await parseBuffer(response.rawPayload, { mimeType: 'audio/mpeg' });
    expect(metadata.format.duration).toBeGreaterThan(1.5);

    const revalidated = await stream(mp3.songId, { 'if-none-match': response.headers.etag as string });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload).toHaveLength(0);
  });

  it.each([
    ['bytes=0-0', (size: number) => [0, 0, size]],
    ['bytes=-500', (size: number) => [size - 500, size - 1, size]],
    ['bytes=1000-', (size: number) => [1000, size - 1, size]],
    ['bytes=100-1099', (size: number) => [100, 1099, size]],
    ['bytes=100-99999999', (size: number) => [100, size - 1, size]],
  ])('answers %s with 206 and exactly those bytes', async (range, expected) => {
    const [start, end, size] = expected(mp3.bytes.length) as [number, number, number];
    const response = await stream(mp3.songId, { range });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes ${start}-${end}/${size}`);
    expect(response.headers['content-length']).toBe(String(end - start + 1));
    expect(response.rawPayload.equals(mp3.bytes.subarray(start, end + 1))).toBe(true);
  });

  it('honours If-Range: a range of the same file is served, a range of an earlier one gets the whole file', async () => {
    const whole = await stream(mp3.songId);
    const etag = whole.headers.etag as string;
    const lastModified = whole.headers['last-modified'] as string;

    for (const validator of [etag, lastModified]) {
      const same = await stream(mp3.songId, { range: 'bytes=100-199', 'if-range': validator });
      expect(same.statusCode).toBe(206);
      expect(same.rawPayload.equals(mp3.bytes.subarray(100, 200))).toBe(true);
    }
    for (const stale of ['"an-older-file"', `W/${etag}`, 'Tue, 01 Jan 2019 00:00:00 GMT', 'not a date']) {
      const changed = await stream(mp3.songId, { range: 'bytes=100-199', 'if-range': stale });
      expect(changed.statusCode).toBe(200);
      expect(changed.rawPayload.equals(mp3.bytes)).toBe(true);
    }
  });

  it('answers a range beyond the end with 416 and the size', async () => {
    const size = mp3.bytes.length;
    for (const range of [`bytes=${size}-`, `bytes=${size + 10}-${size + 20}`, 'bytes=-0']) {
      const response = await stream(mp3.songId, { range });
      expect(response.statusCode, range).toBe(416);
      expect(response.headers['content-range']).toBe(`bytes */${size}`);
      expect(response.json()).toEqual({ message: 'Requested range not satisfiable.' });
    }
  });

  it('answers several ranges, or one it cannot read, with the whole file', async () => {
    for (const range of ['bytes=0-10,20-30', 'bytes=abc', 'items=0-10']) {
      const response = await stream(mp3.songId, { range });
      expect(response.statusCode, range).toBe(200);
      expect(response.rawPayload.equals(mp3.bytes)).toBe(true);
    }
  });
});

describe('GET /api/songs/{id}/stream: who and what', () => {
  it('needs a session', async () => {
    const response = await stream(mp3.songId, {}, '', '');
    expect(response.statusCode).toBe(401);
  });

  it('answers 404 for unknown songs, songs that are not live and songs without a file', async () => {
    const processing = await buildSong(t.database.db, { artistId, status: 'processing', fileKey: (await storeTestBytes(t.storage, 100)).key });
    const fileless = await buildSong(t.database.db, { artistId });
    for (const id of [999_999, processing.id, fileless.id]) {
      const response = await stream(id);
      expect(response.statusCode, String(id)).toBe(404);
      expect(response.json()).toEqual({ message: 'Song not found' });
    }
  });

  it('serves a song in review or rejected to nobody, as a stream or a download, its uploader included', async () => {
    const uploader = await signUp(t.app);
    await setPlan(t.database.db, uploader.user.id, { plan: 'premium', status: 'active', nextBillingDate: new Date(Date.now() + 864e5 * 30) });
    for (const status of ['processing', 'rejected'] as const) {
      const fileKey = (await storeTestBytes(t.storage, 200)).key;
      const song = await buildSong(t.database.db, { artistId, status, fileKey, uploadedBy: uploader.user.id });
      await buildRendition(t.database.db, t.storage, song.id, 128);
      for (const listener of [free, premium, uploader]) {
        for (const url of [`/api/songs/${song.id}/stream`, `/api/songs/${song.id}/download`]) {
          const response = await t.app.inject({ method: 'GET', url, headers: { cookie: listener.cookie } });
          expect(response.statusCode, `${status} ${url}`).toBe(404);
        }
      }
    }
  });

  it('answers 400 for ids that are not numbers, external ids and unknown qualities', async () => {
    expect((await stream('abc')).json()).toEqual({ message: 'Song id must be a number' });
    const external = await stream('deezer-3135556');
    expect(external.statusCode).toBe(400);
    expect(external.json()).toEqual({ message: 'External songs play through the audio proxy.' });
    const quality = await stream(mp3.songId, {}, '?quality=ultra');
    expect(quality.statusCode).toBe(400);
    expect(quality.json()).toEqual({ message: 'quality must be one of extreme-saver, data-saver, low, medium, high, auto' });
    for (const codecs of ['aac', 'opus,flac', 'opus,', 'OPUS']) {
      const refused = await stream(mp3.songId, {}, `?quality=data-saver&codecs=${codecs}`);
      expect(refused.statusCode, codecs).toBe(400);
      expect(refused.json()).toEqual({ message: 'codecs must be a comma-separated list of opus' });
    }
  });
});

describe('GET /api/songs/{id}/stream: renditions', () => {
  let songId: number;
  let original: Buffer;
  /** Each rendition's bytes, by "mp3 64", "opus 48". */
  const renditions = new Map<string, Buffer>();
  const mime = new Map<string, string>();

  beforeAll(async () => {
    const stored = await storeTestBytes(t.storage, 4096);
    original = stored.bytes;
    songId = (await buildSong(t.database.db, { artistId, fileKey: stored.key })).id;
    for (const [bitrate, codec] of [[64, 'mp3'], [128, 'mp3'], [320, 'mp3'], [24, 'opus'], [48, 'opus']] as const) {
      const rendition = await buildRendition(t.database.db, t.storage, songId, bitrate, codec);
      renditions.set(`${codec} ${bitrate}`, await readAll(rendition.fileKey));
      mime.set(`${codec} ${bitrate}`, rendition.mime);
    }
  });

  /** The rendition served, as "mp3 128", or 'original'; its Content-Type must be the rendition's. */
  async function served(listener: SignedInUser, query = ''): Promise<string> {
    const response = await stream(songId, {}, query, listener.cookie);
    expect(response.statusCode).toBe(200);
    // The header names what the bytes are: the player shows it.
    const named = response.headers['x-kora-rendition'];
    if (response.rawPayload.equals(original)) {
      expect(named).toBe('original');
      return 'original';
    }
    const match = [...renditions].find(([, bytes]) => bytes.equals(response.rawPayload));
    if (!match) throw new Error('served bytes match no stored file');
    expect(response.headers['content-type']).toBe(mime.get(match[0]));
    expect(named).toBe(match[0]);
    return match[0];
  }

  /** The MP3 bitrate served (the tests from before Opus renditions). */
  async function servedBitrate(listener: SignedInUser, query = ''): Promise<number | 'original'> {
    const name = await served(listener, query);
    if (name === 'original') return name;
    expect(name).toMatch(/^mp3 /);
    return Number(name.slice('mp3 '.length));
  }

  it('gives the savers Opus where the player plays it, and the lowest MP3 where it does not, on either plan', async () => {
    for (const listener of [free, premium]) {
      expect(await served(listener, '?quality=data-saver&codecs=opus')).toBe('opus 48');
      expect(await served(listener, '?quality=extreme-saver&codecs=opus')).toBe('opus 24');
      expect(await served(listener, '?quality=extreme-saver')).toBe('mp3 64');
      expect(await served(listener, '?quality=data-saver&codecs=')).toBe('mp3 64');
      // Opus is for the savers: a player that plays it still gets MP3 at the other qualities.
      expect(await served(listener, '?quality=medium&codecs=opus')).toBe('mp3 128');
    }
  });

  it('names the rendition in answer to HEAD, with no audio bytes', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: `/api/songs/${songId}/stream?quality=data-saver&codecs=opus`, headers: { cookie: free.cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-kora-rendition']).toBe('opus 48');
    expect(response.rawPayload.length).toBe(0);
  });

  it('gives a free listener 128 kbps and a premium one 320 kbps', async () => {
    expect(await servedBitrate(free)).toBe(128);
    expect(await servedBitrate(free, '?quality=high')).toBe(128);
    expect(await servedBitrate(premium)).toBe(320);
    expect(await servedBitrate(premium, '?quality=auto')).toBe(320);
  });

  it('follows the requested quality within the plan', async () => {
    expect(await servedBitrate(premium, '?quality=data-saver')).toBe(64);
    expect(await servedBitrate(free, '?quality=data-saver')).toBe(64);
    expect(await servedBitrate(premium, '?quality=low')).toBe(64);
    expect(await servedBitrate(premium, '?quality=medium')).toBe(128);
  });

  it('keeps premium quality after canceling until the billing date, and not after', async () => {
    const listener = await signUp(t.app);
    await setPlan(t.database.db, listener.user.id, { plan: 'premium', status: 'canceled', nextBillingDate: new Date(Date.now() + 864e5) });
    expect(await servedBitrate(listener)).toBe(320);
    await setPlan(t.database.db, listener.user.id, { nextBillingDate: new Date(Date.now() - 864e5) });
    expect(await servedBitrate(listener)).toBe(128);
  });

  it('serves the original file when the song has no renditions', async () => {
    expect((await stream(mp3.songId, {}, '?quality=data-saver', premium.cookie)).rawPayload.equals(mp3.bytes)).toBe(true);
    // 64 kbps: within the free plan's 128.
    expect((await stream(mp3.songId, {}, '', free.cookie)).rawPayload.equals(mp3.bytes)).toBe(true);
  });

  it('keeps an original above 128 kbps from a free listener until its renditions are made', async () => {
    // 2 seconds of 100,000 bytes: 400 kbps.
    const stored = await storeTestBytes(t.storage, 100_000);
    const song = await buildSong(t.database.db, { artistId, duration: 2, fileKey: stored.key });
    const refused = await stream(song.id, {}, '?quality=data-saver', free.cookie);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.json()).toEqual({ message: 'This song is still being prepared. Try again in a minute.' });
    expect((await stream(song.id, {}, '', premium.cookie)).rawPayload.equals(stored.bytes)).toBe(true);

    const standard = await buildRendition(t.database.db, t.storage, song.id, 128);
    const served = await stream(song.id, {}, '', free.cookie);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(await readAll(standard.fileKey))).toBe(true);
  });

  it('keeps an original of unknown length from a free listener, whose bitrate cannot be told', async () => {
    const song = await buildSong(t.database.db, { artistId, duration: null, fileKey: (await storeTestBytes(t.storage, 1000)).key });
    expect((await stream(song.id, {}, '', free.cookie)).statusCode).toBe(503);
  });

  it('serves ranges of the chosen rendition', async () => {
    const response = await stream(songId, { range: 'bytes=0-99' }, '', premium.cookie);
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes 0-99/${renditions.get('mp3 320')!.length}`);
    expect(response.rawPayload.equals(renditions.get('mp3 320')!.subarray(0, 100))).toBe(true);
  });
});

describe('audio leaves only through the song routes', () => {
  let songId: number;
  const keys: string[] = [];

  beforeAll(async () => {
    const stored = await storeTestBytes(t.storage, 3000);
    songId = (await buildSong(t.database.db, { artistId, fileKey: stored.key })).id;
    keys.push(stored.key);
    for (const bitrate of [64, 128, 320]) keys.push((await buildRendition(t.database.db, t.storage, songId, bitrate)).fileKey);
    for (const bitrate of [24, 48]) keys.push((await buildRendition(t.database.db, t.storage, songId, bitrate, 'opus')).fileKey);
  });

  it('answers 404 to /api/media for the original and every rendition, whatever the plan', async () => {
    for (const key of keys) {
      for (const listener of [free, premium]) {
        const response = await t.app.inject({ method: 'GET', url: `/api/media/${key}`, headers: { cookie: listener.cookie } });
        expect(response.statusCode, key).toBe(404);
        expect(response.json()).toEqual({ message: 'That file does not exist.' });
      }
    }
  });

  it('gives stream and download answers ETags that name no key, and revalidates with them', async () => {
    const answers = [
      await stream(songId, {}, '', free.cookie),
      await stream(songId, {}, '', premium.cookie),
      await stream(songId, {}, '?quality=data-saver', premium.cookie),
      await t.app.inject({ method: 'GET', url: `/api/songs/${songId}/download`, headers: { cookie: premium.cookie } }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      const etag = answer.headers.etag as string;
      for (const key of keys) {
        expect(etag).not.toContain(contentHashOf(key).slice(0, 16));
        expect(etag).not.toContain(createHash('sha256').update(key).digest('hex').slice(0, 16));
      }
    }
    // Three different files (128, 320 and 64 kbps), three tags; the download is the 320 one.
    expect(new Set(answers.map((answer) => answer.headers.etag)).size).toBe(3);
    expect(answers[3]!.headers.etag).toBe(answers[1]!.headers.etag);

    const revalidated = await stream(songId, { 'if-none-match': answers[0]!.headers.etag as string }, '', free.cookie);
    expect(revalidated.statusCode).toBe(304);
    // The free listener's tag names the 128 kbps file: it does not revalidate the premium one.
    expect((await stream(songId, { 'if-none-match': answers[0]!.headers.etag as string }, '', premium.cookie)).statusCode).toBe(200);
  });
});
