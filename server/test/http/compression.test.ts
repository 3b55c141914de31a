import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildArtist, buildSong, storeTestMp3 } from '../helpers/catalogue-factories.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let listener: SignedInUser;
let songId: number;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const artistId = (await buildArtist(db)).id;
  const stored = await storeTestMp3(t.storage, { seconds: 2 });
  for (let i = 0; i < 20; i++) {
    const song = await buildSong(db, { artistId, title: `Song number ${i}`, duration: 2, fileKey: stored.key, fileMime: 'audio/mpeg', fileSize: stored.size });
    songId = song.id;
  }
  listener = await signUp(t.app);
}, 60_000);
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: listener.cookie, ...headers } });

describe('compressed answers', () => {
  it('sends a JSON list brotli-compressed to a client that takes it, and the same JSON decompressed', async () => {
    const plain = await get('/api/songs');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const compressed = await get('/api/songs', { 'accept-encoding': 'br, gzip' });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(String(compressed.headers.vary)).toMatch(/accept-encoding/i);
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(zlib.brotliDecompressSync(compressed.rawPayload).toString())).toEqual(plain.json());
  });

  it('falls back to gzip', async () => {
    const compressed = await get('/api/songs', { 'accept-encoding': 'gzip' });
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(compressed.rawPayload).toString())).toBeInstanceOf(Array);
  });

  it('leaves audio and byte ranges as they are', async () => {
    const whole = await get(`/api/songs/${songId}/stream`, { 'accept-encoding': 'br, gzip' });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-encoding']).toBeUndefined();
    const range = await get(`/api/songs/${songId}/stream`, { 'accept-encoding': 'br, gzip', range: 'bytes=0-99' });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-encoding']).toBeUndefined();
    expect(range.rawPayload.length).toBe(100);
  });
});
