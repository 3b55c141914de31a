import { AUDIO_REQUIRED_MESSAGE, TITLE_AND_ARTIST_REQUIRED_MESSAGE, UPLOAD_SUCCESS_MESSAGE } from '@kora/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albums, artists, jobs, releases, songs, uploads } from '../../src/db/schema.js';
import { JOB_PRIORITY } from '../../src/jobs/queue.js';
import { buildTestAudio, type TestAudioFormat } from '../helpers/audio-fixtures.js';
import { buildArtist } from '../helpers/catalogue-factories.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { buildPng } from '../helpers/multipart.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { rawMultipart } from '../helpers/multipart.js';
import { countUploadRows, libraryEntries, listMediaFiles, sendUpload, uploadOk } from './upload-helpers.js';

let t: TestApp;
let ada: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  ada = await signUp(t.app);
});
afterAll(() => t.close());

const upload = (entries: Parameters<typeof sendUpload>[3], cookie: string | undefined = ada.cookie) => sendUpload(t.app, cookie, '/api/upload', entries);
/** Music whose content does not matter to the test: encoded once. */
const anySong = () => buildTestAudio('mp3', { seed: 1 });
const songOf = async (releaseId: number) => (await t.database.db.select().from(songs).where(eq(songs.releaseId, releaseId)))[0]!;

describe('POST /api/upload', () => {
  it.each<[TestAudioFormat, string, string, string]>([
    ['mp3', 'song.mp3', 'mp3', 'audio/mpeg'],
    ['wav', 'song.wav', 'wav', 'audio/wav'],
    ['flac', 'song.flac', 'flac', 'audio/flac'],
    ['aac', 'song.aac', 'aac', 'audio/aac'],
    ['ogg', 'song.ogg', 'ogg', 'audio/ogg'],
    ['opus', 'song.opus', 'ogg', 'audio/ogg'],
    ['m4a', 'song.m4a', 'm4a', 'audio/mp4'],
  ])('accepts %s audio, stored under its content with the right type and its duration', async (format, filename, extension, contentType) => {
    const audio = await buildTestAudio(format, { seconds: 3 });
    const response = await upload(libraryEntries({ audio, filename, title: `A ${format} song`, artist: 'Asake' }));
    expect(response.statusCode).toBe(201);
    const { success, message, release } = response.json();
    expect({ success, message }).toEqual({ success: true, message: UPLOAD_SUCCESS_MESSAGE });
    expect(release).toMatchObject({
      title: `A ${format} song`,
      releaseType: 'library',
      artist: { name: 'Asake' },
      status: 'processing',
      rejectionReason: null,
      progress: 0,
      coverUrl: null,
      reviewedAt: null,
      tracks: [{ title: `A ${format} song`, status: 'processing', duration: 3 }],
    });

    const song = await songOf(release.id);
    expect(song).toMatchObject({ fileMime: contentType, fileSize: audio.length, status: 'processing', uploadedBy: ada.user.id, source: 'local', albumId: null });
    expect(song.fileKey).toMatch(new RegExp(`^[0-9a-f]{2}/[0-9a-f]{64}\\.${extension}$`));
    // Stored exactly as sent (it is served by the song routes once live: /api/media serves images only).
    const stored: Buffer[] = [];
    for await (const chunk of await t.storage.read(song.fileKey!)) stored.push(chunk as Buffer);
    expect(Buffer.concat(stored).equals(audio)).toBe(true);
  });

  it('writes the release, song, upload record and one processing job', async () => {
    const audio = await anySong();
    const release = await uploadOk(t.app, ada.cookie, '/api/upload', libraryEntries({ audio, filename: 'My Song.mp3', title: '  Joha  ', artist: ' Asake ' }));
    const [row] = await t.database.db.select().from(releases).where(eq(releases.id, release.id));
    expect(row).toMatchObject({ userId: ada.user.id, releaseType: 'library', title: 'Joha', status: 'processing', genre: null, language: null });
    const song = await songOf(release.id);
    expect(song).toMatchObject({ title: 'Joha', trackNumber: null, explicit: false });
    expect(await t.database.db.select().from(uploads).where(eq(uploads.releaseId, release.id))).toEqual([
      expect.objectContaining({ kind: 'audio', songId: song.id, userId: ada.user.id, storageKey: song.fileKey, originalName: 'My Song.mp3', mime: 'audio/mpeg', size: audio.length, status: 'committed' }),
    ]);
    const queued = (await t.database.db.select().from(jobs)).filter((job) => (job.payload as { releaseId?: number }).releaseId === release.id);
    expect(queued).toEqual([expect.objectContaining({ type: 'process-release', status: 'queued', priority: JOB_PRIORITY.listenerWaiting, payload: { releaseId: release.id } })]);
  });

  it("credits the uploader's own artist whatever the case of the name, else creates one by the uploader", async () => {
    const existing = await buildArtist(t.database.db, { name: 'Burna Boy', createdBy: ada.user.id });
    const first = await uploadOk(t.app, ada.cookie, '/api/upload', libraryEntries({ audio: await anySong(), title: 'One', artist: 'BURNA boy' }));
    expect(first.artist).toEqual({ id: existing.id, name: 'Burna Boy' });

    const second = await uploadOk(t.app, ada.cookie, '/api/upload', libraryEntries({ audio: await anySong(), title: 'Two', artist: 'Fresh Newcomer' }));
    const [created] = await t.database.db.select().from(artists).where(eq(artists.id, second.artist.id));
    expect(created).toMatchObject({ name: 'Fresh Newcomer', createdBy: ada.user.id });
  });

  it('puts no album on "Unknown Album" (the default) and the cover on the song itself', async () => {
    const cover = await buildPng('#22aa44', 900);
    const release = await uploadOk(t.app, ada.cookie, '/api/upload', libraryEntries({ audio: await anySong(), title: 'Loose', artist: 'Asake', cover }));
    const song = await songOf(release.id);
    expect(song.albumId).toBeNull();
    expect(release.coverUrl).toBe(`/api/media/${song.coverKey}`);
    expect(song.coverKey).toMatch(/\.webp$/);
    const served = await t.app.inject({ method: 'GET', url: release.coverUrl!, headers: { cookie: ada.cookie } });
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 640, height: 640 });
    const [record] = await t.database.db.select().from(uploads).where(eq(uploads.storageKey, song.coverKey!));
    expect(record).toMatchObject({ kind: 'cover', releaseId: release.id, songId: null, mime: 'image/webp', originalName: 'cover.png' });
  });

  it("creates an album for a named one, with the cover, and later uploads join the uploader's own album of that title", async () => {
    const cover = await buildPng('#aa2244');
    const first = await uploadOk(t.app, ada.cookie, '/api/upload', libraryEntries({ audio: await anySong(), title: 'Side A', artist: 'Asake', album: 'Work of Art', cover }));
    const firstSong = await songOf(first.id);
    const [album] = await t.database.db.select().from(albums).where(eq(albums.id, firstSong.albumId!));
    expect(album).toMatchObject({ title: 'Work of Art', releaseId: first.id, releaseYear: new Date().getUTCFullYear() });
    expect(album!.coverKey).toMatch(/\.webp$/);
    expect(firstSong.coverKey).toBeNull();
    expect(first.coverUrl).toBe(`/api/media/${album!.coverKey}`);

    const second = await uploadOk(t.app, ada.cookie, '/api/upload', libraryEntries({ audio: await anySong(), title: 'Side B', artist: 'asake', album: 'work of art' }));
    expect((await songOf(second.id)).albumId).toBe(album!.id);

    // Another listener naming the same album gets an album of their own.
    const bayo = await signUp(t.app);
    const other = await uploadOk(t.app, bayo.cookie, '/api/upload', libraryEntries({ audio: await anySong(), title: 'Side C', artist: 'Asake', album: 'Work of Art' }));
    expect((await songOf(other.id)).albumId).not.toBe(album!.id);
  });

  it('keeps only the last segment of a path-like file name; the stored key comes from the content', async () => {
    const audio = await anySong();
    const release = await uploadOk(t.app, ada.cookie, '/api/upload', libraryEntries({ audio, filename: '../../etc/passwd', title: 'Path', artist: 'Asake' }));
    const song = await songOf(release.id);
    const [record] = await t.database.db.select().from(uploads).where(eq(uploads.songId, song.id));
    expect(record!.originalName).toBe('passwd');
    expect(song.fileKey).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{64}\.mp3$/);
    expect((await listMediaFiles(t)).every((file) => /^(tmp\/)?[0-9a-f]{2}\/[0-9a-f]{64}(\.w\d+)?\.[a-z0-9]+$/.test(file))).toBe(true);
  });

  it('keeps the file name of a Windows path without its folders', async () => {
    const release = await uploadOk(t.app, ada.cookie, '/api/upload', libraryEntries({ audio: await anySong(), filename: 'C:\\Users\\ada\\Music\\Joha.mp3', title: 'Windows', artist: 'Asake' }));
    const [record] = await t.database.db.select().from(uploads).where(eq(uploads.releaseId, release.id));
    expect(record!.originalName).toBe('Joha.mp3');
  });

  it.each([
    ['a NUL character', 'song\u0000.mp3'],
    ['a DEL character', 'song\u007f.mp3'],
    ['an escape character', '\u001b[31msong.mp3'],
  ])('refuses a file name with %s, and keeps nothing', async (_case, filename) => {
    const before = await countUploadRows(t.database.db);
    const files = await listMediaFiles(t);
    const body = rawMultipart([
      { name: 'title', data: 'T' },
      { name: 'artist', data: 'A' },
      { name: 'audioFile', filename, data: await buildTestAudio('mp3', { seed: 78 }) },
    ]);
    const response = await t.app.inject({ method: 'POST', url: '/api/upload', headers: { cookie: ada.cookie, ...body.headers }, payload: body.payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'File names must not contain control characters.' });
    expect(await countUploadRows(t.database.db)).toEqual(before);
    expect(await listMediaFiles(t)).toEqual(files);
  });

  it('answers a form busboy stalls on (a bare line feed in a file name before a large part) instead of hanging', async () => {
    const body = rawMultipart([
      { name: 'title', data: 'T' },
      { name: 'artist', data: 'A' },
      { name: 'audioFile', filename: 'song\n.mp3', data: await buildTestAudio('mp3', { seed: 78 }) },
    ]);
    const response = await t.app.inject({ method: 'POST', url: '/api/upload', headers: { cookie: ada.cookie, ...body.headers }, payload: body.payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The form data could not be read.' });
  });

  it.each([
    ['a text file named .mp3', () => Buffer.from('Just some lyrics, not audio at all.\n'.repeat(200))],
    ['a PNG named .mp3', () => buildPng('#123456', 200)],
    ['an empty file', () => Buffer.alloc(0)],
    ['a truncated MP3 header with nothing after it', async () => (await anySong()).subarray(0, 40)],
  ])('refuses %s with 415 and keeps nothing', async (_case, build) => {
    const before = await countUploadRows(t.database.db);
    const files = await listMediaFiles(t);
    const response = await upload(libraryEntries({ audio: await build(), filename: 'song.mp3', title: 'Fake', artist: 'Asake' }));
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: 'This file is not a supported audio format (MP3, WAV, FLAC, AAC, OGG or M4A).' });
    expect(await countUploadRows(t.database.db)).toEqual(before);
    expect(await listMediaFiles(t)).toEqual(files);
  });

  it.each<[TestAudioFormat, string]>([
    ['mp2', 'MPEG layer II audio'],
    ['mp4-video', 'an MP4 video with a sound track'],
  ])('refuses %s (%s) with 415 and keeps nothing', async (format) => {
    const before = await countUploadRows(t.database.db);
    const files = await listMediaFiles(t);
    const response = await upload(libraryEntries({ audio: await buildTestAudio(format), filename: 'song.m4a', title: 'Other', artist: 'Asake' }));
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: 'This file is not a supported audio format (MP3, WAV, FLAC, AAC, OGG or M4A).' });
    expect(await countUploadRows(t.database.db)).toEqual(before);
    expect(await listMediaFiles(t)).toEqual(files);
  });

  it.each<[string, Parameters<typeof libraryEntries>[0], number, string]>([
    ['no audio file', { title: 'T', artist: 'A' }, 400, AUDIO_REQUIRED_MESSAGE],
    ['a blank title', { title: '   ', artist: 'A' }, 400, TITLE_AND_ARTIST_REQUIRED_MESSAGE],
    ['no title', { artist: 'A' }, 400, TITLE_AND_ARTIST_REQUIRED_MESSAGE],
    ['a blank artist', { title: 'T', artist: ' ' }, 400, TITLE_AND_ARTIST_REQUIRED_MESSAGE],
    ['a title over 200 characters', { title: 'x'.repeat(201), artist: 'A' }, 400, 'Title must be at most 200 characters.'],
  ])('refuses %s', async (_case, fields, status, message) => {
    const before = await countUploadRows(t.database.db);
    const withAudio = _case === 'no audio file' ? fields : { audio: await anySong(), ...fields };
    const response = await upload(libraryEntries(withAudio));
    expect({ status: response.statusCode, body: response.json() }).toEqual({ status, body: { message } });
    expect(await countUploadRows(t.database.db)).toEqual(before);
  });

  it('takes an empty file input (no file chosen) as no audio file', async () => {
    const response = await upload([['audioFile', { data: Buffer.alloc(0), filename: '' }], ['title', 'T'], ['artist', 'A']]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: AUDIO_REQUIRED_MESSAGE });
  });

  it.each<[string, Parameters<typeof upload>[0], string]>([
    ['an unknown field', [['title', 'T'], ['artist', 'A'], ['releaseType', 'single']], 'Unexpected field "releaseType": send only audioFile, title, artist, album, coverFile.'],
    ['a repeated field', [['title', 'T'], ['title', 'U'], ['artist', 'A']], 'Send title only once.'],
    ['a file where text belongs', [['title', { data: Buffer.from('x'), filename: 'x.txt' }], ['artist', 'A']], 'title must be text, not a file.'],
    ['text where a file belongs', [['audioFile', 'song.mp3'], ['title', 'T'], ['artist', 'A']], 'audioFile must be a file.'],
  ])('refuses %s with 400', async (_case, entries, message) => {
    const response = await upload(entries);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('refuses a cover that is not an image, and keeps none of the upload', async () => {
    const before = await countUploadRows(t.database.db);
    const files = await listMediaFiles(t);
    const response = await upload(libraryEntries({ audio: await buildTestAudio('mp3', { seed: 77 }), title: 'T', artist: 'A', cover: Buffer.from('not an image') }));
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: 'Cover must be an image (JPEG, PNG, WebP or GIF).' });
    expect(await countUploadRows(t.database.db)).toEqual(before);
    expect(await listMediaFiles(t)).toEqual(files);
  });

  it('needs a session', async () => {
    const before = await countUploadRows(t.database.db);
    const response = await sendUpload(t.app, undefined, '/api/upload', libraryEntries({ audio: await anySong(), title: 'T', artist: 'A' }));
    expect(response.statusCode).toBe(401);
    expect(await countUploadRows(t.database.db)).toEqual(before);
  });

  it('refuses a body that is not multipart', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/upload', headers: { cookie: ada.cookie }, payload: { title: 'T', artist: 'A' } });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: 'Send the upload as multipart/form-data.' });
  });
});
