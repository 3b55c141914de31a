import { importResponseSchema } from '@kora/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { countDeezerRows, deezerRow, type ExternalTestApp, getSongs, request, startWithStandin } from './external-helpers.js';

const ESSENCE = 1_050_345_232;
const UNREACHABLE = { message: 'Deezer could not be reached. Try again later.' };

function importPopular(e: ExternalTestApp, user: SignedInUser = e.listener) {
  return request(e.t, 'POST', '/api/import/popular-music', user.cookie);
}

describe('POST /api/import/popular-music', () => {
  let e: ExternalTestApp;
  beforeAll(async () => {
    e = await startWithStandin();
  }, 60_000);
  afterAll(() => e.close());
  afterEach(() => e.standin.setApiFailure(null));

  it('needs a session', async () => {
    expect((await request(e.t, 'POST', '/api/import/popular-music')).statusCode).toBe(401);
    expect(await countDeezerRows(e.t)).toBe(0);
  });

  it.each(['down', 'quota', 'hang'] as const)('answers 502 and writes nothing when Deezer is %s', async (mode) => {
    e.standin.setApiFailure(mode);
    const started = Date.now();
    const response = await importPopular(e, await signUp(e.t.app));
    expect(Date.now() - started).toBeLessThan(8000);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual(UNREACHABLE);
    expect(await countDeezerRows(e.t)).toBe(0);
  });

  it('lists the chart as preview songs, counting a track a search cached before', async () => {
    const search = await request(e.t, 'GET', '/api/search?q=essence', e.listener.cookie);
    expect(search.json().songs.map((song: { id: unknown }) => song.id)).toEqual([`deezer-${ESSENCE}`]);
    const cached = await deezerRow(e.t, ESSENCE);
    expect(cached!.listed).toBe(false);

    const response = await importPopular(e);
    expect(response.statusCode).toBe(200);
    expect(importResponseSchema.strict().parse(response.json())).toEqual({ importedCount: e.standin.tracks.length });
    expect(await deezerRow(e.t, ESSENCE)).toMatchObject({ id: cached!.id, listed: true });

    const listed = await getSongs(e.t, '/api/songs', e.listener.cookie);
    expect(listed).toHaveLength(e.standin.tracks.length);
    expect(new Set(listed.map((song) => song.id))).toEqual(new Set(e.standin.tracks.map((track) => `deezer-${track.id}`)));
    expect(listed.every((song) => song.isPreview && song.isExternal && song.source === 'deezer' && song.fileUrl?.startsWith(e.standin.mediaOrigin))).toBe(true);
    const artists = (await request(e.t, 'GET', '/api/artists', e.listener.cookie)).json() as { id: unknown }[];
    expect(artists.map((artist) => artist.id)).toContain('deezer-1424821');
  });

  it('imports nothing twice', async () => {
    const response = await importPopular(e);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ importedCount: 0 });
    expect(await countDeezerRows(e.t)).toBe(e.standin.tracks.length);
  });

  it('allows a listener 3 imports in 10 minutes, and says so on the 4th', async () => {
    const busy = await signUp(e.t.app);
    for (let i = 0; i < 3; i++) expect((await importPopular(e, busy)).statusCode).toBe(200);
    const refused = await importPopular(e, busy);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'You can import popular music 3 times every 10 minutes. Try again later.' });
    expect((await importPopular(e, await signUp(e.t.app))).statusCode).toBe(200);
  });
});

describe('concurrent popular-music imports', () => {
  let e: ExternalTestApp;
  beforeAll(async () => {
    e = await startWithStandin();
  }, 60_000);
  afterAll(() => e.close());

  it('list every track once, however they interleave with each other and with searches', async () => {
    const [first, second] = await Promise.all([
      importPopular(e),
      importPopular(e, await signUp(e.t.app)),
      request(e.t, 'GET', '/api/search?q=rema', e.listener.cookie),
      request(e.t, 'GET', '/api/artists/deezer-1424821/songs', e.listener.cookie),
    ]);
    expect([first!.statusCode, second!.statusCode]).toEqual([200, 200]);
    const counts = [first!.json().importedCount, second!.json().importedCount];
    expect(counts[0] + counts[1]).toBe(e.standin.tracks.length);
    expect(await countDeezerRows(e.t)).toBe(e.standin.tracks.length);
    expect(await getSongs(e.t, '/api/songs', e.listener.cookie)).toHaveLength(e.standin.tracks.length);
  });
});
