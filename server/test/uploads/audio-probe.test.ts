import { PassThrough, Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { songs } from '../../src/db/schema.js';
import { AUDIO_SNIFF_BYTES, probeAudio, sniffAudioFormat } from '../../src/media/audio-probe.js';
import { buildTestAudio, type TestAudioFormat } from '../helpers/audio-fixtures.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { buildPng } from '../helpers/multipart.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { libraryEntries, listMediaFiles, uploadOk } from './upload-helpers.js';

const tags = { title: 'Ọkàn Mi', artist: 'Adé', album: 'Lagos Nights' };
const streamOf = (bytes: Buffer) => new PassThrough().end(bytes);

/** An ID3v2.4 tag of `size` bytes of padding, as taggers leave room for later edits. */
function id3Padding(size: number): Buffer {
  const header = Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, (size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f]);
  return Buffer.concat([header, Buffer.alloc(size)]);
}

describe('probeAudio', () => {
  it.each<[TestAudioFormat, string, boolean]>([
    ['mp3', 'mp3', false],
    ['wav', 'wav', true],
    ['flac', 'flac', true],
    ['ogg', 'ogg', false],
    ['opus', 'ogg', false],
    ['m4a', 'm4a', false],
  ])('describes %s: format, duration, bitrate, losslessness, sample rate and tags', async (format, expected, lossless) => {
    const bytes = await buildTestAudio(format, { seconds: 3, seed: 1, tags });
    const probe = await probeAudio(streamOf(bytes), { size: bytes.length });
    expect(probe).toMatchObject({ format: expected, lossless, tags, picture: null, channels: expect.any(Number) });
    expect(probe.duration).toBeCloseTo(3, 0);
    expect(probe.bitrate).toBeGreaterThan(8_000);
    expect(probe.sampleRate).toBeGreaterThanOrEqual(22_050);
    expect(sniffAudioFormat(bytes.subarray(0, AUDIO_SNIFF_BYTES))).toBe(expected);
  });

  it('measures raw AAC (ADTS), whose header gives no length', async () => {
    const bytes = await buildTestAudio('aac', { seconds: 3, seed: 1 });
    const probe = await probeAudio(streamOf(bytes), { size: bytes.length });
    expect(probe).toMatchObject({ format: 'aac', container: 'ADTS/MPEG-4', codec: 'AAC', lossless: false });
    expect(probe.duration).toBeCloseTo(3, 0);
    expect(sniffAudioFormat(bytes)).toBe('aac');
  });

  it('returns the embedded cover art when asked for it', async () => {
    const cover = await buildPng('#aa00aa', 300);
    const bytes = await buildTestAudio('mp3', { seed: 2, picture: cover });
    expect((await probeAudio(streamOf(bytes))).picture).toBeNull();
    const { picture } = await probeAudio(streamOf(bytes), { withPicture: true });
    expect(picture?.mime).toBe('image/png');
    expect(await sharp(picture!.data).metadata()).toMatchObject({ format: 'png', width: 300, height: 300 });
  });

  it('passes on a failure of the stream itself (storage), not a verdict on the file', async () => {
    const failing = new Readable({ read() {} });
    const start = (await buildTestAudio('flac', { seed: 1 })).subarray(0, 2000);
    failing.push(start);
    setImmediate(() => failing.destroy(new Error('disk went away')));
    await expect(probeAudio(failing)).rejects.toThrow('disk went away');
  });

  it('refuses what it cannot read as accepted audio', async () => {
    for (const bytes of [Buffer.from('hello'), await buildPng('#000000'), await buildTestAudio('mp2', { seed: 1 })]) {
      await expect(probeAudio(streamOf(bytes))).rejects.toMatchObject({ statusCode: 415 });
    }
  });
});

describe('sniffAudioFormat', () => {
  it('looks past an ID3 tag it holds whole, and guesses MP3 for one longer than the head', async () => {
    const adts = await buildTestAudio('aac', { seed: 1 });
    expect(sniffAudioFormat(Buffer.concat([id3Padding(100), adts]))).toBe('aac');
    expect(sniffAudioFormat(Buffer.concat([id3Padding(100_000), adts]).subarray(0, AUDIO_SNIFF_BYTES))).toBe('mp3');
  });

  it('knows nothing of text, images or too few bytes; anything starting "ID3" passes on to the probe', async () => {
    expect(sniffAudioFormat(Buffer.from('ID3 is how this text starts'))).toBe('mp3');
    await expect(probeAudio(streamOf(Buffer.from('ID3 is how this text starts')))).rejects.toMatchObject({ statusCode: 415 });
    expect(sniffAudioFormat(Buffer.from('<!doctype html><html>'))).toBeUndefined();
    expect(sniffAudioFormat(await buildPng('#ffffff'))).toBeUndefined();
    expect(sniffAudioFormat(Buffer.from([0xff, 0xfb]))).toBeUndefined();
  });
});

describe('an upload whose ID3 tag hides its true format', () => {
  let t: TestApp;
  let ada: SignedInUser;
  beforeAll(async () => {
    t = await createTestApp();
    ada = await signUp(t.app);
  });
  afterAll(() => t.close());

  it('is stored under the extension of what the probe found, and the first guess is removed', async () => {
    const audio = Buffer.concat([id3Padding(100_000), await buildTestAudio('aac', { seed: 3 })]);
    const release = await uploadOk(t.app, ada.cookie, '/api/upload', libraryEntries({ audio, filename: 'tagged.mp3', title: 'Tagged', artist: 'A' }));
    const [song] = await t.database.db.select().from(songs).where(eq(songs.releaseId, release.id));
    expect(song).toMatchObject({ fileMime: 'audio/aac', fileSize: audio.length });
    expect(song!.fileKey).toMatch(/\.aac$/);
    expect(await listMediaFiles(t)).toEqual([song!.fileKey]);
  });
});
