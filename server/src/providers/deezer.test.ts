import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DeezerStandin, startDeezerStandin } from '../../test/helpers/deezer-standin.js';
import { ProviderError } from './catalogue-provider.js';
import { createDeezerProvider } from './deezer.js';

let standin: DeezerStandin;
let deezer: ReturnType<typeof createDeezerProvider>;
const call = () => ({ signal: AbortSignal.timeout(5000) });

beforeAll(async () => {
  standin = await startDeezerStandin({ previewSeconds: 1 });
  deezer = createDeezerProvider({ apiUrl: standin.apiUrl });
});
afterAll(() => standin.close());
beforeEach(() => standin.setApiFailure(null));

const burna = { externalId: '1424821', name: 'Burna Boy', imageUrl: expect.stringMatching(/^https:\/\/e-cdns-images\.dzcdn\.net\/images\/artist\/\w+\/250x250-/) };

describe('the Deezer provider, against the stand-in', () => {
  it('maps search results to tracks, best first, as many as asked', async () => {
    const tracks = await deezer.search('burna boy', 25, call());
    expect(tracks.map((track) => track.title)).toEqual(['Last Last', 'Kilometre', 'Ye']);
    expect(tracks[0]).toEqual({
      source: 'deezer',
      externalId: '1777591627',
      title: 'Last Last',
      duration: 172,
      previewUrl: expect.stringMatching(new RegExp(`^${standin.mediaOrigin}/api/1/1/.+\\.mp3\\?hdnea=exp=`)),
      coverUrl: expect.stringMatching(/^https:\/\/e-cdns-images\.dzcdn\.net\/images\/cover\/\w+\/250x250-/),
      explicit: true,
      artist: burna,
    });
    expect(await deezer.search('burna boy', 2, call())).toHaveLength(2);
    expect(await deezer.search('nothing like this', 25, call())).toEqual([]);
  });

  it('sends the search words as they were typed', async () => {
    expect((await deezer.search('Me & U', 5, call())).map((track) => track.title)).toEqual(['Me & U']);
  });

  it('reads the chart, most popular first', async () => {
    const chart = await deezer.chart(50, call());
    expect(chart).toHaveLength(standin.tracks.length);
    expect(chart[0]).toMatchObject({ externalId: '1718302212', title: 'Calm Down', artist: { name: 'Rema' } });
    expect(await deezer.chart(5, call())).toHaveLength(5);
  });

  it('reads one track, and answers null for one Deezer does not have', async () => {
    expect(await deezer.track('916424', call())).toMatchObject({ externalId: '916424', title: 'Ye', duration: 231, explicit: false, artist: burna });
    expect(await deezer.track('123', call())).toBeNull();
  });

  it('reads an artist and their top tracks; an unknown artist is null, with no top tracks', async () => {
    expect(await deezer.artist('1424821', call())).toEqual({ ...burna, albumCount: 3, fanCount: 1424821 });
    expect((await deezer.artistTopTracks('1424821', 25, call())).map((track) => track.title)).toEqual(['Last Last', 'Kilometre', 'Ye']);
    expect(await deezer.artistTopTracks('1424821', 1, call())).toHaveLength(1);
    expect(await deezer.artist('77', call())).toBeNull();
    expect(await deezer.artistTopTracks('77', 25, call())).toEqual([]);
  });

  it('asks nothing for ids that cannot be Deezer ids', async () => {
    const before = standin.stats().apiRequests;
    expect(await deezer.track('../chart', call())).toBeNull();
    expect(await deezer.artist('1 2', call())).toBeNull();
    expect(await deezer.artistTopTracks('abc', 25, call())).toEqual([]);
    expect(standin.stats().apiRequests).toBe(before);
  });

  it.each([
    ['down', /deezer: answered HTTP 503/],
    ['quota', /deezer: error 4: Quota limit exceeded/],
  ] as const)('fails with a ProviderError when Deezer is %s', async (mode, message) => {
    standin.setApiFailure(mode);
    for (const request of [() => deezer.search('burna', 5, call()), () => deezer.chart(5, call()), () => deezer.track('916424', call())]) {
      const error = await request().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ProviderError);
      expect((error as ProviderError).message).toMatch(message);
    }
  });

  it('stops waiting when its signal aborts', async () => {
    standin.setApiFailure('hang');
    const started = Date.now();
    const error = await deezer.chart(5, { signal: AbortSignal.timeout(100) }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).message).toBe('deezer: request stopped before Deezer answered');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('sends nothing when its signal has already aborted', async () => {
    const before = standin.stats().apiRequests;
    const controller = new AbortController();
    controller.abort();
    await expect(deezer.search('burna', 5, controller)).rejects.toBeInstanceOf(ProviderError);
    expect(standin.stats().apiRequests).toBe(before);
  });

  it('fails with a ProviderError when Deezer cannot be reached at all', async () => {
    const closed = createDeezerProvider({ apiUrl: 'http://127.0.0.1:1' });
    await expect(closed.chart(5, call())).rejects.toThrow('deezer: could not be reached');
  });
});

describe('the Deezer provider, on answers the stand-in does not give', () => {
  let server: http.Server;
  let bodies: Record<string, string>;
  let provider: ReturnType<typeof createDeezerProvider>;

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      const body = bodies[new URL(request.url ?? '/', 'http://x').pathname];
      response.writeHead(200, { 'content-type': 'application/json' }).end(body ?? '{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    provider = createDeezerProvider({ apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const artist = { id: 5, name: 'Aṣa', picture_medium: '' };
  const track = (id: number, extra: object = {}) => ({ id, title: `Track ${id}`, duration: 200, preview: `https://cdnt-preview.dzcdn.net/${id}.mp3`, artist, ...extra });

  it('leaves out tracks that cannot be played here or read, and reads an empty preview as none', async () => {
    bodies = {
      '/chart/0/tracks': JSON.stringify({
        data: [track(1), track(2, { readable: false }), { id: 'three', title: 3 }, track(4, { preview: '', album: { cover_medium: null } }), track(5, { preview: 'javascript:alert(1)' })],
      }),
    };
    const chart = await provider.chart(10, call());
    expect(chart.map((t) => [t.externalId, t.previewUrl])).toEqual([
      ['1', 'https://cdnt-preview.dzcdn.net/1.mp3'],
      ['4', null],
      ['5', null],
    ]);
    expect(chart[0]).toMatchObject({ coverUrl: null, explicit: false, artist: { externalId: '5', name: 'Aṣa', imageUrl: null } });
  });

  it.each([
    ['an answer that is not JSON', '<html>Busy</html>', 'deezer: answered something that is not JSON'],
    ['a list without its data', JSON.stringify({ total: 3 }), 'deezer: answered /chart/0/tracks without a track list'],
    ['an error other than no data', JSON.stringify({ error: { type: 'ParameterException', message: 'Wrong parameter', code: 501 } }), 'deezer: error 501: Wrong parameter'],
  ])('fails with a ProviderError on %s', async (_case, body, message) => {
    bodies = { '/chart/0/tracks': body };
    const error = await provider.chart(10, call()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).message).toBe(message);
  });

  it('fails with a ProviderError on a track or artist it cannot read', async () => {
    bodies = { '/track/9': JSON.stringify({ id: 9 }), '/artist/9': JSON.stringify({ id: 9 }) };
    await expect(provider.track('9', call())).rejects.toThrow('deezer: answered track 9 in a shape we cannot read');
    await expect(provider.artist('9', call())).rejects.toThrow('deezer: answered artist 9 in a shape we cannot read');
  });
});
