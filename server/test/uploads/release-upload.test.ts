import { MISSING_INFORMATION_MESSAGE } from '@kora/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albums, artists, jobs, releases, songFeaturedArtists, songs, uploads } from '../../src/db/schema.js';
import { coverVariantKey } from '../../src/media/storage.js';
import { buildTestAudio } from '../helpers/audio-fixtures.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { buildPng } from '../helpers/multipart.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { countUploadRows, listMediaFiles, releaseEntries, type ReleaseUpload, sendUpload, type TrackUpload } from './upload-helpers.js';

let t: TestApp;
let ada: SignedInUser;
/** Music whose content does not matter to the test: encoded once, shared by every track (the tables below need it at once). */
const song = await buildTestAudio('mp3', { seed: 1, seconds: 1 });

beforeAll(async () => {
  t = await createTestApp();
  ada = await signUp(t.app);
});
afterAll(() => t.close());

const upload = (release: ReleaseUpload) => sendUpload(t.app, ada.cookie, '/api/upload-music', releaseEntries(release));
const tracks = (count: number): TrackUpload[] => Array.from({ length: count }, (_, index) => ({ audio: song, title: `Track ${index + 1}` }));
const songsOf = (releaseId: number) => t.database.db.select().from(songs).where(eq(songs.releaseId, releaseId)).orderBy(asc(songs.trackNumber));

/** Answers with its status and body, and checks that a refusal changed nothing. */
async function refused(release: ReleaseUpload) {
  const before = await countUploadRows(t.database.db);
  const files = await listMediaFiles(t);
  const response = await upload(release);
  expect(await countUploadRows(t.database.db)).toEqual(before);
  expect(await listMediaFiles(t)).toEqual(files);
  return { status: response.statusCode, body: response.json() };
}

describe('POST /api/upload-music', () => {
  it('uploads an EP: release, album with cover, numbered songs with their details, featured artists, files and one job', async () => {
    const [first, second, third, instrumental] = await Promise.all([
      buildTestAudio('flac', { seed: 11 }),
      buildTestAudio('m4a', { seed: 12 }),
      buildTestAudio('ogg', { seed: 13 }),
      buildTestAudio('wav', { seed: 14 }),
    ]);
    const response = await upload({
      releaseType: 'ep',
      artist: 'Tems',
      genre: 'hip-hop',
      language: 'yoruba',
      albumTitle: ' Born in the Wild ',
      albumCover: await buildPng('#663399', 800),
      tracks: [
        { audio: first, title: 'Love Me JeJe', featuredArtists: 'Wizkid, Asake , wizkid,, Tems', producers: 'Sarz', lyrics: 'Line one\nLine two', explicitContent: 'true', instrumental },
        { audio: second, title: 'Me & U', explicitContent: 'false' },
        { audio: third, title: 'Burning' },
      ],
    });
    expect(response.statusCode).toBe(201);
    const { success, message, release } = response.json();
    expect({ success, message }).toEqual({ success: true, message: 'Your ep has been uploaded successfully!' });
    expect(release).toMatchObject({
      title: 'Born in the Wild',
      releaseType: 'ep',
      artist: { name: 'Tems' },
      status: 'processing',
      progress: 0,
      tracks: [
        { title: 'Love Me JeJe', status: 'processing', duration: 2 },
        { title: 'Me & U', status: 'processing', duration: 2 },
        { title: 'Burning', status: 'processing', duration: 2 },
      ],
    });

    const [row] = await t.database.db.select().from(releases).where(eq(releases.id, release.id));
    expect(row).toMatchObject({ userId: ada.user.id, releaseType: 'ep', genre: 'Hip-Hop', language: 'Yoruba', status: 'processing' });
    const [album] = await t.database.db.select().from(albums).where(eq(albums.releaseId, release.id));
    expect(album).toMatchObject({ title: 'Born in the Wild', artistId: release.artist.id });
    expect(release.coverUrl).toBe(`/api/media/${album!.coverKey}`);
    for (const width of [160, 320]) expect(await t.storage.stat(coverVariantKey(album!.coverKey!, width)), `${width}`).toBeDefined();

    const rows = await songsOf(release.id);
    expect(rows.map((row) => [row.trackNumber, row.title, row.albumId, row.genre, row.language, row.fileMime])).toEqual([
      [1, 'Love Me JeJe', album!.id, 'Hip-Hop', 'Yoruba', 'audio/flac'],
      [2, 'Me & U', album!.id, 'Hip-Hop', 'Yoruba', 'audio/mp4'],
      [3, 'Burning', album!.id, 'Hip-Hop', 'Yoruba', 'audio/ogg'],
    ]);
    expect(rows[0]).toMatchObject({ producers: 'Sarz', lyrics: 'Line one\nLine two', explicit: true, coverKey: null, uploadedBy: ada.user.id, status: 'processing' });
    expect(rows[1]).toMatchObject({ producers: null, lyrics: null, explicit: false });

    // Featured: in order, once each, never the main artist; new names become artists created by the uploader.
    const featured = await t.database.db
      .select({ name: artists.name, position: songFeaturedArtists.position, createdBy: artists.createdBy })
      .from(songFeaturedArtists)
      .innerJoin(artists, eq(artists.id, songFeaturedArtists.artistId))
      .where(eq(songFeaturedArtists.songId, rows[0]!.id))
      .orderBy(asc(songFeaturedArtists.position));
    expect(featured).toEqual([
      { name: 'Wizkid', position: 0, createdBy: ada.user.id },
      { name: 'Asake', position: 1, createdBy: ada.user.id },
    ]);

    const records = await t.database.db.select().from(uploads).where(eq(uploads.releaseId, release.id)).orderBy(asc(uploads.id));
    expect(records.map((record) => [record.kind, record.songId, record.originalName, record.status])).toEqual([
      ['audio', rows[0]!.id, 'track-1.mp3', 'committed'],
      ['instrumental', rows[0]!.id, 'instrumental-1.wav', 'committed'],
      ['audio', rows[1]!.id, 'track-2.mp3', 'committed'],
      ['audio', rows[2]!.id, 'track-3.mp3', 'committed'],
      ['cover', null, 'cover.png', 'committed'],
    ]);
    expect(records[1]!.storageKey).toMatch(/\.wav$/);
    const queued = (await t.database.db.select().from(jobs)).filter((job) => (job.payload as { releaseId?: number }).releaseId === release.id);
    expect(queued).toEqual([expect.objectContaining({ type: 'process-release', status: 'queued' })]);
  });

  it('uploads a single titled by its song, on an album of its own', async () => {
    const response = await upload({ releaseType: 'single', genre: 'afro-pop', language: 'pidgin', tracks: [{ audio: song, title: 'Free Mind' }] });
    expect(response.statusCode).toBe(201);
    const { message, release } = response.json();
    expect(message).toBe('Your single has been uploaded successfully!');
    expect(release).toMatchObject({ title: 'Free Mind', releaseType: 'single', tracks: [{ title: 'Free Mind' }] });
    const [row] = await songsOf(release.id);
    const [album] = await t.database.db.select().from(albums).where(eq(albums.id, row!.albumId!));
    expect(album).toMatchObject({ title: 'Free Mind', releaseId: release.id });
  });

  it('uploads an album of 7 tracks, and one of 20', async () => {
    for (const count of [7, 20]) {
      const response = await upload({ releaseType: 'album', albumTitle: `Album of ${count}`, tracks: tracks(count) });
      expect(response.statusCode).toBe(201);
      expect(response.json().release.tracks).toHaveLength(count);
    }
  });

  it.each<[string, number, string]>([
    ['single', 2, 'A single must have exactly 1 track (this one has 2).'],
    ['ep', 1, 'An EP must have 2 to 6 tracks (this one has 1).'],
    ['ep', 7, 'An EP must have 2 to 6 tracks (this one has 7).'],
    ['album', 6, 'An album must have 7 to 20 tracks (this one has 6).'],
  ])('refuses a %s of %i tracks', async (releaseType, count, message) => {
    expect(await refused({ releaseType, albumTitle: 'Title', tracks: tracks(count) })).toEqual({ status: 400, body: { message } });
  });

  it('refuses a 21st track as soon as its field arrives', async () => {
    const entries = releaseEntries({ releaseType: 'album', albumTitle: 'Too long', tracks: tracks(21) });
    const response = await sendUpload(t.app, ada.cookie, '/api/upload-music', entries);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'A release can have at most 20 tracks.' });
  });

  it('refuses track numbers with a gap', async () => {
    const entries = releaseEntries({ releaseType: 'ep', albumTitle: 'Gaps', tracks: tracks(2) }).map(([name, value]): [string, typeof value] => [
      name.replace('tracks[1]', 'tracks[2]'),
      value,
    ]);
    const response = await sendUpload(t.app, ada.cookie, '/api/upload-music', entries);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Tracks are numbered from 0 without gaps: tracks[1] is missing.' });
  });

  it.each<[string, ReleaseUpload]>([
    ['an EP without an album title', { releaseType: 'ep', tracks: tracks(2) }],
    ['an album with a blank album title', { releaseType: 'album', albumTitle: '   ', tracks: tracks(7) }],
    ['a blank artist', { artist: '  ', albumTitle: 'T', tracks: tracks(2) }],
    ['no artist', { artist: undefined, albumTitle: 'T', tracks: tracks(2) }],
    ['a track without a title', { albumTitle: 'T', tracks: [{ audio: song, title: 'One' }, { audio: song }] }],
    ['a track with a blank title', { albumTitle: 'T', tracks: [{ audio: song, title: 'One' }, { audio: song, title: ' ' }] }],
    ['a track without audio', { albumTitle: 'T', tracks: [{ audio: song, title: 'One' }, { title: 'Two' }] }],
  ])('refuses %s: Missing Information', async (_case, release) => {
    expect(await refused(release)).toEqual({ status: 400, body: { message: MISSING_INFORMATION_MESSAGE } });
  });

  it.each<[string, ReleaseUpload, string]>([
    ['a genre not in the list', { genre: 'polka', albumTitle: 'T', tracks: tracks(2) }, 'Choose a genre from the list.'],
    ['a genre as displayed, not lowercased', { genre: 'Afrobeats', albumTitle: 'T', tracks: tracks(2) }, 'Choose a genre from the list.'],
    ['no genre', { genre: undefined, albumTitle: 'T', tracks: tracks(2) }, 'Choose a genre from the list.'],
    ['a language not in the list', { language: 'latin', albumTitle: 'T', tracks: tracks(2) }, 'Choose a language from the list.'],
    ['an unknown release type', { releaseType: 'mixtape', albumTitle: 'T', tracks: tracks(2) }, 'releaseType must be one of single, ep, album.'],
    ['no release type', { releaseType: undefined, albumTitle: 'T', tracks: tracks(2) }, 'releaseType must be one of single, ep, album.'],
    ['explicitContent that is not true or false', { albumTitle: 'T', tracks: [{ audio: song, title: 'One', explicitContent: 'yes' }, ...tracks(1)] }, 'explicitContent must be true or false.'],
    ['lyrics over 20,000 characters', { albumTitle: 'T', tracks: [{ audio: song, title: 'One', lyrics: 'la '.repeat(7000) }, ...tracks(1)] }, 'Lyrics must be at most 20000 characters.'],
  ])('refuses %s', async (_case, release, message) => {
    expect(await refused(release)).toEqual({ status: 400, body: { message } });
  });

  it.each<[string, [string, string][], string]>([
    ['an unknown field', [['releaseDate', '2026-01-01']], 'Unexpected field "releaseDate"'],
    ['an unknown track field', [['tracks[0][isrc]', 'X']], 'Unexpected field "tracks[0][isrc]"'],
    ['a track index with a leading zero', [['tracks[01][title]', 'X']], 'Unexpected field "tracks[01][title]"'],
    ['a field that only looks like a track', [['tracks[0]title', 'X']], 'Unexpected field "tracks[0]title"'],
  ])('refuses %s', async (_case, extra, start) => {
    const response = await sendUpload(t.app, ada.cookie, '/api/upload-music', [...releaseEntries({ albumTitle: 'T', tracks: tracks(2) }), ...extra]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(new RegExp(`^${start.replace(/[[\]]/g, '\\$&')}: send only releaseType, artist, genre, language, albumTitle, albumCover and tracks\\[i\\]\\[audioFile\\]`));
  });

  it("names the track whose file is not audio, and keeps none of the release's files", async () => {
    const distinct = await buildTestAudio('mp3', { seed: 21 });
    const result = await refused({ albumTitle: 'T', tracks: [{ audio: distinct, title: 'Good' }, { audio: Buffer.from('plain text, not music '.repeat(50)), title: 'Bad' }] });
    expect(result).toEqual({ status: 415, body: { message: 'Track 2: This file is not a supported audio format (MP3, WAV, FLAC, AAC, OGG or M4A).' } });
  });

  it('needs a session', async () => {
    const response = await sendUpload(t.app, undefined, '/api/upload-music', releaseEntries({ albumTitle: 'T', tracks: tracks(2) }));
    expect(response.statusCode).toBe(401);
  });
});
