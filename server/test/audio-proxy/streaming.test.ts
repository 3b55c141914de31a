import http from 'node:http';
import type { LookupFunction } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type DeezerStandin, startDeezerStandin } from '../helpers/deezer-standin.js';
import { signUp } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { getOverHttp, type ScriptedMediaServer, startScriptedMediaServer } from './test-servers.js';

const TRACK = 916_424;
const trackId = `deezer-${TRACK}`;
let t: TestApp;
let cookie: string;
let standin: DeezerStandin;
let scripted: ScriptedMediaServer;
let baseUrl: string;
const lookups: string[] = [];

// `localhost` answers 127.0.0.1 only (the system may answer ::1 too, which is not trusted here).
const lookup: LookupFunction = (hostname, options, callback) => {
  lookups.push(hostname);
  if (options.all) callback(null, [{ address: '127.0.0.1', family: 4 }]);
  else callback(null, '127.0.0.1', 4);
};

beforeAll(async () => {
  standin = await startDeezerStandin();
  scripted = await startScriptedMediaServer((request, response) => {
    if (request.url === '/stall-headers') return;
    if (request.url === '/stall-body') {
      // Headers and a first chunk, then nothing: the listener leaves while the source still holds the stream.
      response.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': 1_000_000 });
      response.write(Buffer.alloc(16 * 1024));
      return;
    }
    response.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': 4, 'set-cookie': 'cdn=1' }).end('ID3\u0004');
  });
  t = await createTestApp(
    {
      audioProxy: {
        allowedHosts: [standin.mediaHost, `localhost:${standin.mediaHost.split(':')[1]}`, scripted.host],
        // The stand-in and the scripted host live on 127.0.0.1, which only a setting can make acceptable.
        trustedAddresses: ['127.0.0.1'],
        caFile: standin.caFile,
        maxBytes: 20 * 1024 * 1024,
        timeoutMs: 60_000,
      },
    },
    { audioProxyLookup: lookup },
  );
  cookie = (await signUp(t.app)).cookie;
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);

afterAll(async () => {
  await t.close();
  await Promise.all([standin.close(), scripted.close()]);
});

function proxy(url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') {
  return t.app.inject({ method, url: '/api/audio-proxy', query: { url, trackId }, headers: { cookie, ...headers } });
}

describe('GET /api/audio-proxy streams a preview from the stand-in', () => {
  it('relays the whole MP3 with its type, length, validators and a private cache policy', async () => {
    const bytes = standin.previewBytes(TRACK);
    const response = await proxy(standin.previewUrl(TRACK));
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(bytes)).toBe(true);
    expect(response.headers['content-type']).toBe('audio/mpeg');
    expect(response.headers['content-length']).toBe(String(bytes.length));
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers['cache-control']).toBe('private, max-age=3600');
    expect(response.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(response.headers['last-modified']).toBe('Mon, 01 Jan 2024 00:00:00 GMT');
  });

  it('passes a Range through: 206 with the asked bytes and Content-Range', async () => {
    const bytes = standin.previewBytes(TRACK);
    const response = await proxy(standin.previewUrl(TRACK), { range: 'bytes=1000-4999' });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes 1000-4999/${bytes.length}`);
    expect(response.headers['content-length']).toBe('4000');
    expect(response.rawPayload.equals(bytes.subarray(1000, 5000))).toBe(true);

    const tail = await proxy(standin.previewUrl(TRACK), { range: 'bytes=-500' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(bytes.subarray(bytes.length - 500))).toBe(true);
  });

  it('answers 416 with the size for a range past the end', async () => {
    const size = standin.previewBytes(TRACK).length;
    const response = await proxy(standin.previewUrl(TRACK), { range: `bytes=${size + 10}-` });
    expect(response.statusCode).toBe(416);
    expect(response.headers['content-range']).toBe(`bytes */${size}`);
    expect(response.json()).toEqual({ message: 'Requested range not satisfiable.' });
  });

  it('answers conditional requests with 304 when the cached copy is current', async () => {
    const first = await proxy(standin.previewUrl(TRACK));
    const etag = String(first.headers.etag);
    const byTag = await proxy(standin.previewUrl(TRACK), { 'if-none-match': etag });
    expect(byTag.statusCode).toBe(304);
    expect(byTag.rawPayload.length).toBe(0);
    expect(byTag.headers.etag).toBe(etag);
    expect(byTag.headers['cache-control']).toBe('private, max-age=3600');

    const byDate = await proxy(standin.previewUrl(TRACK), { 'if-modified-since': String(first.headers['last-modified']) });
    expect(byDate.statusCode).toBe(304);

    const stale = await proxy(standin.previewUrl(TRACK), { 'if-none-match': '"something-else"' });
    expect(stale.statusCode).toBe(200);
  });

  it('answers HEAD with the headers only', async () => {
    const response = await proxy(standin.previewUrl(TRACK), {}, 'HEAD');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe(String(standin.previewBytes(TRACK).length));
    expect(response.rawPayload.length).toBe(0);
  });

  it('answers 410 with a clear message for an expired link, and plays the fresh one', async () => {
    const old = standin.previewUrl(TRACK);
    standin.expire(TRACK);
    const expired = await proxy(old);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({ message: 'This preview link has expired.' });

    const fresh = await proxy(standin.previewUrl(TRACK));
    expect(fresh.statusCode).toBe(200);
    expect(fresh.rawPayload.equals(standin.previewBytes(TRACK))).toBe(true);
  });

  it('resolves a host name when connecting, and checks the answer', async () => {
    const response = await proxy(standin.previewUrl(TRACK).replace('127.0.0.1', 'localhost'));
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(standin.previewBytes(TRACK))).toBe(true);
    // Once for the early check, once by the socket as it connected.
    expect(lookups).toEqual(['localhost', 'localhost']);
  });

  it('keeps connections to the source alive between previews', async () => {
    await proxy(standin.previewUrl(TRACK));
    const before = standin.stats();
    for (let i = 0; i < 5; i += 1) expect((await proxy(standin.previewUrl(TRACK), { range: 'bytes=0-99' })).statusCode).toBe(206);
    const after = standin.stats();
    expect(after.mediaRequests - before.mediaRequests).toBe(5);
    expect(after.mediaConnections).toBe(before.mediaConnections);
  });

  it('sends the source only the playback headers: no cookies, no credentials, its own User-Agent', async () => {
    const response = await proxy(`${scripted.origin}/short.mp3`, {
      range: 'bytes=0-3',
      'if-none-match': '"v1"',
      authorization: 'Bearer secret',
      'x-forwarded-for': '10.0.0.9',
      'user-agent': 'Mozilla/5.0 (Listener)',
    });
    expect(response.statusCode).toBe(200);
    // Nothing the source sets reaches the listener but the relayed headers.
    expect(response.headers['set-cookie']).toBeUndefined();
    const sent = scripted.requests.at(-1)!.headers;
    expect(sent.cookie).toBeUndefined();
    expect(sent.authorization).toBeUndefined();
    expect(sent['x-forwarded-for']).toBeUndefined();
    expect(sent['user-agent']).toBe('Kora-AudioProxy/1.0');
    expect(sent.range).toBe('bytes=0-3');
    expect(sent['if-none-match']).toBe('"v1"');
  });

  it('closes the connection to the source when the listener leaves', async () => {
    const response = await getOverHttp(`${baseUrl}/api/audio-proxy?${new URLSearchParams({ url: `${scripted.origin}/stall-body`, trackId })}`, { cookie }, { leaveAfterFirstBytes: true });
    expect(response.status).toBe(200);
    const upstream = scripted.requests.at(-1)!;
    expect(upstream.url).toBe('/stall-body');
    // The source would hold it for the whole 60 s stream limit otherwise.
    await vi.waitFor(() => expect(upstream.connectionClosed()).toBe(true), { timeout: 5_000 });
  });

  it('closes the connection to the source when the listener leaves before the source answers', async () => {
    const listener = http.get(`${baseUrl}/api/audio-proxy?${new URLSearchParams({ url: `${scripted.origin}/stall-headers`, trackId })}`, { headers: { cookie } });
    listener.on('error', () => {});
    await vi.waitFor(() => expect(scripted.requests.at(-1)?.url).toBe('/stall-headers'), { timeout: 5_000 });
    const upstream = scripted.requests.at(-1)!;
    listener.destroy();
    await vi.waitFor(() => expect(upstream.connectionClosed()).toBe(true), { timeout: 5_000 });
    // The app still serves the next listener.
    expect((await proxy(standin.previewUrl(TRACK), { range: 'bytes=0-9' })).statusCode).toBe(206);
  });

  it('needs a session: 401 without one, and the source is not asked', async () => {
    const before = standin.stats().mediaRequests;
    const response = await t.app.inject({ method: 'GET', url: '/api/audio-proxy', query: { url: standin.previewUrl(TRACK), trackId } });
    expect(response.statusCode).toBe(401);
    expect(standin.stats().mediaRequests).toBe(before);
  });
});
