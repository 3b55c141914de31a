import { artistSchema, followStateSchema, type Artist } from '@kora/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artistFollows } from '../../src/db/schema.js';
import { buildArtist } from '../helpers/catalogue-factories.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

function send(method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string) {
  return t.app.inject({ method, url, headers: cookie ? { cookie } : {} });
}

async function followState(method: 'GET' | 'POST' | 'DELETE', user: SignedInUser, artistId: number | string) {
  const response = await send(method, `/api/artists/${artistId}/follow`, user.cookie);
  expect(response.statusCode).toBe(200);
  return followStateSchema.strict().parse(response.json());
}

async function following(user: SignedInUser, query = ''): Promise<Artist[]> {
  const response = await send('GET', `/api/artists/following${query}`, user.cookie);
  expect(response.statusCode).toBe(200);
  return artistSchema.strict().array().parse(response.json());
}

async function followRows(userId: number, artistId: number) {
  return t.database.db
    .select()
    .from(artistFollows)
    .where(and(eq(artistFollows.userId, userId), eq(artistFollows.artistId, artistId)));
}

describe('artist follow', () => {
  it('needs a session', async () => {
    const artist = await buildArtist(t.database.db);
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      expect((await send(method, `/api/artists/${artist.id}/follow`)).statusCode).toBe(401);
    }
    expect((await send('GET', '/api/artists/following')).statusCode).toBe(401);
  });

  it('follows and unfollows, each idempotent, and says the state', async () => {
    const user = await signUp(t.app);
    const artist = await buildArtist(t.database.db);
    expect(await followState('GET', user, artist.id)).toEqual({ isFollowing: false });
    expect(await followState('POST', user, artist.id)).toEqual({ isFollowing: true });
    expect(await followState('POST', user, artist.id)).toEqual({ isFollowing: true });
    expect(await followRows(user.user.id, artist.id)).toHaveLength(1);
    expect(await followState('GET', user, artist.id)).toEqual({ isFollowing: true });
    expect(await followState('DELETE', user, artist.id)).toEqual({ isFollowing: false });
    expect(await followState('DELETE', user, artist.id)).toEqual({ isFollowing: false });
    expect(await followRows(user.user.id, artist.id)).toHaveLength(0);
  });

  it("is each listener's own", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const artist = await buildArtist(t.database.db);
    await followState('POST', a, artist.id);
    expect(await followState('GET', b, artist.id)).toEqual({ isFollowing: false });
    expect(await following(b)).toEqual([]);
    // B's unfollow leaves A's follow alone.
    await followState('DELETE', b, artist.id);
    expect(await followRows(a.user.id, artist.id)).toHaveLength(1);
    expect((await following(a)).map((listed) => listed.id)).toEqual([artist.id]);
  });

  it('lists the followed artists, most recently followed first, a page at a time', async () => {
    const user = await signUp(t.app);
    const [first, second, third] = [
      await buildArtist(t.database.db, { name: 'Àṣà Ọlámidé', bio: 'Highlife from Ibadan.' }),
      await buildArtist(t.database.db),
      await buildArtist(t.database.db),
    ];
    for (const artist of [first, second, third]) await followState('POST', user, artist.id);
    // Re-following keeps the first date: the order does not change.
    await followState('POST', user, first.id);
    const listed = await following(user);
    expect(listed.map((artist) => artist.id)).toEqual([third.id, second.id, first.id]);
    expect(listed[2]).toEqual({ id: first.id, name: 'Àṣà Ọlámidé', bio: 'Highlife from Ibadan.', imageUrl: null, deezerId: null });
    expect((await following(user, '?limit=2&offset=1')).map((artist) => artist.id)).toEqual([second.id, first.id]);
    const bad = await send('GET', '/api/artists/following?limit=0', user.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'limit must be at least 1' });
  });

  it('answers 404 for artists that do not exist and 400 for ids that are neither numbers nor Deezer ids', async () => {
    const user = await signUp(t.app);
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      // deezer-123: without a catalogue configured, a Deezer artist Kora has not cached is unknown.
      for (const id of ['999999', '0', '99999999999', 'deezer-123']) {
        const response = await send(method, `/api/artists/${id}/follow`, user.cookie);
        expect(response.statusCode, `${method} ${id}`).toBe(404);
        expect(response.json()).toEqual({ message: 'Artist not found' });
      }
      for (const id of ['abc', 'deezer-abc', 'youtube-123', '-4']) {
        const response = await send(method, `/api/artists/${id}/follow`, user.cookie);
        expect(response.statusCode, `${method} ${id}`).toBe(400);
        expect(response.json()).toEqual({ message: 'Artist id must be a number or a Deezer id such as deezer-1424821' });
      }
    }
    expect(await following(user)).toEqual([]);
  });

  it('leaves the artist routes as they were', async () => {
    const user = await signUp(t.app);
    const artist = await buildArtist(t.database.db, { name: 'Following' });
    const response = await send('GET', `/api/artists/${artist.id}`, user.cookie);
    expect(response.json()).toMatchObject({ id: artist.id, name: 'Following' });
    expect((await send('GET', '/api/artists/following', user.cookie)).json()).toEqual([]);
  });
});
