import type { Album, Playlist, Song } from '@kora/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { albums, imageColors, songs } from '../../src/db/schema.js';
import { backfillImageColors } from '../../src/media/image-colors.js';
import { buildAlbum, buildArtist, buildSong } from '../helpers/catalogue-factories.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { buildPng, type FormEntry } from '../helpers/multipart.js';
import { createPlaylistViaApi, keyOfUrl, sendPlaylistForm } from '../helpers/playlists.js';
import { buildTestAudio } from '../helpers/audio-fixtures.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { libraryEntries, uploadOk } from '../uploads/upload-helpers.js';

let t: TestApp;
let ada: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  ada = await signUp(t.app);
});
afterAll(() => t.close());

const get = async <T>(url: string): Promise<T> => {
  const response = await t.app.inject({ method: 'GET', url, headers: { cookie: ada.cookie } });
  expect(response.statusCode, url).toBe(200);
  return response.json();
};

/** Lossy WebP moves a flat colour by a step or two per channel: each channel within 3 of `expected`. */
function expectColorNear(actual: string | null | undefined, expected: string): void {
  expect(actual).toMatch(/^#[0-9a-f]{6}$/);
  const channels = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  const want = channels(expected);
  channels(actual!).forEach((value, i) => expect(Math.abs(value - want[i]!), `${actual} near ${expected}`).toBeLessThanOrEqual(3));
}

async function colorOf(key: string): Promise<string | undefined> {
  const [row] = await t.database.db.select().from(imageColors).where(eq(imageColors.imageKey, key));
  return row?.color;
}

/** An image stored the way covers were before colours were kept: the object alone, no colour row. */
async function storeBareImage(colour: string): Promise<string> {
  const data = await sharp({ create: { width: 320, height: 320, channels: 3, background: colour } }).webp({ lossless: true }).toBuffer();
  return (await t.storage.put(data, { extension: 'webp', contentType: 'image/webp' })).key;
}

describe('cover placeholder colours', () => {
  it('keeps the colour of an uploaded cover and shows it on the album and its songs', async () => {
    const cover = await buildPng('#336699', 200);
    const release = await uploadOk(t.app, ada.cookie, '/api/upload', libraryEntries({ audio: await buildTestAudio('mp3', { seed: 41 }), title: 'Blue Hour', artist: 'Asake', album: 'Colours', cover }));
    const key = keyOfUrl(release.coverUrl);
    const color = await colorOf(key);
    expectColorNear(color, '#336699');

    // Once the review has made it live, the catalogue shows it with its colour.
    await t.database.db.update(songs).set({ status: 'live' }).where(eq(songs.releaseId, release.id));
    const [album] = await t.database.db.select().from(albums).where(eq(albums.releaseId, release.id));
    expect(await get<Album>(`/api/albums/${album!.id}`)).toMatchObject({ coverUrl: release.coverUrl, coverColor: color });
    const [song] = await get<Song[]>(`/api/albums/${album!.id}/songs`);
    // The song has no cover of its own: it shows the album's, in the album's colour.
    expect(song).toMatchObject({ coverArtUrl: release.coverUrl, coverColor: color });
  });

  it("keeps the colour of a playlist's cover, and the new one's when the cover is changed", async () => {
    const coverFile = async (colour: string): Promise<[string, FormEntry]> => ['coverFile', { data: await buildPng(colour, 120), filename: 'cover.png', type: 'image/png' }];
    const playlist = await createPlaylistViaApi(t.app, ada.cookie, [['name', 'Reds'], await coverFile('#aa2020')]);
    expectColorNear(playlist.coverColor, '#aa2020');
    expect(await colorOf(keyOfUrl(playlist.coverUrl))).toBe(playlist.coverColor);

    const edited = await sendPlaylistForm(t.app, ada.cookie, [['name', 'Greens'], await coverFile('#20aa20')], { method: 'PATCH', url: `/api/playlists/${playlist.id}` });
    expect(edited.statusCode).toBe(200);
    const { coverColor } = edited.json() as Playlist;
    expectColorNear(coverColor, '#20aa20');
    expect(await get<Playlist>(`/api/playlists/${playlist.id}`)).toMatchObject({ coverColor });
    expect((await get<Playlist[]>('/api/playlists')).find((row) => row.id === playlist.id)).toMatchObject({ coverColor });
  });

  it('gives null for a cover with no known colour and for none at all', async () => {
    const artist = await buildArtist(t.database.db);
    const bare = await storeBareImage('#102030');
    const album = await buildAlbum(t.database.db, { artistId: artist.id, coverKey: bare });
    await buildSong(t.database.db, { artistId: artist.id, albumId: album.id });
    const coverless = await buildAlbum(t.database.db, { artistId: artist.id });
    expect((await get<Album>(`/api/albums/${album.id}`)).coverColor).toBeNull();
    expect((await get<Song[]>(`/api/albums/${album.id}/songs`))[0]!.coverColor).toBeNull();
    expect(await get<Album>(`/api/albums/${coverless.id}`)).toMatchObject({ coverUrl: null, coverColor: null });
  });

  it('backfills the colours of images stored before colours were kept, once, skipping what it cannot read', async () => {
    const db = t.database.db;
    const artistImage = await storeBareImage('#404040');
    const albumCover = await storeBareImage('#205080');
    const songCover = await storeBareImage('#c06010');
    const artist = await buildArtist(db, { imageKey: artistImage });
    const album = await buildAlbum(db, { artistId: artist.id, coverKey: albumCover });
    const own = await buildSong(db, { artistId: artist.id, albumId: album.id, coverKey: songCover });
    const broken = (await t.storage.put(Buffer.from('not an image'), { extension: 'webp', contentType: 'image/webp' })).key;
    await buildSong(db, { artistId: artist.id, coverKey: broken });

    const log = { warn: vi.fn() };
    const first = await backfillImageColors({ db, storage: t.storage, log });
    // Earlier tests' images without a colour (the bare one above) are filled too.
    expect(first.colored).toBeGreaterThanOrEqual(3);
    expect(first.failed).toBe(1);
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ key: broken }), 'Could not work out the colour of an image');
    expect(await colorOf(artistImage)).toBe('#404040');
    expect(await colorOf(albumCover)).toBe('#205080');
    expect(await colorOf(songCover)).toBe('#c06010');

    const songsOfAlbum = await get<Song[]>(`/api/albums/${album.id}/songs`);
    expect(songsOfAlbum.find((song) => song.id === own.id)).toMatchObject({ coverColor: '#c06010' });
    expect((await get<Album>(`/api/albums/${album.id}`)).coverColor).toBe('#205080');

    // Run again: only the unreadable image is tried, nothing else changes.
    expect(await backfillImageColors({ db, storage: t.storage, log })).toEqual({ colored: 0, failed: 1 });
  });

  it('stops when its signal aborts', async () => {
    await storeBareImage('#010203').then((key) => buildArtist(t.database.db, { imageKey: key }));
    const controller = new AbortController();
    controller.abort(new Error('stopping'));
    await expect(backfillImageColors({ db: t.database.db, storage: t.storage, log: { warn: vi.fn() }, signal: controller.signal })).rejects.toThrow('stopping');
  });
});
