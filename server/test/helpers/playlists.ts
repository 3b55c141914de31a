import type { Playlist } from '@kora/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/client.js';
import { playlistSongs, playlists } from '../../src/db/schema.js';
import { type FormEntry, multipartBody } from './multipart.js';
import type { TestApp } from './test-app.js';

/** Sends a playlist form (POST /api/playlists, or PATCH for an id) as the signed-in user. */
export async function sendPlaylistForm(
  app: FastifyInstance,
  cookie: string,
  entries: [string, FormEntry][],
  options: { method?: 'POST' | 'PATCH'; url?: string } = {},
) {
  const body = await multipartBody(entries);
  return app.inject({
    method: options.method ?? 'POST',
    url: options.url ?? '/api/playlists',
    headers: { cookie, ...body.headers },
    payload: body.payload,
  });
}

/** Creates a playlist through the API and returns it. */
export async function createPlaylistViaApi(app: FastifyInstance, cookie: string, entries: [string, FormEntry][] = [['name', 'My playlist']]): Promise<Playlist> {
  const response = await sendPlaylistForm(app, cookie, entries);
  if (response.statusCode !== 201) throw new Error(`create playlist failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

export async function buildEditorialPlaylist(db: Db, songIds: number[] = []) {
  const [row] = await db.insert(playlists).values({ name: 'Fresh Finds', isEditorial: true, createdBy: 'Kora Editors' }).returning();
  if (songIds.length > 0) await db.insert(playlistSongs).values(songIds.map((songId, position) => ({ playlistId: row!.id, songId, position })));
  return row!;
}

/** Every object in the test app's media store (folder or bucket), as storage keys. */
export async function listStoredKeys(t: TestApp): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of t.storage.list()) keys.push(object.key);
  return keys.sort();
}

/** The storage key behind a coverUrl (/api/media/{key}). */
export function keyOfUrl(url: string | null): string {
  if (!url?.startsWith('/api/media/')) throw new Error(`not a media url: ${url}`);
  return url.slice('/api/media/'.length);
}
