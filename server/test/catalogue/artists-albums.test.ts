import { albumSchema, artistSchema, songSchema, type Song } from '@kora/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAlbum, buildArtist, buildSong } from '../helpers/catalogue-factories.js';
import { signUp } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let cookie: string;
type Row = { id: number; name: string };
let star: Row & { imageKey: string | null; bio: string | null };
let guest: Row;
let other: Row;
const song: Record<'hit' | 'deepCut' | 'withGuest' | 'guestSolo' | 'duet' | 'draft' | 'track1' | 'track2' | 'track3', number> = {
  hit: 0, deepCut: 0, withGuest: 0, guestSolo: 0, duet: 0, draft: 0, track1: 0, track2: 0, track3: 0,
};
let albumIds: { latest: number; older: number; undated: number };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  star = await buildArtist(db, { name: 'Àṣà Ọlámidé', bio: 'Highlife from Ibadan.', imageKey: `cd/${'cd'.repeat(32)}.jpg` });
  guest = await buildArtist(db, { name: 'Bisi Guest' });
  other = await buildArtist(db, { name: 'Chidi Other' });
  const older = await buildAlbum(db, { artistId: star.id, title: 'First Light', releaseYear: 2019 });
  const latest = await buildAlbum(db, { artistId: star.id, title: 'Second Wind', releaseYear: 2024, description: 'The second one.' });
  const undated = await buildAlbum(db, { artistId: star.id, title: 'Demos', releaseYear: null });
  albumIds = { latest: latest.id, older: older.id, undated: undated.id };
  song.hit = (await buildSong(db, { artistId: star.id, playCount: 5000 })).id;
  song.deepCut = (await buildSong(db, { artistId: star.id, playCount: 3 })).id;
  song.withGuest = (await buildSong(db, { artistId: star.id, playCount: 40, featuring: [guest.id] })).id;
  song.guestSolo = (await buildSong(db, { artistId: guest.id, playCount: 100_000 })).id;
  song.duet = (await buildSong(db, { artistId: other.id, playCount: 7, featuring: [guest.id, star.id] })).id;
  song.draft = (await buildSong(db, { artistId: star.id, status: 'processing', featuring: [guest.id] })).id;
  song.track3 = (await buildSong(db, { artistId: star.id, albumId: latest.id, trackNumber: 3, playCount: 900 })).id;
  song.track1 = (await buildSong(db, { artistId: star.id, albumId: latest.id, trackNumber: 1 })).id;
  song.track2 = (await buildSong(db, { artistId: star.id, albumId: latest.id, trackNumber: 2, featuring: [guest.id] })).id;
  await buildSong(db, { artistId: star.id, albumId: latest.id, trackNumber: 4, status: 'rejected' });
  ({ cookie } = await signUp(t.app));
}, 60_000);
afterAll(() => t.close());

const get = (url: string, withSession = true) => t.app.inject({ method: 'GET', url, headers: withSession ? { cookie } : {} });

describe('needs a session', () => {
  it.each(['/api/artists', '/api/artists/1', '/api/artists/1/songs', '/api/artists/1/albums', '/api/albums/1', '/api/albums/1/songs'])(
    '%s',
    async (url) => {
      const response = await get(url, false);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'You need to sign in to do that.' });
    },
  );
});

describe('GET /api/artists', () => {
  it('lists artists by name in the contract shape, paginated', async () => {
    const list = artistSchema.strict().array().parse((await get('/api/artists')).json());
    expect(list.map((artist) => artist.name)).toEqual(['Àṣà Ọlámidé', 'Bisi Guest', 'Chidi Other']);
    expect(list[0]).toEqual({ id: star.id, name: star.name, bio: 'Highlife from Ibadan.', imageUrl: `/api/media/cd/${'cd'.repeat(32)}.jpg`, deezerId: null });
    expect((await get('/api/artists?limit=1&offset=1')).json().map((artist: Row) => artist.id)).toEqual([guest.id]);
  });

  it.each([
    ['limit=0', 'limit must be at least 1'],
    ['limit=201', 'limit must be at most 200'],
    ['offset=-1', 'offset must not be negative'],
  ])('refuses %s', async (query, message) => {
    const response = await get(`/api/artists?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });
});

describe('GET /api/artists/{id}', () => {
  it('answers the artist', async () => {
    expect((await get(`/api/artists/${guest.id}`)).json()).toEqual({
      id: guest.id, name: 'Bisi Guest', bio: null, imageUrl: null, deezerId: null, owner: null, songCount: 1, featuredSongCount: 3,
    });
  });

  it('counts the live songs of each role, as /songs lists them', async () => {
    for (const artist of [star, guest, other]) {
      const profile = artistSchema.parse((await get(`/api/artists/${artist.id}`)).json());
      const listed = (await get(`/api/artists/${artist.id}/songs`)).json() as Song[];
      expect([profile.songCount, profile.featuredSongCount], artist.name).toEqual([
        listed.filter((s) => !s.isFeatured).length,
        listed.filter((s) => s.isFeatured).length,
      ]);
    }
    expect((await get(`/api/artists/${star.id}`)).json()).toMatchObject({ songCount: 6, featuredSongCount: 1 });
  });

  it("says which listener a listener's artist profile belongs to, apart from the catalogue's artist of that name", async () => {
    const owner = await signUp(t.app, { firstName: 'Tunde', lastName: 'Bello' });
    const own = await buildArtist(t.database.db, { name: 'Bisi Guest', createdBy: owner.user.id });
    const response = await get(`/api/artists/${own.id}`);
    expect(artistSchema.parse(response.json())).toEqual({
      id: own.id, name: 'Bisi Guest', bio: null, imageUrl: null, deezerId: null, owner: { id: owner.user.id, name: 'Tunde Bello' }, songCount: 0, featuredSongCount: 0,
    });
    expect((await get(`/api/artists/${guest.id}`)).json()).toMatchObject({ name: 'Bisi Guest', owner: null });
  });

  it.each(['999999', 'abc', 'deezer-27', '0', '99999999999'])('answers 404 for %s', async (id) => {
    for (const suffix of ['', '/songs', '/albums']) {
      const response = await get(`/api/artists/${id}${suffix}`);
      expect(response.statusCode, suffix).toBe(404);
      expect(response.json()).toEqual({ message: 'Artist not found' });
    }
  });
});

describe('GET /api/artists/{id}/songs', () => {
  it('lists own songs by popularity, then the songs the artist is featured on, each marked', async () => {
    const list = songSchema.strict().array().parse((await get(`/api/artists/${star.id}/songs`)).json());
    expect(list.map((s) => [s.id, s.isFeatured])).toEqual([
      [song.hit, false],
      [song.track3, false],
      [song.withGuest, false],
      [song.deepCut, false],
      [song.track1, false],
      [song.track2, false],
      [song.duet, true],
    ]);
    const duet = list.find((s) => s.id === song.duet)!;
    expect(duet.artist.name).toBe('Chidi Other');
    expect(duet.featuredArtists).toEqual([
      { id: guest.id, name: 'Bisi Guest' },
      { id: star.id, name: 'Àṣà Ọlámidé' },
    ]);
  });

  it("marks the featured artist's appearances for them too, never listing drafts", async () => {
    const list = (await get(`/api/artists/${guest.id}/songs`)).json() as Song[];
    expect(list.filter((s) => !s.isFeatured).map((s) => s.id)).toEqual([song.guestSolo]);
    expect(list.filter((s) => s.isFeatured).map((s) => s.id).sort()).toEqual([song.withGuest, song.duet, song.track2].sort());
    expect(list.map((s) => s.id)).not.toContain(song.draft);
  });

  it('lists one role at a time, a page at a time, in the same order', async () => {
    const own = (await get(`/api/artists/${star.id}/songs?role=own`)).json() as Song[];
    expect(own.map((s) => s.id)).toEqual([song.hit, song.track3, song.withGuest, song.deepCut, song.track1, song.track2]);
    expect(own.every((s) => s.isFeatured === false)).toBe(true);
    expect((await get(`/api/artists/${star.id}/songs?role=own&limit=2&offset=2`)).json().map((s: Song) => s.id)).toEqual([song.withGuest, song.deepCut]);
    const featured = (await get(`/api/artists/${guest.id}/songs?role=featured&limit=2`)).json() as Song[];
    expect(featured.map((s) => [s.id, s.isFeatured])).toEqual([[song.withGuest, true], [song.duet, true]]);
    expect((await get(`/api/artists/${guest.id}/songs?role=featured&offset=2`)).json().map((s: Song) => s.id)).toEqual([song.track2]);
    expect((await get(`/api/artists/${other.id}/songs?role=featured`)).json()).toEqual([]);
  });

  it('refuses an unknown role and changes nothing', async () => {
    const response = await get(`/api/artists/${star.id}/songs?role=producer`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: "role must be 'own' or 'featured'" });
  });

  it('pages and refuses limits above 500', async () => {
    expect((await get(`/api/artists/${star.id}/songs?limit=2&offset=1`)).json().map((s: Song) => s.id)).toEqual([song.track3, song.withGuest]);
    const response = await get(`/api/artists/${star.id}/songs?limit=501`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'limit must be at most 500' });
  });
});

describe('GET /api/artists/{id}/albums', () => {
  it('lists the albums newest first with their release years, undated last', async () => {
    const list = albumSchema.strict().array().parse((await get(`/api/artists/${star.id}/albums`)).json());
    expect(list.map((album) => [album.id, album.releaseYear])).toEqual([
      [albumIds.latest, 2024],
      [albumIds.older, 2019],
      [albumIds.undated, null],
    ]);
    expect(list[0]!.artist).toEqual({ id: star.id, name: star.name });
  });

  it('is empty for an artist without albums', async () => {
    expect((await get(`/api/artists/${guest.id}/albums`)).json()).toEqual([]);
  });
});

describe('GET /api/albums/{id}', () => {
  it('answers the album in the contract shape', async () => {
    const response = await get(`/api/albums/${albumIds.latest}`);
    expect(albumSchema.strict().parse(response.json())).toEqual({
      id: albumIds.latest,
      title: 'Second Wind',
      coverUrl: null,
      coverColor: null,
      releaseYear: 2024,
      description: 'The second one.',
      artist: { id: star.id, name: star.name },
    });
  });

  it.each(['999999', 'abc', '-1', '1.5'])('answers 404 for %s', async (id) => {
    for (const suffix of ['', '/songs']) {
      const response = await get(`/api/albums/${id}${suffix}`);
      expect(response.statusCode, suffix).toBe(404);
      expect(response.json()).toEqual({ message: 'Album not found' });
    }
  });
});

describe('GET /api/albums/{id}/songs', () => {
  it('lists the live tracks in track order, with featured credits', async () => {
    const list = songSchema.strict().array().parse((await get(`/api/albums/${albumIds.latest}/songs`)).json());
    expect(list.map((s) => s.id)).toEqual([song.track1, song.track2, song.track3]);
    expect(list[1]!.featuredArtists).toEqual([{ id: guest.id, name: 'Bisi Guest' }]);
    expect(list[0]!.album).toEqual({ id: albumIds.latest, title: 'Second Wind', coverUrl: null });
  });

  it('is empty for an album without tracks', async () => {
    expect((await get(`/api/albums/${albumIds.older}/songs`)).json()).toEqual([]);
  });
});
