import http from 'node:http';
import { type DataUsage, DATA_LIMIT_MB, usageDayOf } from '@kora/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataUsage } from '../../src/db/schema.js';
import { previousMonthStart } from '../../src/features/data-usage/usage-figures.js';
import { buildArtist, buildRendition, buildSong, setPlan, storeTestBytes } from '../helpers/catalogue-factories.js';
import { type DeezerStandin, startDeezerStandin } from '../helpers/deezer-standin.js';
import { sessionCookieOf, signUp, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const PREVIEW_TRACK = 916_424;
const HOUR_MS = 3_600_000;

let t: TestApp;
let standin: DeezerStandin;
let artistId: number;

beforeAll(async () => {
  standin = await startDeezerStandin();
  t = await createTestApp(
    {
      audioProxy: { allowedHosts: [standin.mediaHost], trustedAddresses: ['127.0.0.1'], caFile: standin.caFile, maxBytes: 20 * 1024 * 1024, timeoutMs: 60_000 },
    },
    // Counts stay in memory until an answer or the close writes them, so the tests can see when they are written.
    { dataMeterFlushMs: HOUR_MS },
  );
  artistId = (await buildArtist(t.database.db)).id;
}, 60_000);
afterAll(async () => {
  await t.close();
  await standin.close();
});

/** A signed-up listener and the id of their browser's device cookie. */
type Listener = SignedInUser & { device: string };

function deviceCookieOf(cookies: { name: string; value: string }[]): string {
  const device = cookies.find((c) => c.name === 'kora_device');
  if (!device) throw new Error('no device cookie set');
  return device.value;
}

async function newListener(): Promise<Listener> {
  const listener = await signUp(t.app);
  return { ...listener, device: /kora_device=([\w-]+)/.exec(listener.cookies)![1]! };
}

/** A live song whose only file is `size` random bytes (no rendition: the original is streamed, within Free's 128 kbps). */
async function songOf(size: number) {
  const stored = await storeTestBytes(t.storage, size);
  const duration = Math.ceil(size / 16_000);
  const song = await buildSong(t.database.db, { artistId, duration, fileKey: stored.key, fileMime: 'audio/mpeg', fileSize: stored.size });
  return { id: song.id, bytes: stored.bytes };
}

async function usageOf(cookies: string): Promise<DataUsage> {
  const response = await t.app.inject({ method: 'GET', url: '/api/data-usage', headers: { cookie: cookies } });
  expect(response.statusCode).toBe(200);
  return response.json();
}

function get(url: string, cookies: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') {
  return t.app.inject({ method, url, headers: { cookie: cookies, ...headers } });
}

async function storedRows(userId: number) {
  return t.database.db.select().from(dataUsage).where(eq(dataUsage.userId, userId));
}

describe('GET /api/data-usage', () => {
  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/data-usage' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/data-usage/limit', payload: { limitMb: 500 } })).statusCode).toBe(401);
  });

  it('starts at zero with no limit, for the account and the device, on today’s UTC day', async () => {
    const listener = await newListener();
    const usage = await usageOf(listener.cookies);
    const zero = { today: 0, thisMonth: 0, lastMonth: 0, byQuality: [], byKind: [] };
    expect(usage).toEqual({ day: usageDayOf(new Date()), month: usageDayOf(new Date()).slice(0, 7), account: zero, device: zero, limitMb: null });
  });
});

describe('the data meter counts the body bytes sent', () => {
  it('counts a whole stream of N bytes as N, under the rendition served', async () => {
    const listener = await newListener();
    const song = await songOf(300_000);
    const whole = await get(`/api/songs/${song.id}/stream`, listener.cookies);
    expect(whole.rawPayload.length).toBe(300_000);

    const original = await usageOf(listener.cookies);
    expect(original.account).toMatchObject({ today: 300_000, thisMonth: 300_000, lastMonth: 0 });
    expect(original.account.byQuality).toEqual([{ quality: 'original', bytes: 300_000 }]);
    expect(original.account.byKind).toEqual([{ kind: 'stream', bytes: 300_000 }]);

    const rendition = await buildRendition(t.database.db, t.storage, song.id, 48, 'opus');
    const opus = await get(`/api/songs/${song.id}/stream?quality=data-saver&codecs=opus`, listener.cookies);
    expect(opus.rawPayload.length).toBe(rendition.size);
    const after = await usageOf(listener.cookies);
    expect(after.account.byQuality).toEqual([
      { quality: 'original', bytes: 300_000 },
      { quality: 'opus-48', bytes: rendition.size },
    ]);
    expect(after.account.today).toBe(300_000 + rendition.size);
  });

  it('counts a range as its length, and a 304, a HEAD, a 416 or a refusal as nothing', async () => {
    const listener = await newListener();
    const song = await songOf(100_000);
    const url = `/api/songs/${song.id}/stream`;
    const range = await get(url, listener.cookies, { range: 'bytes=1000-50999' });
    expect(range.statusCode).toBe(206);
    expect((await usageOf(listener.cookies)).account.today).toBe(50_000);

    const etag = String(range.headers.etag);
    expect((await get(url, listener.cookies, { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await get(url, listener.cookies, {}, 'HEAD')).statusCode).toBe(200);
    expect((await get(url, listener.cookies, { range: 'bytes=200000-' })).statusCode).toBe(416);
    expect((await get(`/api/songs/${song.id}/download`, listener.cookies)).statusCode).toBe(403);
    expect((await usageOf(listener.cookies)).account.today).toBe(50_000);
  });

  it('counts downloads, covers and previews by kind', async () => {
    const listener = await newListener();
    await setPlan(t.database.db, listener.user.id, { plan: 'premium', status: 'active', nextBillingDate: new Date(Date.now() + 864e5 * 30) });
    const song = await songOf(40_000);
    const mp3 = await buildRendition(t.database.db, t.storage, song.id, 320);
    expect((await get(`/api/songs/${song.id}/download?quality=high`, listener.cookies)).statusCode).toBe(200);

    const cover = await t.storage.put(Buffer.alloc(5_000, 7), { extension: 'webp', contentType: 'image/webp' });
    expect((await get(`/api/media/${cover.key}`, listener.cookies)).statusCode).toBe(200);

    const preview = standin.previewBytes(PREVIEW_TRACK);
    const proxied = await get(`/api/audio-proxy?${new URLSearchParams({ url: standin.previewUrl(PREVIEW_TRACK), trackId: `deezer-${PREVIEW_TRACK}` })}`, listener.cookies);
    expect(proxied.statusCode).toBe(200);

    const { account } = await usageOf(listener.cookies);
    expect(account.byKind).toEqual(
      [
        { kind: 'download', bytes: mp3.size },
        { kind: 'cover', bytes: 5_000 },
        { kind: 'preview', bytes: preview.length },
      ].sort((a, b) => b.bytes - a.bytes),
    );
    expect(account.byQuality).toEqual([{ quality: 'mp3-320', bytes: mp3.size }]);
    expect(account.thisMonth).toBe(mp3.size + 5_000 + preview.length);
  });

  it('counts a long answer as it goes, and what went out of one the listener left part way', async () => {
    const listener = await newListener();
    const size = 16 * 1024 * 1024;
    const song = await songOf(size);
    // Over a real connection (the app closes it with the rest).
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const todayOf = async () => (await usageOf(listener.cookies)).account.today;
    const request = http.get(`${base}/api/songs/${song.id}/stream`, { headers: { cookie: listener.cookies } });
    // A player that stops reading (paused): the answer stays open, part of it sent.
    const response = await new Promise<http.IncomingMessage>((resolve) => request.once('response', resolve));
    response.pause();
    await expect.poll(todayOf, { timeout: 5_000 }).toBeGreaterThan(0);
    request.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const counted = await todayOf();
    expect(counted).toBeGreaterThan(0);
    expect(counted).toBeLessThan(size);
  });
});

describe('this device', () => {
  it('splits the account’s figures by device, and a device keeps its id when the listener signs out and in', async () => {
    const listener = await newListener();
    const song = await songOf(10_000);
    await get(`/api/songs/${song.id}/stream`, listener.cookies);

    // The same account signed in on a second browser: it gets a device of its own.
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: listener.credentials });
    const otherDevice = deviceCookieOf(login.cookies);
    expect(otherDevice).not.toBe(listener.device);
    const other = `${sessionCookieOf(login.cookies)}; kora_device=${otherDevice}`;
    await get(`/api/songs/${song.id}/stream`, other, { range: 'bytes=0-999' });

    const first = await usageOf(listener.cookies);
    expect(first.account.today).toBe(11_000);
    expect(first.device.today).toBe(10_000);
    expect((await usageOf(other)).device.today).toBe(1_000);

    // Signing out and in again on the first browser keeps its device, and its figures.
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: listener.cookies } });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { cookie: `kora_device=${listener.device}` },
      payload: listener.credentials,
    });
    expect(deviceCookieOf(again.cookies)).toBe(listener.device);
    expect((await usageOf(`${sessionCookieOf(again.cookies)}; kora_device=${listener.device}`)).device.today).toBe(10_000);
  });

  it('counts an answer to a request without the device cookie for the account only, and gives the cookie with the figures', async () => {
    const listener = await newListener();
    const song = await songOf(2_000);
    for (let i = 0; i < 2; i += 1) {
      const response = await get(`/api/songs/${song.id}/stream`, listener.cookie);
      expect(response.cookies.find((c) => c.name === 'kora_device')).toBeUndefined();
    }
    const figures = await get('/api/data-usage', listener.cookie);
    const cookie = figures.cookies.find((c) => c.name === 'kora_device');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(figures.json<DataUsage>().account.today).toBe(4_000);
    expect(figures.json<DataUsage>().device.today).toBe(0);
    // A client that never keeps the cookie adds to one row, not a row per answer.
    expect(await storedRows(listener.user.id)).toEqual([expect.objectContaining({ deviceId: '', bytes: 4_000 })]);
    await get(`/api/songs/${song.id}/stream`, `${listener.cookie}; kora_device=${cookie!.value}`);
    expect((await usageOf(`${listener.cookie}; kora_device=${cookie!.value}`)).device.today).toBe(2_000);
  });

  it('shows a listener none of another’s figures', async () => {
    const [listener, stranger] = [await newListener(), await newListener()];
    const song = await songOf(3_000);
    await get(`/api/songs/${song.id}/stream`, listener.cookies);
    // The stranger on the listener's browser: the same device, another account.
    const shared = `${stranger.cookie}; kora_device=${listener.device}`;
    const usage = await usageOf(shared);
    expect(usage.account.today).toBe(0);
    expect(usage.device.today).toBe(0);
  });
});

describe('writing the counts', () => {
  it('keeps many chunks of many answers in memory, then writes one row per day, device, kind and quality', async () => {
    const listener = await newListener();
    const song = await songOf(1024 * 1024);
    for (let i = 0; i < 5; i += 1) {
      expect((await get(`/api/songs/${song.id}/stream`, listener.cookies)).statusCode).toBe(200);
    }
    expect(await storedRows(listener.user.id)).toEqual([]);
    expect((await usageOf(listener.cookies)).account.today).toBe(5 * 1024 * 1024);
    expect(await storedRows(listener.user.id)).toEqual([
      { userId: listener.user.id, deviceId: listener.device, day: usageDayOf(new Date()), kind: 'stream', quality: 'original', bytes: 5 * 1024 * 1024 },
    ]);
  });

  it('leaves the cached answers valid: the counts change nothing a cache shows', async () => {
    const listener = await newListener();
    const song = await songOf(8_000);
    await get(`/api/songs/${song.id}/stream`, listener.cookies);
    const version = t.database.writeVersion!();
    expect((await usageOf(listener.cookies)).account.today).toBe(8_000);
    expect(await storedRows(listener.user.id)).toHaveLength(1);
    expect(t.database.writeVersion!()).toBe(version);
  });

  it('adds to the rows already written', async () => {
    const listener = await newListener();
    const song = await songOf(7_000);
    await get(`/api/songs/${song.id}/stream`, listener.cookies);
    await usageOf(listener.cookies);
    await get(`/api/songs/${song.id}/stream`, listener.cookies);
    expect((await usageOf(listener.cookies)).account.today).toBe(14_000);
    expect(await storedRows(listener.user.id)).toHaveLength(1);
  });

  it('splits today, this month and last month by UTC day', async () => {
    const listener = await newListener();
    const today = usageDayOf(new Date());
    const lastMonth = previousMonthStart(today);
    const earlier = previousMonthStart(lastMonth);
    const row = { userId: listener.user.id, deviceId: 'another-device-id-0000', kind: 'stream' as const, quality: 'mp3-128' };
    await t.database.db.insert(dataUsage).values([
      { ...row, day: today, bytes: 100 },
      { ...row, day: lastMonth, bytes: 20 },
      { ...row, day: earlier, bytes: 3 },
    ]);
    const usage = await usageOf(listener.cookies);
    expect(usage.account).toMatchObject({ today: 100, thisMonth: 100, lastMonth: 20 });
    expect(usage.device).toMatchObject({ today: 0, thisMonth: 0, lastMonth: 0 });
  });

  it('writes what is still in memory when the app closes', async () => {
    const other = await createTestApp({}, { dataMeterFlushMs: HOUR_MS });
    try {
      const { cookie, user } = await signUp(other.app);
      const stored = await storeTestBytes(other.storage, 9_000);
      const song = await buildSong(other.database.db, { artistId: (await buildArtist(other.database.db)).id, fileKey: stored.key, fileSize: stored.size });
      await other.app.inject({ method: 'GET', url: `/api/songs/${song.id}/stream`, headers: { cookie } });
      await other.app.close();
      const [row] = await other.database.db
        .select({ bytes: sql<number>`sum(${dataUsage.bytes})`.mapWith(Number) })
        .from(dataUsage)
        .where(eq(dataUsage.userId, user.id));
      expect(row!.bytes).toBe(9_000);
    } finally {
      await other.close();
    }
  });
});

describe('PUT /api/data-usage/limit', () => {
  async function put(cookies: string, payload: unknown) {
    return t.app.inject({ method: 'PUT', url: '/api/data-usage/limit', headers: { cookie: cookies }, payload: payload as object });
  }

  it('sets the monthly limit and clears it with null, answering the figures', async () => {
    const listener = await newListener();
    const set = await put(listener.cookies, { limitMb: 500 });
    expect(set.statusCode).toBe(200);
    expect(set.json<DataUsage>().limitMb).toBe(500);
    expect((await usageOf(listener.cookies)).limitMb).toBe(500);
    for (const limitMb of [DATA_LIMIT_MB.min, DATA_LIMIT_MB.max]) expect((await put(listener.cookies, { limitMb })).json<DataUsage>().limitMb).toBe(limitMb);
    expect((await put(listener.cookies, { limitMb: null })).json<DataUsage>().limitMb).toBeNull();
  });

  it.each([
    ['below the range', { limitMb: 49 }],
    ['above the range', { limitMb: 1_000_001 }],
    ['not whole', { limitMb: 100.5 }],
    ['a string', { limitMb: '500' }],
    ['negative', { limitMb: -1 }],
    ['missing', {}],
  ])('refuses a limit %s with 400 and keeps the one set', async (_case, payload) => {
    const listener = await newListener();
    await put(listener.cookies, { limitMb: 2048 });
    const refused = await put(listener.cookies, payload);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: 'limitMb must be a whole number of megabytes from 50 to 1000000, or null for no limit' });
    expect((await usageOf(listener.cookies)).limitMb).toBe(2048);
  });

  it('refuses a body that is not an object', async () => {
    const listener = await newListener();
    const refused = await put(listener.cookies, [500]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: 'The body must be {"limitMb": number | null}' });
    expect((await usageOf(listener.cookies)).limitMb).toBeNull();
  });
});
