import { type Song, type SongPage, songPageSchema } from '@kora/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { songs } from '../../src/db/schema.js';
import { buildArtist, buildSong } from '../helpers/catalogue-factories.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { buildEditorialPlaylist } from '../helpers/playlists.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let listener: SignedInUser;
let artistId: number;

beforeAll(async () => {
  t = await createTestApp();
  artistId = (await buildArtist(t.database.db)).id;
  // Some songs added together (one created_at), some one by one.
  await t.database.db.insert(songs).values(Array.from({ length: 9 }, (_, index) => ({ title: `Batch ${index}`, artistId, duration: 120 })));
  for (let index = 0; index < 8; index += 1) await buildSong(t.database.db, { artistId });
  // Not listed, not live: never in a page.
  await buildSong(t.database.db, { artistId, listed: false });
  await buildSong(t.database.db, { artistId, status: 'processing' });
  listener = await signUp(t.app);
}, 60_000);
afterAll(() => t.close());

function get(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers: { cookie: listener.cookie, ...headers } });
}

async function getPage(url: string): Promise<SongPage> {
  const response = await get(url);
  expect(response.statusCode, response.body).toBe(200);
  return songPageSchema.parse(response.json());
}

const idsOf = (list: Song[]) => list.map((song) => song.id);

describe('GET /api/songs/browse', () => {
  it('pages through the whole catalogue in the order of GET /api/songs, each song once', async () => {
    const everything = idsOf((await get('/api/songs')).json() as Song[]);
    expect(everything).toHaveLength(17);
    const seen: (number | string)[] = [];
    let page = await getPage('/api/songs/browse?limit=5');
    seen.push(...idsOf(page.songs));
    while (page.nextCursor !== null) {
      page = await getPage(`/api/songs/browse?limit=5&cursor=${page.nextCursor}`);
      seen.push(...idsOf(page.songs));
    }
    expect(seen).toEqual(everything);
    expect(page.songs).toHaveLength(2);
  });

  it('says there is no next page when the last page is exactly full', async () => {
    const first = await getPage('/api/songs/browse?limit=10');
    const last = await getPage(`/api/songs/browse?limit=7&cursor=${first.nextCursor}`);
    expect(last.songs).toHaveLength(7);
    expect(last.nextCursor).toBeNull();
  });

  it('neither repeats nor skips a song when songs are added between two pages', async () => {
    const first = await getPage('/api/songs/browse?limit=6');
    const added = await buildSong(t.database.db, { artistId });
    const second = await getPage(`/api/songs/browse?limit=6&cursor=${first.nextCursor}`);
    const everything = idsOf((await get('/api/songs')).json() as Song[]);
    expect(everything[0]).toBe(added.id);
    expect(idsOf(second.songs)).toEqual(everything.slice(7, 13));
  });

  it('refuses a page size or cursor it cannot use, saying why', async () => {
    for (const [query, message] of [
      ['limit=0', 'limit must be at least 1'],
      ['limit=61', 'limit must be at most 60'],
      ['cursor=abc', 'cursor must be the nextCursor of an earlier page'],
      ['cursor=-4', 'cursor must be the nextCursor of an earlier page'],
    ]) {
      const response = await get(`/api/songs/browse?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toContain(message);
    }
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/songs/browse' })).statusCode).toBe(401);
  });
});

describe('validators on the answers every listener shares', () => {
  it.each(['/api/songs', '/api/songs/trending', '/api/songs/browse', '/api/songs/browse?limit=3'])(
    'GET %s has an entity tag, answers 304 without a body to it, and a new tag after a change',
    async (url) => {
      const first = await get(url);
      expect(first.statusCode).toBe(200);
      // Kept by the listener's browser only, and checked with the server each time.
      expect(first.headers['cache-control']).toBe('private, no-cache');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[\w-]+"$/);

      const again = await get(url, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);

      // Another listener holding the same copy gets the same 304: the answer names nobody.
      const other = await signUp(t.app);
      const theirs = await t.app.inject({ method: 'GET', url, headers: { cookie: other.cookie, 'if-none-match': etag } });
      expect(theirs.statusCode).toBe(304);

      await buildSong(t.database.db, { artistId, playCount: 1_000_000 });
      const changed = await get(url, { 'if-none-match': etag });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
      expect(changed.json()).toEqual((await get(url)).json());
    },
  );

  it('GET /api/playlists/editorial has an entity tag too, and a new one when the editorial list changes', async () => {
    await buildEditorialPlaylist(t.database.db);
    const first = await get('/api/playlists/editorial');
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = String(first.headers.etag);
    const other = await signUp(t.app);
    const theirs = await t.app.inject({ method: 'GET', url: '/api/playlists/editorial', headers: { cookie: other.cookie, 'if-none-match': etag } });
    expect(theirs.statusCode).toBe(304);

    await buildEditorialPlaylist(t.database.db);
    const changed = await get('/api/playlists/editorial', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json()).toHaveLength((first.json() as unknown[]).length + 1);
  });

  it('still refuses a request without a session, whatever tag it sends', async () => {
    const { etag } = (await get('/api/songs/trending')).headers;
    const response = await t.app.inject({ method: 'GET', url: '/api/songs/trending', headers: { 'if-none-match': String(etag) } });
    expect(response.statusCode).toBe(401);
  });

  it("keeps the listener's own lists out of every cache", async () => {
    await buildEditorialPlaylist(t.database.db);
    for (const url of ['/api/songs/recently-played', '/api/home']) {
      const response = await get(url);
      expect(response.headers['cache-control'], url).toBe('private, no-store');
      expect(response.headers.etag, url).toBeUndefined();
    }
  });
});
