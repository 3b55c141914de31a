import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildArtist, buildRendition, buildSong, setPlan, storeTestBytes } from '../helpers/catalogue-factories.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;
let artistId: number;
let premium: SignedInUser;
/** Every stored file's bytes, to tell which one a download served. */
const files = new Map<string, Buffer>();

beforeAll(async () => {
  t = await createTestApp();
  artistId = (await buildArtist(t.database.db)).id;
  premium = await signUp(t.app);
  await setPlan(t.database.db, premium.user.id, { plan: 'premium', status: 'active', nextBillingDate: new Date(Date.now() + 10 * DAY_MS) });
}, 60_000);
afterAll(() => t.close());

/**
 * A song with these MP3 renditions, and the Opus savers every song has (which a download, kept
 * as MP3 for every player, never serves); the original is told apart as 'original'.
 */
async function songWith(bitrates: number[]): Promise<number> {
  const original = await storeTestBytes(t.storage, 4096);
  const song = await buildSong(t.database.db, { artistId, fileKey: original.key });
  files.set('original', original.bytes);
  const renditions = [...bitrates.map((bitrate) => [bitrate, 'mp3'] as const), [24, 'opus'] as const, [48, 'opus'] as const];
  for (const [bitrate, codec] of renditions) {
    const rendition = await buildRendition(t.database.db, t.storage, song.id, bitrate, codec);
    const chunks: Buffer[] = [];
    for await (const chunk of await t.storage.read(rendition.fileKey)) chunks.push(chunk as Buffer);
    files.set(codec === 'mp3' ? String(bitrate) : `opus ${bitrate}`, Buffer.concat(chunks));
  }
  return song.id;
}

const download = (songId: number, query = '', user = premium) =>
  t.app.inject({ method: 'GET', url: `/api/songs/${songId}/download${query}`, headers: { cookie: user.cookie } });

async function served(songId: number, query = '') {
  const response = await download(songId, query);
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  const file = [...files].find(([, bytes]) => bytes.equals(response.rawPayload))?.[0];
  return { file, bitrateHeader: response.headers['x-kora-bitrate'], disposition: response.headers['content-disposition'] };
}

describe('GET /api/songs/{id}/download?quality=', () => {
  it('serves the rendition of the download quality, and says its bitrate', async () => {
    const songId = await songWith([64, 128, 320]);
    expect(await served(songId, '?quality=low')).toMatchObject({ file: '64', bitrateHeader: '64' });
    expect(await served(songId, '?quality=medium')).toMatchObject({ file: '128', bitrateHeader: '128' });
    expect(await served(songId, '?quality=high')).toMatchObject({ file: '320', bitrateHeader: '320' });
    // As before: no quality is high, still an attachment.
    const plain = await served(songId);
    expect(plain).toMatchObject({ file: '320', bitrateHeader: '320' });
    expect(plain.disposition).toMatch(/^attachment; filename=".+\.mp3"/);
  });

  it('serves the lowest rendition when none is as low as asked, never the original', async () => {
    const songId = await songWith([128, 320]);
    expect(await served(songId, '?quality=low')).toMatchObject({ file: '128', bitrateHeader: '128' });
    expect(await served(songId, '?quality=medium')).toMatchObject({ file: '128', bitrateHeader: '128' });
  });

  it('serves the original, without a bitrate, while a song has no MP3 rendition', async () => {
    const songId = await songWith([]);
    expect(await served(songId, '?quality=medium')).toEqual(expect.objectContaining({ file: 'original', bitrateHeader: undefined }));
  });

  it('refuses a quality it does not know, with a message', async () => {
    const songId = await songWith([320]);
    for (const query of ['?quality=auto', '?quality=data-saver', '?quality=', '?quality=HIGH']) {
      const response = await download(songId, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toEqual({ message: 'quality must be one of low, medium, high' });
    }
  });

  it('is still refused to the free plan, whatever the quality', async () => {
    const songId = await songWith([96]);
    const response = await download(songId, '?quality=low', await signUp(t.app));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Downloads are a Premium feature.' });
    expect(response.headers['x-kora-bitrate']).toBeUndefined();
  });
});
