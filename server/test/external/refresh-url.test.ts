import { refreshUrlResponseSchema } from '@kora/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildArtist, buildSong } from '../helpers/catalogue-factories.js';
import { deezerRow, type ExternalTestApp, fetchPreview, getSongs, request, startWithStandin } from './external-helpers.js';

let e: ExternalTestApp;
const YE = 916_424;
const LAST_LAST = 1_777_591_627;

beforeAll(async () => {
  e = await startWithStandin();
  expect((await request(e.t, 'POST', '/api/import/popular-music', e.listener.cookie)).json()).toEqual({ importedCount: 12 });
}, 60_000);
afterAll(() => e.close());
afterEach(() => e.standin.setApiFailure(null));

const refresh = (trackId: string, { signedIn = true } = {}) =>
  request(e.t, 'POST', `/api/songs/external-${trackId}/refresh-url`, signedIn ? e.listener.cookie : undefined);

async function listedFileUrl(trackId: number): Promise<string | null> {
  const song = (await getSongs(e.t, '/api/songs', e.listener.cookie)).find((candidate) => candidate.id === `deezer-${trackId}`);
  return song!.fileUrl;
}

describe('POST /api/songs/external-{trackId}/refresh-url', () => {
  it('needs a session', async () => {
    expect((await refresh(`deezer-${YE}`, { signedIn: false })).statusCode).toBe(401);
  });

  it('replaces an expired preview URL with a fresh one that plays, and stores it', async () => {
    const old = (await listedFileUrl(YE))!;
    expect((await fetchPreview(e.standin, old)).status).toBe(200);
    e.standin.expire(YE);
    expect((await fetchPreview(e.standin, old)).status).toBe(403);

    const response = await refresh(`deezer-${YE}`);
    expect(response.statusCode).toBe(200);
    const { success, freshUrl } = refreshUrlResponseSchema.strict().parse(response.json());
    expect(success).toBe(true);
    expect(freshUrl).not.toBe(old);
    const played = await fetchPreview(e.standin, freshUrl);
    expect(played.status).toBe(200);
    expect(played.bytes.equals(e.standin.previewBytes(YE))).toBe(true);
    expect(await listedFileUrl(YE)).toBe(freshUrl);
    expect((await deezerRow(e.t, YE))!.previewUrl).toBe(freshUrl);
  });

  it("takes a bare Deezer track number as Deezer's", async () => {
    e.standin.expire(LAST_LAST);
    const response = await refresh(String(LAST_LAST));
    expect(response.statusCode).toBe(200);
    expect((await fetchPreview(e.standin, response.json().freshUrl)).status).toBe(200);
  });

  it('answers 404 for a track Kora has never seen, without asking Deezer', async () => {
    const before = e.standin.stats().apiRequests;
    for (const trackId of ['deezer-123', '123', 'youtube-dQw4w9WgXcQ', 'soundcloud-42']) {
      const response = await refresh(trackId);
      expect(response.statusCode, trackId).toBe(404);
      expect(response.json()).toEqual({ message: 'Song not found' });
    }
    expect(e.standin.stats().apiRequests).toBe(before);
  });

  it.each(['deezer-abc', 'deezer-', 'spotify-12', 'deezer-1-2', '12.5', `deezer-${'9'.repeat(21)}`, 'youtube-a%2Fb'])(
    'answers 400 for the malformed id %s',
    async (trackId) => {
      const response = await refresh(trackId);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Track id must look like deezer-916424.' });
    },
  );

  it('answers 502 and keeps the stored URL when Deezer cannot be reached', async () => {
    const stored = (await deezerRow(e.t, YE))!.previewUrl;
    for (const mode of ['down', 'quota'] as const) {
      e.standin.setApiFailure(mode);
      const response = await refresh(`deezer-${YE}`);
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({ message: 'Deezer could not be reached. Try again later.' });
    }
    expect((await deezerRow(e.t, YE))!.previewUrl).toBe(stored);
  });

  it('shares the /api/songs/{id}/… paths with the other song routes without taking theirs', async () => {
    const liked = await request(e.t, 'GET', `/api/songs/external-deezer-${YE}/liked`, e.listener.cookie);
    expect(liked.statusCode).toBe(400);
    expect(liked.json()).toEqual({ message: 'Song id must be a number' });
    const stream = await request(e.t, 'GET', `/api/songs/external-deezer-${YE}/stream`, e.listener.cookie);
    expect(stream.json()).toEqual({ message: 'Song id must be a number' });
    const artist = await buildArtist(e.t.database.db);
    const local = await buildSong(e.t.database.db, { artistId: artist.id });
    expect((await request(e.t, 'POST', `/api/songs/${local.id}/like`, e.listener.cookie)).statusCode).toBe(200);
    const localRefresh = await request(e.t, 'POST', `/api/songs/${local.id}/refresh-url`, e.listener.cookie);
    expect(localRefresh.statusCode).toBe(404);
    expect(localRefresh.json()).toEqual({ message: `No API route POST /api/songs/${local.id}/refresh-url` });
  });
});
