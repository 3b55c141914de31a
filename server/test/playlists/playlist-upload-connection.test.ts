import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../helpers/factories.js';
import { sendFormThenReuse } from '../helpers/keep-alive.js';
import type { FormEntry } from '../helpers/multipart.js';
import { createPlaylistViaApi } from '../helpers/playlists.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// Over a real socket: a refused upload is answered, the rest of its body is read and dropped,
// and the same keep-alive connection serves the next request (it would otherwise stall).
let t: TestApp;
let cookie: string;
let origin: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await signUp(t.app));
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const megabytes = (count: number) => Buffer.alloc(count * 1024 * 1024, 1);

describe('a refused upload over a keep-alive connection', () => {
  it.each([
    ['an unknown field before a large file', [['bogus', 'x'], ['coverFile', { data: megabytes(5), filename: 'a.png' }]], 400],
    ['a cover over the size limit', [['name', 'x'], ['coverFile', { data: megabytes(11), filename: 'a.png' }]], 413],
    ['a large file that is not an image', [['name', 'x'], ['coverFile', { data: megabytes(5), filename: 'a.png' }]], 415],
  ] as [string, [string, FormEntry][], number][])('%s is answered and the connection serves the next request', async (_case, entries, status) => {
    const { answer: refused, next } = await sendFormThenReuse(origin, { method: 'POST', path: '/api/playlists', cookie, entries, nextPath: '/api/playlists' });
    expect(refused.status).toBe(status);
    expect(JSON.parse(refused.body)).toEqual({ message: expect.any(String) });
    expect(next.status).toBe(200);
    expect(next.socket).toBe(refused.socket);
  });

  it("is answered before the body is read when the playlist is not the sender's", async () => {
    const owner = await signUp(t.app);
    const playlist = await createPlaylistViaApi(t.app, owner.cookie);
    const entries: [string, FormEntry][] = [['name', 'Mine now'], ['coverFile', { data: megabytes(5), filename: 'a.png' }]];
    const { answer: refused, next } = await sendFormThenReuse(origin, { method: 'PATCH', path: `/api/playlists/${playlist.id}`, cookie, entries, nextPath: '/api/playlists' });
    expect(refused.status).toBe(403);
    expect(next.status).toBe(200);
    expect(next.socket).toBe(refused.socket);
  });
});
