import fs from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../src/db/client.js';
import { albums, artists, releases, songFeaturedArtists, songs } from '../../src/db/schema.js';
import { buildTestAudio } from '../helpers/audio-fixtures.js';
import { buildAlbum, buildArtist, buildSong } from '../helpers/catalogue-factories.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { libraryEntries, releaseEntries, uploadOk } from './upload-helpers.js';

let t: TestApp;
let ada: SignedInUser;
let bola: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  ada = await signUp(t.app, { firstName: 'Ada', lastName: 'Eze' });
  bola = await signUp(t.app, { firstName: 'Bola', lastName: 'Ade' });
});
afterAll(() => t.close());

const anySong = () => buildTestAudio('mp3', { seed: 3 });
const uploadSong = async (user: SignedInUser, artist: string, title = 'A song') =>
  uploadOk(t.app, user.cookie, '/api/upload', libraryEntries({ audio: await anySong(), title, artist }));
const artistRow = async (id: number) => (await t.database.db.select().from(artists).where(eq(artists.id, id)))[0]!;
const songIdsOf = async (artistId: number) =>
  (await t.database.db.select({ id: songs.id }).from(songs).where(eq(songs.artistId, artistId))).map((row) => row.id);

describe("uploads credit only the uploader's own artists", () => {
  it("gives an upload under a catalogue artist's name an artist of the uploader's own, leaving the catalogue's untouched", async () => {
    const catalogue = await buildArtist(t.database.db, { name: 'Burna Boy' });
    const release = await uploadSong(ada, 'burna BOY');
    expect(release.artist.id).not.toBe(catalogue.id);
    expect(await artistRow(release.artist.id)).toMatchObject({ name: 'burna BOY', createdBy: ada.user.id });
    expect(await songIdsOf(catalogue.id)).toEqual([]);

    const page = await t.app.inject({ method: 'GET', url: `/api/artists/${release.artist.id}`, headers: { cookie: bola.cookie } });
    expect(page.json()).toMatchObject({ name: 'burna BOY', owner: { id: ada.user.id, name: 'Ada Eze' } });
  });

  it("never credits another listener's artist, and credits the uploader's own whatever the case", async () => {
    const bolas = await uploadSong(bola, 'Tems');
    const adas = await uploadSong(ada, 'TEMS');
    expect(adas.artist.id).not.toBe(bolas.artist.id);
    expect(await artistRow(adas.artist.id)).toMatchObject({ createdBy: ada.user.id });
    expect(await songIdsOf(bolas.artist.id)).toHaveLength(1);

    const again = await uploadSong(ada, 'tems', 'Another');
    expect(again.artist).toEqual(adas.artist);
  });

  it("credits featured artists the uploader's own way too", async () => {
    const catalogue = await buildArtist(t.database.db, { name: 'Wizkid' });
    const bolas = await uploadSong(bola, 'Asake');
    const release = await uploadOk(
      t.app,
      ada.cookie,
      '/api/upload-music',
      releaseEntries({ releaseType: 'single', artist: 'Ada Solo', tracks: [{ audio: await anySong(), title: 'Duet', featuredArtists: 'Wizkid, Asake' }] }),
    );
    const featured = await t.database.db
      .select({ id: artists.id, name: artists.name, createdBy: artists.createdBy })
      .from(songFeaturedArtists)
      .innerJoin(songs, eq(songs.id, songFeaturedArtists.songId))
      .innerJoin(artists, eq(artists.id, songFeaturedArtists.artistId))
      .where(eq(songs.releaseId, release.id))
      .orderBy(asc(songFeaturedArtists.position));
    expect(featured.map(({ name, createdBy }) => ({ name, createdBy }))).toEqual([
      { name: 'Wizkid', createdBy: ada.user.id },
      { name: 'Asake', createdBy: ada.user.id },
    ]);
    expect(featured.map((row) => row.id)).not.toContain(catalogue.id);
    expect(featured.map((row) => row.id)).not.toContain(bolas.artist.id);
  });

  it('creates one artist when one listener uploads under one new name twice at once', async () => {
    const [first, second] = await Promise.all([uploadSong(ada, 'Concurrent Star', 'One'), uploadSong(ada, 'CONCURRENT STAR', 'Two')]);
    expect(second!.artist.id).toBe(first!.artist.id);
    const rows = await t.database.db
      .select({ id: artists.id })
      .from(artists)
      .where(and(eq(artists.createdBy, ada.user.id), eq(sql`lower(${artists.name})`, 'concurrent star')));
    expect(rows).toHaveLength(1);
  });

  it('refuses a second artist of one listener under one name (any case) in the database itself', async () => {
    await buildArtist(t.database.db, { name: 'Unique Name', createdBy: bola.user.id });
    await expect(buildArtist(t.database.db, { name: 'UNIQUE name', createdBy: bola.user.id })).rejects.toThrow();
    // The catalogue and other listeners may use the name.
    await buildArtist(t.database.db, { name: 'Unique Name' });
    await buildArtist(t.database.db, { name: 'Unique Name' });
    await buildArtist(t.database.db, { name: 'Unique Name', createdBy: ada.user.id });
  });
});

describe('migration 0014', () => {
  /** The migration's repair of earlier uploads, run again on rows shaped as the hole left them. */
  async function repairEarlierUploads() {
    const file = await fs.readFile(path.join(migrationsFolder, '0014_artist_owners_storage_quota.sql'), 'utf8');
    const repairs = file.split('--> statement-breakpoint').filter((statement) => statement.includes('IS DISTINCT FROM'));
    expect(repairs).toHaveLength(6);
    for (const statement of repairs) await t.database.db.execute(sql.raw(statement));
  }

  it("moves earlier uploads credited to the catalogue's or another listener's artists to the uploader's own", async () => {
    const db = t.database.db;
    const catalogue = await buildArtist(db, { name: 'Davido' });
    const bolas = await buildArtist(db, { name: 'Rema', createdBy: bola.user.id });
    const [release] = await db.insert(releases).values({ userId: ada.user.id, releaseType: 'album', artistId: catalogue.id, title: 'Old', status: 'live' }).returning();
    const album = await buildAlbum(db, { artistId: catalogue.id, releaseId: release!.id });
    const song = await buildSong(db, { artistId: catalogue.id, albumId: album.id, releaseId: release!.id, uploadedBy: ada.user.id, featuring: [bolas.id] });
    const catalogueSong = await buildSong(db, { artistId: catalogue.id });

    await repairEarlierUploads();
    const own = await db.select().from(artists).where(and(eq(artists.createdBy, ada.user.id), eq(sql`lower(${artists.name})`, 'davido')));
    expect(own).toEqual([expect.objectContaining({ name: 'Davido' })]);
    expect((await db.select().from(releases).where(eq(releases.id, release!.id)))[0]!.artistId).toBe(own[0]!.id);
    expect((await db.select().from(albums).where(eq(albums.id, album.id)))[0]!.artistId).toBe(own[0]!.id);
    expect(await songIdsOf(own[0]!.id)).toEqual([song.id]);
    expect(await songIdsOf(catalogue.id)).toEqual([catalogueSong.id]);
    const [featured] = await db
      .select({ name: artists.name, createdBy: artists.createdBy })
      .from(songFeaturedArtists)
      .innerJoin(artists, eq(artists.id, songFeaturedArtists.artistId))
      .where(eq(songFeaturedArtists.songId, song.id));
    expect(featured).toEqual({ name: 'Rema', createdBy: ada.user.id });

    const artistCount = (await db.select({ id: artists.id }).from(artists)).length;
    await repairEarlierUploads();
    expect((await db.select({ id: artists.id }).from(artists)).length).toBe(artistCount);
  });
});
