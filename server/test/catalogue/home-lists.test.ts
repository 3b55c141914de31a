import type { Playlist } from '@kora/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playlists } from '../../src/db/schema.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// The home page's playlist lists are answered from memory between writes: a write by any
// part of the app must show on the very next request.
let t: TestApp;
let listener: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  listener = await signUp(t.app);
});
afterAll(() => t.close());

const names = async (url: string) =>
  ((await t.app.inject({ method: 'GET', url, headers: { cookie: listener.cookie } })).json() as Playlist[]).map((p) => p.name);

describe('home page playlist lists', () => {
  it("show the listener's new playlist and a renamed one at once", async () => {
    expect(await names('/api/playlists')).toEqual([]);
    const [row] = await t.database.db
      .insert(playlists)
      .values({ name: 'Road trip', userId: listener.user.id, createdBy: 'user' })
      .returning();
    expect(await names('/api/playlists')).toEqual(['Road trip']);
    await t.database.db.update(playlists).set({ name: 'Night drive' }).where(eq(playlists.id, row!.id));
    expect(await names('/api/playlists')).toEqual(['Night drive']);
  });

  it('show a new editorial playlist at once', async () => {
    expect(await names('/api/playlists/editorial')).toEqual([]);
    await t.database.db.insert(playlists).values({ name: 'Fresh Finds', isEditorial: true, createdBy: 'Kora' });
    expect(await names('/api/playlists/editorial')).toEqual(['Fresh Finds']);
  });

  it('need a session', async () => {
    for (const url of ['/api/playlists', '/api/playlists/editorial']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});
