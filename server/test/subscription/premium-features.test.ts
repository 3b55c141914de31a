import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildArtist, buildRendition, buildSong, setPlan, storeTestBytes } from '../helpers/catalogue-factories.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { DAY_MS } from './subscription-helpers.js';

let t: TestApp;
let artistId: number;
let songId: number;
let original: Buffer;
const renditions = new Map<number, Buffer>();

beforeAll(async () => {
  t = await createTestApp();
  artistId = (await buildArtist(t.database.db)).id;
  const stored = await storeTestBytes(t.storage, 4096);
  original = stored.bytes;
  songId = (await buildSong(t.database.db, { artistId, title: 'Ọ̀ṣun "Live" / Lagos', fileKey: stored.key })).id;
  for (const bitrate of [64, 128, 320]) {
    const rendition = await buildRendition(t.database.db, t.storage, songId, bitrate);
    renditions.set(bitrate, await readAll(rendition.fileKey));
  }
}, 60_000);
afterAll(() => t.close());

async function readAll(key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await t.storage.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function listener(values: Parameters<typeof setPlan>[2] | null): Promise<SignedInUser> {
  const user = await signUp(t.app);
  if (values) await setPlan(t.database.db, user.user.id, values);
  return user;
}

const inTenDays = () => new Date(Date.now() + 10 * DAY_MS);
const yesterday = () => new Date(Date.now() - DAY_MS);
const get = (url: string, user?: SignedInUser) => t.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} });

function bitrateOf(payload: Buffer): number | 'original' {
  for (const [bitrate, bytes] of renditions) if (payload.equals(bytes)) return bitrate;
  if (payload.equals(original)) return 'original';
  throw new Error('served bytes match no file of the song');
}

describe('the plan decides the streamed quality', () => {
  const streamed = async (user: SignedInUser) => bitrateOf((await get(`/api/songs/${songId}/stream`, user)).rawPayload);

  it.each([
    ['free', 128, null],
    ['premium', 320, { plan: 'premium', status: 'active', nextBillingDate: inTenDays() }],
    ['canceled premium before its billing date', 320, { plan: 'premium', status: 'canceled', nextBillingDate: inTenDays() }],
    ['canceled premium after its billing date', 128, { plan: 'premium', status: 'canceled', nextBillingDate: yesterday() }],
    ['unpaid premium after its billing date', 128, { plan: 'premium', status: 'active', nextBillingDate: yesterday(), paymentMethodType: 'pending' }],
    ['premium paying by bank transfer after its billing date (it renews)', 320, { plan: 'premium', status: 'active', nextBillingDate: yesterday(), paymentMethodType: 'bank_transfer' }],
    ['past-due premium', 128, { plan: 'premium', status: 'past_due', nextBillingDate: inTenDays() }],
  ] as const)('%s streams %i kbps', async (_label, expected, plan) => {
    expect(await streamed(await listener(plan))).toBe(expected);
  });

  it('drops to 128 kbps as soon as premium lapses, before the row is rewritten', async () => {
    const user = await listener({ plan: 'premium', status: 'canceled', nextBillingDate: inTenDays() });
    expect(await streamed(user)).toBe(320);
    await setPlan(t.database.db, user.user.id, { nextBillingDate: yesterday() });
    expect(await streamed(user)).toBe(128);
  });
});

describe('GET /api/songs/{id}/download', () => {
  it('needs a session', async () => {
    expect((await get(`/api/songs/${songId}/download`)).statusCode).toBe(401);
  });

  it('is refused to the free plan and to a lapsed premium', async () => {
    for (const plan of [null, { plan: 'premium', status: 'canceled', nextBillingDate: yesterday() }] as const) {
      const response = await get(`/api/songs/${songId}/download`, await listener(plan));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'Downloads are a Premium feature.' });
    }
  });

  it('gives premium the 320 kbps rendition as an attachment named after the song', async () => {
    for (const status of ['active', 'canceled'] as const) {
      const response = await get(`/api/songs/${songId}/download`, await listener({ plan: 'premium', status, nextBillingDate: inTenDays() }));
      expect(response.statusCode).toBe(200);
      expect(bitrateOf(response.rawPayload)).toBe(320);
      expect(response.headers['content-type']).toBe('audio/mpeg');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="Osun Live Lagos.mp3"; filename*=UTF-8''${encodeURIComponent('Ọ̀ṣun Live Lagos.mp3')}`,
      );
    }
  });

  it('gives the original while a song has no rendition yet, and the best one below 320 otherwise', async () => {
    const premium = await listener({ plan: 'premium', status: 'active', nextBillingDate: inTenDays() });
    const bare = await storeTestBytes(t.storage, 3000);
    const fresh = await buildSong(t.database.db, { artistId, title: 'Àdúrà', fileKey: bare.key });
    const response = await get(`/api/songs/${fresh.id}/download`, premium);
    expect(response.rawPayload.equals(bare.bytes)).toBe(true);
    expect(response.headers['content-disposition']).toContain('filename="Adura.mp3"');

    const modest = await buildSong(t.database.db, { artistId, fileKey: (await storeTestBytes(t.storage, 3100)).key });
    const standard = await buildRendition(t.database.db, t.storage, modest.id, 128);
    const best = await get(`/api/songs/${modest.id}/download`, premium);
    expect(best.rawPayload.equals(await readAll(standard.fileKey))).toBe(true);
  });

  it('answers 404 for unknown songs and songs without a file, and 400 for external and malformed ids', async () => {
    const premium = await listener({ plan: 'premium', status: 'active', nextBillingDate: inTenDays() });
    const fileless = await buildSong(t.database.db, { artistId });
    for (const id of [999_999, fileless.id]) {
      const response = await get(`/api/songs/${id}/download`, premium);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Song not found' });
    }
    expect((await get('/api/songs/deezer-3135556/download', premium)).json()).toEqual({ message: 'External songs cannot be downloaded.' });
    expect((await get('/api/songs/abc/download', premium)).statusCode).toBe(400);
  });
});
