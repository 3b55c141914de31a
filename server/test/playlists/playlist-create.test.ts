import { randomBytes } from 'node:crypto';
import { PLAYLIST_COVER_MAX_BYTES, type Playlist } from '@kora/contracts';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playlists } from '../../src/db/schema.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { buildPhotoWithExif, buildPng, multipartBody, rawMultipart } from '../helpers/multipart.js';
import { createPlaylistViaApi, keyOfUrl, listStoredKeys, sendPlaylistForm } from '../helpers/playlists.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let ada: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  ada = await signUp(t.app, { firstName: 'Ada', lastName: 'Obi' });
});
afterAll(() => t.close());

const create = (entries: Parameters<typeof sendPlaylistForm>[2]) => sendPlaylistForm(t.app, ada.cookie, entries);
const countOwn = async () => (await t.database.db.select().from(playlists).where(eq(playlists.userId, ada.user.id))).length;

describe('POST /api/playlists', () => {
  it('creates a playlist named by the server, trimmed, with the default description', async () => {
    const response = await create([
      ['name', '  Sunday Morning  '],
      ['description', '   '],
      ['createdBy', 'user'],
    ]);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      name: 'Sunday Morning',
      description: 'A collection of songs',
      coverUrl: null,
      coverColor: null,
      isEditorial: false,
      createdBy: 'Ada Obi',
      isOwner: true,
      songCount: 0,
    });
  });

  it('keeps a trimmed description and ignores the createdBy the client claims', async () => {
    const playlist = await createPlaylistViaApi(t.app, ada.cookie, [
      ['name', 'Study'],
      ['description', '  Quiet songs  '],
      ['createdBy', 'Somebody Else'],
    ]);
    expect(playlist).toMatchObject({ name: 'Study', description: 'Quiet songs', createdBy: 'Ada Obi' });
  });

  it('shows the new playlist in the own list at once', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/playlists', headers: { cookie: ada.cookie } })).json() as Playlist[];
    const playlist = await createPlaylistViaApi(t.app, ada.cookie, [['name', 'Fresh one']]);
    const after = (await t.app.inject({ method: 'GET', url: '/api/playlists', headers: { cookie: ada.cookie } })).json() as Playlist[];
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]).toEqual(playlist);
  });

  it.each([
    ['a missing name', [['description', 'x']], 'Please enter a playlist name.'],
    ['an empty name', [['name', '']], 'Please enter a playlist name.'],
    ['a name of spaces', [['name', '   \t ']], 'Please enter a playlist name.'],
    ['a 101-character name', [['name', 'n'.repeat(101)]], 'Playlist name must be at most 100 characters.'],
    ['a 501-character description', [['name', 'ok'], ['description', 'd'.repeat(501)]], 'Description must be at most 500 characters.'],
    ['a 200 KB description', [['name', 'ok'], ['description', 'd'.repeat(200_000)]], 'Description must be at most 500 characters.'],
    ['an unknown field', [['name', 'ok'], ['isEditorial', 'true']], 'Unexpected field "isEditorial": send only name, description, createdBy, image, coverFile.'],
    ['a field sent twice', [['name', 'ok'], ['name', 'again']], 'Send name only once.'],
    ['a NUL character', [['name', 'bad\u0000name']], 'name contains a character that is not allowed.'],
  ] as [string, [string, string][], string][])('refuses %s with 400 and creates nothing', async (_case, entries, message) => {
    const before = await countOwn();
    const response = await create(entries);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await countOwn()).toBe(before);
  });

  it('refuses a body that is not a multipart form with 415', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/playlists', headers: { cookie: ada.cookie }, payload: { name: 'JSON' } });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: 'Send the playlist as multipart/form-data.' });
  });

  it('refuses a cut-off form with 400', async () => {
    const { payload, headers } = await multipartBody([['name', 'Cut']]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/playlists',
      headers: { cookie: ada.cookie, ...headers },
      payload: payload.subarray(0, payload.length - 20),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The form data could not be read.' });
  });

  it('answers a form busboy stalls on (a bare line feed in a file name before a large part) instead of hanging', async () => {
    const { payload, headers } = rawMultipart([
      { name: 'name', data: 'Stalled' },
      // Busboy stalls before it looks at the content: only the size matters.
      { name: 'coverFile', filename: 'cover\n.jpg', data: randomBytes(64 * 1024) },
    ]);
    expect(payload.length).toBeGreaterThan(16 * 1024);
    const response = await t.app.inject({ method: 'POST', url: '/api/playlists', headers: { cookie: ada.cookie, ...headers }, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The form data could not be read.' });
  });

  it('needs a session', async () => {
    const response = await sendPlaylistForm(t.app, '', [['name', 'Anonymous']]);
    expect(response.statusCode).toBe(401);
  });
});

describe('playlist covers', () => {
  it('stores a cover upright, cropped square, re-encoded and stripped of EXIF and GPS, served by its coverUrl', async () => {
    const photo = await buildPhotoWithExif({ width: 1200, height: 600 });
    expect((await sharp(photo).metadata()).exif?.toString('latin1')).toContain('KoraTestCam');

    const playlist = await createPlaylistViaApi(t.app, ada.cookie, [
      ['name', 'With a cover'],
      ['coverFile', { data: photo, filename: 'holiday.jpg', type: 'image/jpeg' }],
    ]);
    expect(playlist.coverUrl).toMatch(/^\/api\/media\/[0-9a-f]{2}\/[0-9a-f]{64}\.webp$/);

    const served = await t.app.inject({ method: 'GET', url: playlist.coverUrl!, headers: { cookie: ada.cookie } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const cover = served.rawPayload;
    const metadata = await sharp(cover).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 600, height: 600 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(cover.toString('latin1')).not.toContain('KoraTestCam');

    // Stored red-left, blue-right and tagged "turn a quarter clockwise": upright, red is on top.
    const { data, info } = await sharp(cover).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    expect(pixel(300, 30)[0]).toBeGreaterThan(200);
    expect(pixel(300, 570)[2]).toBeGreaterThan(200);
  });

  it('shrinks a large cover to 640 pixels square and accepts the spec field name image', async () => {
    const playlist = await createPlaylistViaApi(t.app, ada.cookie, [
      ['name', 'Big cover'],
      ['image', { data: await buildPng('#22aa44', 1500), filename: 'big.png', type: 'image/png' }],
    ]);
    const cover = await t.storage.read(keyOfUrl(playlist.coverUrl));
    const chunks: Buffer[] = [];
    for await (const chunk of cover) chunks.push(chunk as Buffer);
    expect(await sharp(Buffer.concat(chunks)).metadata()).toMatchObject({ width: 640, height: 640 });
  });

  it('treats a file input left empty as no cover', async () => {
    // What a browser sends for an empty file input: a part with an empty file name and no bytes.
    const boundary = 'kora-test-boundary';
    const payload = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nNo cover chosen\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="coverFile"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n\r\n` +
        `--${boundary}--\r\n`,
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/playlists',
      headers: { cookie: ada.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ name: 'No cover chosen', coverUrl: null });
  });

  it.each([
    ['a text file named .png', () => Buffer.from('These are my notes, not a picture.\n'.repeat(20)), 'notes.png'],
    ['an MP3 named .png', () => Buffer.concat([Buffer.from('ID3\u0004\u0000\u0000\u0000\u0000\u0000\u0000'), Buffer.alloc(2048, 0xff)]), 'song.png'],
    ['an SVG', () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), 'cover.svg'],
    ['a truncated JPEG', async () => (await buildPhotoWithExif()).subarray(0, 3000), 'cut.jpg'],
    ['a truncated PNG', async () => (await buildPng('#123456', 300)).subarray(0, 200), 'cut.png'],
    ['an empty named file', () => Buffer.alloc(0), 'empty.png'],
  ] as [string, () => Buffer | Promise<Buffer>, string][])('refuses %s with 415, storing nothing', async (_case, build, filename) => {
    const [before, keysBefore] = [await countOwn(), await listStoredKeys(t)];
    const response = await create([
      ['name', 'Bad cover'],
      ['coverFile', { data: await build(), filename, type: 'image/png' }],
    ]);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: 'Cover must be an image (JPEG, PNG, WebP or GIF).' });
    expect(await countOwn()).toBe(before);
    expect(await listStoredKeys(t)).toEqual(keysBefore);
  });

  it('refuses an image of more than 40 megapixels before decoding it', async () => {
    // 8,000 × 6,000 of one colour compresses to a small PNG.
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#000' } }).png().toBuffer();
    const response = await create([['name', 'Huge'], ['coverFile', { data: huge, filename: 'huge.png' }]]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Cover image is too large: at most 40 megapixels.' });
  });

  it('refuses a cover over the size limit with 413, storing nothing', async () => {
    const [before, keysBefore] = [await countOwn(), await listStoredKeys(t)];
    const oversized = Buffer.concat([await buildPng('#abcdef'), Buffer.alloc(PLAYLIST_COVER_MAX_BYTES)]);
    const response = await create([['name', 'Too big'], ['coverFile', { data: oversized, filename: 'big.png' }]]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'Cover must be at most 10 MB.' });
    expect(await countOwn()).toBe(before);
    expect(await listStoredKeys(t)).toEqual(keysBefore);
  });

  it('refuses a second file with 400', async () => {
    const response = await create([
      ['name', 'Two covers'],
      ['coverFile', { data: await buildPng('#111111'), filename: 'a.png' }],
      ['image', { data: await buildPng('#222222'), filename: 'b.png' }],
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Send at most one cover image.' });
  });

  it('refuses a file under an unknown name with 400', async () => {
    const response = await create([['name', 'Odd'], ['audioFile', { data: await buildPng('#333333'), filename: 'a.png' }]]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Unexpected field "audioFile"/);
  });
});

describe('a create that fails in the database', () => {
  beforeAll(async () => {
    // Stands in for any failure of the insert after the cover is stored.
    await t.database.db.execute(sql`
      create function kora_test_refuse_playlist() returns trigger language plpgsql as $$
      begin raise exception 'refused by the test'; end $$`);
    await t.database.db.execute(sql`
      create trigger kora_test_refuse_playlist before insert on playlists
      for each row when (new.name = 'Doomed') execute function kora_test_refuse_playlist()`);
  });

  it('leaves no row and no stored cover', async () => {
    const [before, keysBefore] = [await countOwn(), await listStoredKeys(t)];
    const response = await create([['name', 'Doomed'], ['coverFile', { data: await buildPng('#00ff7f'), filename: 'c.png' }]]);
    expect(response.statusCode).toBe(500);
    expect(await countOwn()).toBe(before);
    expect(await listStoredKeys(t)).toEqual(keysBefore);
  });

  it('keeps a stored cover that another playlist shows', async () => {
    const cover = await buildPng('#7f00ff');
    const kept = await createPlaylistViaApi(t.app, ada.cookie, [['name', 'Keeper'], ['coverFile', { data: cover, filename: 'c.png' }]]);
    const response = await create([['name', 'Doomed'], ['coverFile', { data: cover, filename: 'same.png' }]]);
    expect(response.statusCode).toBe(500);
    expect(await listStoredKeys(t)).toContain(keyOfUrl(kept.coverUrl));
    const served = await t.app.inject({ method: 'GET', url: kept.coverUrl!, headers: { cookie: ada.cookie } });
    expect(served.statusCode).toBe(200);
  });
});
