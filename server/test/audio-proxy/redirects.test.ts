import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { type DeezerStandin, startDeezerStandin } from '../helpers/deezer-standin.js';
import { signUp } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { type ConnectionCounter, type ScriptedMediaServer, startConnectionCounter, startScriptedMediaServer } from './test-servers.js';

const TRACK = 1_050_345_232;
const trackId = `deezer-${TRACK}`;
const AUDIO = Buffer.from('ID3\u0004\u0000 not really music');
let t: TestApp;
let cookie: string;
let standin: DeezerStandin;
let redirector: ScriptedMediaServer;
let v4: ConnectionCounter;
let v6: ConnectionCounter;
let newSockets: MockInstance<typeof https.Agent.prototype.createConnection>;

// A made-up name whose answer is a loopback address that is not trusted.
const lookup: LookupFunction = (_hostname, options, callback) => {
  if (options.all) callback(null, [{ address: '127.0.0.2', family: 4 }]);
  else callback(null, '127.0.0.2', 4);
};

beforeAll(async () => {
  [standin, v4, v6] = await Promise.all([startDeezerStandin({ previewSeconds: 2 }), startConnectionCounter('127.0.0.2'), startConnectionCounter('::1')]);
  // An allowed media host that redirects wherever `?to=` says, `/loop` to itself, and serves /audio.mp3.
  redirector = await startScriptedMediaServer((request, response) => {
    const url = new URL(request.url ?? '/', 'https://redirector');
    if (url.pathname === '/audio.mp3') return void response.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': AUDIO.length }).end(AUDIO);
    const to = url.pathname === '/loop' ? '/loop' : url.searchParams.get('to');
    response.writeHead(302, { location: to ?? '/' }).end();
  });
  t = await createTestApp(
    {
      audioProxy: {
        // The internal targets are on the allow-list, so only the address checks stand in the way.
        allowedHosts: [
          standin.mediaHost,
          redirector.host,
          `127.0.0.2:${v4.port}`,
          `[::ffff:7f00:2]:${v4.port}`,
          `[::1]:${v6.port}`,
          '10.0.0.1',
          '169.254.169.254',
          `internal.test:${v4.port}`,
        ],
        // The stand-in and the redirector are on 127.0.0.1; 127.0.0.2 stands for an internal service.
        trustedAddresses: ['127.0.0.1'],
        caFile: standin.caFile,
        maxBytes: 20 * 1024 * 1024,
        timeoutMs: 10_000,
      },
    },
    { audioProxyLookup: lookup },
  );
  cookie = (await signUp(t.app)).cookie;
  newSockets = vi.spyOn(https.Agent.prototype, 'createConnection');
}, 60_000);

afterEach(() => {
  newSockets.mockClear();
});

afterAll(async () => {
  newSockets.mockRestore();
  await t.close();
  await Promise.all([standin.close(), redirector.close(), v4.close(), v6.close()]);
});

function proxy(url: string) {
  return t.app.inject({ method: 'GET', url: '/api/audio-proxy', query: { url, trackId }, headers: { cookie } });
}

const redirectTo = (to: string) => `${redirector.origin}/go?${new URLSearchParams({ to })}`;

describe('GET /api/audio-proxy follows redirects, checking each one', () => {
  it('follows a redirect to another allowed host', async () => {
    const response = await proxy(redirectTo(standin.previewUrl(TRACK)));
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(standin.previewBytes(TRACK))).toBe(true);
  });

  it('follows a relative redirect on the same host', async () => {
    const response = await proxy(redirectTo('/audio.mp3'));
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(AUDIO)).toBe(true);
  });

  it.each([
    ['127.0.0.2 (loopback, not trusted)', () => `https://127.0.0.2:${v4.port}/x.mp3`],
    ['IPv4-mapped ::ffff:127.0.0.2', () => `https://[::ffff:127.0.0.2]:${v4.port}/x.mp3`],
    ['[::1]', () => `https://[::1]:${v6.port}/x.mp3`],
    ['10.0.0.1', () => 'https://10.0.0.1/x.mp3'],
    ['169.254.169.254 (cloud metadata)', () => 'https://169.254.169.254/latest/meta-data/iam/security-credentials/'],
    ['a name that resolves to loopback', () => `https://internal.test:${v4.port}/x.mp3`],
  ])('refuses a redirect to %s with 403, and never connects there', async (_case, target) => {
    const response = await proxy(redirectTo(target()));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'This address is not allowed.' });
    expect(v4.connections()).toBe(0);
    expect(v6.connections()).toBe(0);
    // The only socket opened (if the pool had none) is the one to the redirector.
    for (const [options] of newSockets.mock.calls) expect(`${options.host}:${options.port}`).toBe(redirector.host);
  });

  it('refuses a redirect to a host off the list with 403', async () => {
    const response = await proxy(redirectTo('https://evil.example.com/x.mp3'));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'This host is not an allowed preview source.' });
    for (const [options] of newSockets.mock.calls) expect(`${options.host}:${options.port}`).toBe(redirector.host);
  });

  it('refuses a redirect away from HTTPS', async () => {
    const before = standin.stats().mediaConnections;
    const response = await proxy(redirectTo(standin.previewUrl(TRACK).replace('https:', 'http:')));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Only HTTPS preview URLs can be played.' });
    expect(standin.stats().mediaConnections).toBe(before);
  });

  it('gives up after 3 redirects with 502', async () => {
    const before = redirector.requests.length;
    const response = await proxy(`${redirector.origin}/loop`);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ message: 'The preview source redirected too many times.' });
    expect(redirector.requests.length - before).toBe(4);
  });
});
