import { songSchema, type Song } from '@kora/contracts';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { songs } from '../../src/db/schema.js';
import { buildAlbum, buildArtist, buildSong, insertPlay } from '../helpers/catalogue-factories.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let listener: SignedInUser;
const ids: Record<'credited' | 'solo' | 'processing' | 'rejected', number> = { credited: 0, solo: 0, processing: 0, rejected: 0 };
let names: { lead: string; first: string; second: string };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const [lead, first, second] = [await buildArtist(db), await buildArtist(db), await buildArtist(db)];
  names = { lead: lead.name, first: first.name, second: second.name };
  const album = await buildAlbum(db, { artistId: lead.id, coverKey: `ab/${'ab'.repeat(32)}.jpg` });
  ids.credited = (await buildSong(db, { artistId: lead.id, albumId: album.id, featuring: [second.id, first.id] })).id;
  ids.solo = (await buildSong(db, { artistId: first.id })).id;
  ids.processing = (await buildSong(db, { artistId: lead.id, status: 'processing' })).id;
  ids.rejected = (await buildSong(db, { artistId: lead.id, status: 'rejected' })).id;
  listener = await signUp(t.app);
}, 60_000);
afterAll(() => t.close());

async function get(url: string, cookie = listener.cookie) {
  return t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

describe('GET /api/songs', () => {
  it('lists only live songs, in the contract shape, with their featured artists in billing order', async () => {
    const response = await get('/api/songs');
    expect(response.statusCode).toBe(200);
    const list = songSchema.strict().array().parse(response.json());
    expect(list.map((song) => song.id).sort()).toEqual([ids.credited, ids.solo].sort());
    const credited = list.find((song) => song.id === ids.credited)!;
    expect(credited.artist.name).toBe(names.lead);
    expect(credited.featuredArtists?.map((artist) => artist.name)).toEqual([names.second, names.first]);
    expect(credited.album?.coverUrl).toBe(`/api/media/ab/${'ab'.repeat(32)}.jpg`);
    expect(credited.coverArtUrl).toBe(credited.album?.coverUrl);
    expect(list.find((song) => song.id === ids.solo)!.featuredArtists).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await get('/api/songs', '')).statusCode).toBe(401);
  });

  it('gives a measured song its track gain, and an unmeasured or external song none', async () => {
    const db = t.database.db;
    const artistId = (await buildArtist(db)).id;
    const measured = await buildSong(db, { artistId, loudnessLufs: -19.5, truePeakDbtp: -4.5, trackGainDb: 3.5 });
    const silent = await buildSong(db, { artistId, loudnessLufs: -70, truePeakDbtp: null, trackGainDb: 0 });
    // A gain stored for an external song is never sent: its preview is another recording, at its own level.
    const external = await buildSong(db, { artistId, source: 'deezer', externalId: '3135556', isExternal: true, isPreview: true, trackGainDb: 2 });
    try {
      const gains = async (url: string) => {
        const list = songSchema.strict().array().parse((await get(url)).json());
        return new Map(list.map((song) => [song.id, song.trackGainDb]));
      };
      for (const url of ['/api/songs', '/api/songs/trending']) {
        const gainOf = await gains(url);
        expect(gainOf.get(measured.id), url).toBe(3.5);
        expect(gainOf.get(silent.id), url).toBe(0);
        expect(gainOf.get(ids.solo), url).toBeNull();
        expect(gainOf.get('deezer-3135556'), url).toBeNull();
      }
    } finally {
      await db.update(songs).set({ status: 'rejected' }).where(inArray(songs.id, [measured.id, silent.id, external.id]));
    }
  });

  it('shows a change written by any part of the app on the next request', async () => {
    const db = t.database.db;
    const idsOf = async (url: string) => ((await get(url)).json() as Song[]).map((song) => song.id);
    expect(await idsOf('/api/songs')).toEqual(await idsOf('/api/songs'));
    const added = await buildSong(db, { artistId: (await buildArtist(db)).id, playCount: 10_000_000 });
    expect(await idsOf('/api/songs')).toContain(added.id);
    expect((await idsOf('/api/songs/trending'))[0]).toBe(added.id);
    await db.update(songs).set({ status: 'rejected' }).where(eq(songs.id, added.id));
    expect(await idsOf('/api/songs')).not.toContain(added.id);
    expect(await idsOf('/api/songs/trending')).not.toContain(added.id);
  });
});

describe('GET /api/songs/recently-played', () => {
  it('needs a session', async () => {
    const response = await get('/api/songs/recently-played', '');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'You need to sign in to do that.' });
  });

  it('is empty for a new listener', async () => {
    const fresh = await signUp(t.app);
    expect((await get('/api/songs/recently-played', fresh.cookie)).json()).toEqual([]);
  });

  it("lists the listener's own live songs, most recent first, each once", async () => {
    const me = await signUp(t.app);
    const other = await signUp(t.app);
    const db = t.database.db;
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    await insertPlay(db, { userId: me.user.id, songId: ids.credited, playedAt: minutesAgo(30) });
    await insertPlay(db, { userId: me.user.id, songId: ids.solo, playedAt: minutesAgo(20) });
    await insertPlay(db, { userId: me.user.id, songId: ids.credited, playedAt: minutesAgo(10) });
    await insertPlay(db, { userId: me.user.id, songId: ids.processing, playedAt: minutesAgo(5) });
    await insertPlay(db, { userId: other.user.id, songId: ids.solo, playedAt: minutesAgo(1) });

    const list = (await get('/api/songs/recently-played', me.cookie)).json() as Song[];
    expect(list.map((song) => song.id)).toEqual([ids.credited, ids.solo]);
    expect(list[0]!.featuredArtists).toHaveLength(2);
    expect(((await get('/api/songs/recently-played?limit=1', me.cookie)).json() as Song[]).map((song) => song.id)).toEqual([ids.credited]);
    expect(((await get('/api/songs/recently-played', other.cookie)).json() as Song[]).map((song) => song.id)).toEqual([ids.solo]);
  });

  it.each([
    ['0', 'limit must be at least 1'],
    ['51', 'limit must be at most 50'],
  ])('refuses limit=%s', async (limit, message) => {
    const response = await get(`/api/songs/recently-played?limit=${limit}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });
});

describe('GET /api/songs/trending', () => {
  it('needs a session', async () => {
    expect((await get('/api/songs/trending', '')).statusCode).toBe(401);
  });

  it('lists live songs only, within the limit', async () => {
    const list = (await get('/api/songs/trending')).json() as Song[];
    expect(list.map((song) => song.id).sort()).toEqual([ids.credited, ids.solo].sort());
    expect((await get('/api/songs/trending?limit=1')).json()).toHaveLength(1);
  });

  it('refuses limits outside 1 to 50', async () => {
    for (const limit of ['0', '51', 'many']) {
      const response = await get(`/api/songs/trending?limit=${limit}`);
      expect(response.statusCode, limit).toBe(400);
      expect(response.json().message, limit).toMatch(/limit/);
    }
  });
});
