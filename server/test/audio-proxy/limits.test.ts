import type { ServerResponse } from 'node:http';
import type { LookupFunction } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AudioProxySettings } from '../../src/config.js';
import { type DeezerStandin, startDeezerStandin } from '../helpers/deezer-standin.js';
import { signUp } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { type ConnectionCounter, getOverHttp, type ScriptedMediaServer, startConnectionCounter, startScriptedMediaServer } from './test-servers.js';

const TRACK = 2_241_307_431;
const trackId = `deezer-${TRACK}`;
const MAX_BYTES = 64 * 1024;
const CHUNK = Buffer.alloc(16 * 1024, 0xff);

let standin: DeezerStandin;
let source: ScriptedMediaServer;
let closedPort: number;

/** Answers, by path, that the proxy must not relay as they are. */
function answer(path: string, response: ServerResponse): void {
  switch (path) {
    case '/unsized-large.mp3': {
      // No Content-Length: only counting the bytes can stop it.
      response.writeHead(200, { 'content-type': 'audio/mpeg' });
      for (let i = 0; i < 8; i += 1) response.write(CHUNK);
      response.end();
      return;
    }
    case '/announced-large.mp3':
      response.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': 5 * MAX_BYTES });
      response.end(Buffer.alloc(5 * MAX_BYTES));
      return;
    case '/page.html':
      response.writeHead(200, { 'content-type': 'text/html' }).end('<html>not audio</html>');
      return;
    case '/compressed.mp3':
      response.writeHead(200, { 'content-type': 'audio/mpeg', 'content-encoding': 'gzip', 'content-length': 4 }).end('abcd');
      return;
    case '/broken.mp3':
      response.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
      return;
    case '/missing.mp3':
      response.writeHead(404).end();
      return;
    case '/stall-headers':
      return;
    case '/stall-body':
      response.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': 1_000_000 });
      response.write(CHUNK);
      return;
    default:
      response.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': 4 }).end('ID3\u0004');
  }
}

// A made-up name for the scripted host, whose certificate is only for 127.0.0.1 and localhost.
const lookup: LookupFunction = (_hostname, options, callback) => {
  if (options.all) callback(null, [{ address: '127.0.0.1', family: 4 }]);
  else callback(null, '127.0.0.1', 4);
};

async function startProxy(settings: Pick<AudioProxySettings, 'maxBytes' | 'timeoutMs'>) {
  const t = await createTestApp(
    {
      audioProxy: {
        allowedHosts: [standin.mediaHost, source.host, `127.0.0.1:${closedPort}`, `other-name.test:${source.host.split(':')[1]}`],
        trustedAddresses: ['127.0.0.1'],
        caFile: standin.caFile,
        ...settings,
      },
    },
    { audioProxyLookup: lookup },
  );
  return { t, cookie: (await signUp(t.app)).cookie };
}

beforeAll(async () => {
  let nothing: ConnectionCounter;
  [standin, source, nothing] = await Promise.all([
    startDeezerStandin(),
    startScriptedMediaServer((request, response) => answer(request.url ?? '/', response)),
    startConnectionCounter('127.0.0.1'),
  ]);
  // A port where nothing listens any more.
  closedPort = nothing.port;
  await nothing.close();
}, 60_000);

afterAll(async () => {
  await Promise.all([standin.close(), source.close()]);
});

describe('GET /api/audio-proxy caps size and refuses what is not a preview', () => {
  let t: TestApp;
  let cookie: string;
  const proxy = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/audio-proxy', query: { url, trackId }, headers: { cookie, ...headers } });

  beforeAll(async () => {
    ({ t, cookie } = await startProxy({ maxBytes: MAX_BYTES, timeoutMs: 60_000 }));
  }, 60_000);
  afterAll(() => t.close());

  it('refuses a preview announced larger than the cap with 502, before sending any of it', async () => {
    expect(standin.previewBytes(TRACK).length).toBeGreaterThan(MAX_BYTES);
    const response = await proxy(standin.previewUrl(TRACK));
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ message: 'The preview is larger than the proxy relays.' });

    const announced = await proxy(`${source.origin}/announced-large.mp3`);
    expect(announced.statusCode).toBe(502);
  });

  it('still relays a range of it that fits', async () => {
    const response = await proxy(standin.previewUrl(TRACK), { range: 'bytes=0-999' });
    expect(response.statusCode).toBe(206);
    expect(response.rawPayload.equals(standin.previewBytes(TRACK).subarray(0, 1000))).toBe(true);
  });

  it('cuts a stream without a length once it passes the cap', async () => {
    const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await getOverHttp(`${baseUrl}/api/audio-proxy?${new URLSearchParams({ url: `${source.origin}/unsized-large.mp3`, trackId })}`, { cookie });
    expect(response.status).toBe(200);
    expect(response.complete).toBe(false);
    expect(response.body.length).toBeLessThanOrEqual(MAX_BYTES);
  });

  it.each([
    ['an HTML page', '/page.html', 502, 'The preview source did not send audio.'],
    ['a compressed body', '/compressed.mp3', 502, 'The preview source answered with an error.'],
    ['a server error', '/broken.mp3', 502, 'The preview source answered with an error.'],
    ['a missing file', '/missing.mp3', 410, 'This preview link has expired.'],
  ])('answers %s (%s) with %i', async (_case, path, status, message) => {
    const response = await proxy(`${source.origin}${path}`);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ message });
  });

  it('answers 502 when the source cannot be reached', async () => {
    const response = await proxy(`https://127.0.0.1:${closedPort}/x.mp3`);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ message: 'The preview source could not be reached.' });
  });

  it('answers 502 when the source’s certificate is not for its name', async () => {
    const response = await proxy(`https://other-name.test:${source.host.split(':')[1]}/x.mp3`);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ message: 'The preview source could not be reached.' });
  });
});

describe('GET /api/audio-proxy bounds time', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    ({ t, cookie } = await startProxy({ maxBytes: 20 * 1024 * 1024, timeoutMs: 1_000 }));
  }, 60_000);
  afterAll(() => t.close());

  it('answers 504 when the source does not answer in time', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/audio-proxy', query: { url: `${source.origin}/stall-headers`, trackId }, headers: { cookie } });
    expect(response.statusCode).toBe(504);
    expect(response.json()).toEqual({ message: 'The preview source took too long to answer.' });
    const upstream = source.requests.findLast((request) => request.url === '/stall-headers')!;
    await vi.waitFor(() => expect(upstream.connectionClosed()).toBe(true));
  });

  it('cuts a stream that runs past the time limit', async () => {
    const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await getOverHttp(`${baseUrl}/api/audio-proxy?${new URLSearchParams({ url: `${source.origin}/stall-body`, trackId })}`, { cookie });
    expect(response.status).toBe(200);
    expect(response.complete).toBe(false);
  });
});
