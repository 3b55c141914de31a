import { parseBuffer } from 'music-metadata';
import { count, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Album, COVER_WIDTHS, type Playlist, type Song } from '@kora/contracts';
import { seedDemoCatalogue } from '../../src/db/seed/demo-seed.js';
import { DEMO_ALBUMS } from '../../src/db/seed/catalogue-data.js';
import { albums, artists, imageColors, playlists, songFeaturedArtists, songs } from '../../src/db/schema.js';
import { COVER_SIZE, coverColor } from '../../src/media/cover-image.js';
import { signUp } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const quiet = { info: () => {} };
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemoCatalogue({ db: t.database.db, storage: t.storage, log: quiet })).toBe('seeded');
  ({ cookie } = await signUp(t.app));
}, 180_000);
afterAll(() => t.close());

async function countOf(table: typeof artists | typeof albums | typeof songs) {
  const [row] = await t.database.db.select({ n: count() }).from(table);
  return row!.n;
}

describe('the demo catalogue', () => {
  it('has the artists, albums, songs and editorial playlists the issue asks for', async () => {
    expect(await countOf(artists)).toBeGreaterThanOrEqual(8);
    expect(await countOf(albums)).toBeGreaterThanOrEqual(6);
    expect(await countOf(songs)).toBeGreaterThanOrEqual(40);
    const editorial = await t.database.db.select().from(playlists).where(eq(playlists.isEditorial, true));
    expect(editorial.length).toBeGreaterThanOrEqual(3);
    const credits = await t.database.db.select().from(songFeaturedArtists);
    expect(credits.length).toBeGreaterThan(0);
  });

  it('runs once: a second run changes nothing', async () => {
    const before = await countOf(songs);
    expect(await seedDemoCatalogue({ db: t.database.db, storage: t.storage, log: quiet })).toBe('skipped');
    expect(await countOf(songs)).toBe(before);
  });

  it('is served by GET /api/songs in the spec shape, bounded', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/songs?limit=200', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const list: Song[] = response.json();
    expect(list.length).toBeGreaterThanOrEqual(40);
    const song = list[0]!;
    expect(song).toMatchObject({ source: 'local', isExternal: false, isPreview: false, externalId: null });
    expect(typeof song.id).toBe('number');
    expect(song.fileUrl).toBe(`/api/songs/${song.id}/stream`);
    expect(song.coverArtUrl).toMatch(/^\/api\/media\/[0-9a-f]{2}\/[0-9a-f]{64}\.webp$/);
    expect(song.coverColor).toMatch(/^#[0-9a-f]{6}$/);
    expect(song.duration).toBeGreaterThanOrEqual(30);
    expect(song.duration).toBeLessThanOrEqual(120);

    const page = await t.app.inject({ method: 'GET', url: '/api/songs?limit=5&offset=5', headers: { cookie } });
    expect(page.json()).toHaveLength(5);
    expect(page.json()[0].id).toBe(list[5]!.id);

    const cipher = list.find((s) => s.title === 'Nairobi Skyline Cipher')!;
    expect(cipher.featuredArtists?.map((artist) => artist.name)).toEqual(['Nnamdi Ọ̀kọ̀lí', 'Ṣadé Ìfẹ́olúwa']);

    const tooMany = await t.app.inject({ method: 'GET', url: '/api/songs?limit=5000', headers: { cookie } });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ message: 'limit must be at most 200' });
  });

  it('streams real, decodable MP3 audio with range requests', async () => {
    const [song] = (await t.app.inject({ method: 'GET', url: '/api/songs', headers: { cookie } })).json() as Song[];
    const whole = await t.app.inject({ method: 'GET', url: song!.fileUrl!, headers: { cookie } });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/mpeg');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['cache-control']).toBe('private, no-cache');
    expect(whole.headers.etag).toBeDefined();
    const metadata = await parseBuffer(whole.rawPayload, { mimeType: 'audio/mpeg' });
    expect(metadata.format.duration).toBeCloseTo(song!.duration!, 0);

    const size = whole.rawPayload.length;
    const part = await t.app.inject({ method: 'GET', url: song!.fileUrl!, headers: { cookie, range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${size}`);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(100, 200))).toBe(true);

    const beyond = await t.app.inject({ method: 'GET', url: song!.fileUrl!, headers: { cookie, range: `bytes=${size}-` } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${size}`);

    const revalidated = await t.app.inject({
      method: 'GET',
      url: song!.fileUrl!,
      headers: { cookie, 'if-none-match': whole.headers.etag as string },
    });
    expect(revalidated.statusCode).toBe(304);

    const anonymous = await t.app.inject({ method: 'GET', url: song!.fileUrl! });
    expect(anonymous.statusCode).toBe(401);
  });

  it('serves generated cover art as WebP like uploaded covers, at every stored width, each with its colour', async () => {
    const [song] = (await t.app.inject({ method: 'GET', url: '/api/songs', headers: { cookie } })).json() as Song[];
    const cover = await t.app.inject({ method: 'GET', url: song!.coverArtUrl!, headers: { cookie } });
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toBe('image/webp');
    const full = await sharp(cover.rawPayload).metadata();
    expect(full).toMatchObject({ format: 'webp', width: COVER_SIZE, height: COVER_SIZE });
    for (const width of COVER_WIDTHS.filter((each) => each < COVER_SIZE)) {
      const small = await t.app.inject({ method: 'GET', url: song!.coverArtUrl!.replace(/\.webp$/, `.w${width}.webp`), headers: { cookie } });
      expect(small.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      expect(await sharp(small.rawPayload).metadata(), `${width}`).toMatchObject({ format: 'webp', width, height: width });
    }
    // The colour is the cover's own average, worked out when it was stored.
    expect(song!.coverColor).toBe(await coverColor(cover.rawPayload));

    // Every image the catalogue shows (artists' pictures too) has its colour.
    const shown = await t.database.db
      .select({ key: albums.coverKey })
      .from(albums)
      .union(t.database.db.select({ key: playlists.coverKey }).from(playlists))
      .union(t.database.db.select({ key: songs.coverKey }).from(songs))
      .union(t.database.db.select({ key: artists.imageKey }).from(artists));
    const keys = shown.map((row) => row.key).filter((key): key is string => key !== null);
    const colors = await t.database.db.select().from(imageColors).where(inArray(imageColors.imageKey, keys));
    expect(keys.length).toBeGreaterThan(DEMO_ALBUMS.length);
    expect(colors.map((row) => row.imageKey).sort()).toEqual([...keys].sort());
    for (const key of keys) expect(key).toMatch(/\.webp$/);

    const editorial = (await t.app.inject({ method: 'GET', url: '/api/playlists/editorial', headers: { cookie } })).json() as Playlist[];
    for (const playlist of editorial) expect(playlist.coverColor).toMatch(/^#[0-9a-f]{6}$/);
    const [anAlbum] = await t.database.db.select({ id: albums.id }).from(albums).limit(1);
    const album = (await t.app.inject({ method: 'GET', url: `/api/albums/${anAlbum!.id}`, headers: { cookie } })).json() as Album;
    expect(album.coverColor).toMatch(/^#[0-9a-f]{6}$/);

    for (const url of ['/api/media/..%2F..%2Fetc/passwd', '/api/media/ab/not-a-key.jpg', '/api/media/zz/x.mp3']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(response.statusCode, url).toBe(400);
    }
    const missing = await t.app.inject({ method: 'GET', url: `/api/media/ab/${'ab'.repeat(32)}.jpg`, headers: { cookie } });
    expect(missing.statusCode).toBe(404);
  });

  it('lists the editorial playlists with their song counts, and none as the new user own', async () => {
    const editorial = (await t.app.inject({ method: 'GET', url: '/api/playlists/editorial', headers: { cookie } })).json() as Playlist[];
    expect(editorial.length).toBeGreaterThanOrEqual(3);
    for (const playlist of editorial) {
      expect(playlist).toMatchObject({ isEditorial: true, createdBy: 'Kora' });
      expect(playlist.songCount).toBeGreaterThan(0);
    }
    const own = await t.app.inject({ method: 'GET', url: '/api/playlists', headers: { cookie } });
    expect(own.json()).toEqual([]);
  });

  it('gives unknown songs a 404 with a message and bad ids a 400', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/api/songs/999999/stream', headers: { cookie } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Song not found' });
    const bad = await t.app.inject({ method: 'GET', url: '/api/songs/abc/stream', headers: { cookie } });
    expect(bad.statusCode).toBe(400);
  });
});
