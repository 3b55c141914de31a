import dns from 'node:dns';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { type DeezerStandin, startDeezerStandin } from '../helpers/deezer-standin.js';
import { signUp } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { type ConnectionCounter, startConnectionCounter } from './test-servers.js';

// Nothing is trusted here: every internal address is refused, the stand-in's 127.0.0.1 included.
let t: TestApp;
let cookie: string;
let standin: DeezerStandin;
let v4: ConnectionCounter;
let v6: ConnectionCounter;
let newSockets: MockInstance;
const lookups: string[] = [];
let rebindAnswers = 0;

const systemLookup: LookupFunction = dns.lookup;
/** Answers for made-up names, the system's resolver for the rest; every question is recorded. */
const lookup: LookupFunction = (hostname, options, callback) => {
  lookups.push(hostname);
  const answer = (address: string) => (options.all ? callback(null, [{ address, family: 4 }]) : callback(null, address, 4));
  if (hostname === 'loopback.test') return answer('127.0.0.1');
  // Public to the first question (the early check), loopback to the next (the socket's): DNS rebinding.
  if (hostname === 'rebind.test') return answer((rebindAnswers += 1) === 1 ? '93.184.216.34' : '127.0.0.1');
  systemLookup(hostname, options, callback);
};

beforeAll(async () => {
  [standin, v4, v6] = await Promise.all([startDeezerStandin({ previewSeconds: 2 }), startConnectionCounter('127.0.0.1'), startConnectionCounter('::1')]);
  const standinPort = standin.mediaHost.split(':')[1];
  t = await createTestApp(
    {
      audioProxy: {
        // Every internal target is on the allow-list, so only the address checks stand in the way.
        allowedHosts: [
          standin.mediaHost,
          `localhost:${standinPort}`,
          `127.0.0.1:${v4.port}`,
          `[::1]:${v6.port}`,
          `[::ffff:7f00:1]:${v4.port}`,
          `[2002:7f00:1::]:${v4.port}`,
          `[64:ff9b::7f00:1]:${v4.port}`,
          '10.0.0.1',
          '169.254.169.254',
          '[fd00:ec2::254]',
          `loopback.test:${v4.port}`,
          `rebind.test:${v4.port}`,
        ],
        trustedAddresses: [],
        caFile: standin.caFile,
        maxBytes: 20 * 1024 * 1024,
        timeoutMs: 5_000,
      },
    },
    { audioProxyLookup: lookup },
  );
  cookie = (await signUp(t.app)).cookie;
  // Every outgoing HTTPS socket the proxy could open goes through its agent's createConnection.
  newSockets = vi.spyOn(https.Agent.prototype, 'createConnection');
}, 60_000);

let connectionsBefore: number[];
const connectionCounts = () => [standin.stats().mediaConnections, v4.connections(), v6.connections()];
beforeEach(() => {
  connectionsBefore = connectionCounts();
});
afterEach(() => {
  // No refused request may reach anything: not the stand-in, not the counting servers.
  expect(connectionCounts()).toEqual(connectionsBefore);
});

afterAll(async () => {
  newSockets.mockRestore();
  await t.close();
  await Promise.all([standin.close(), v4.close(), v6.close()]);
});

function proxy(query: Record<string, string>) {
  return t.app.inject({ method: 'GET', url: '/api/audio-proxy', query, headers: { cookie } });
}

const trackId = 'deezer-916424';

describe('GET /api/audio-proxy refuses bad input with 400', () => {
  it.each([
    ['no url', { trackId }, 'url is required.'],
    ['an empty url', { url: '', trackId }, 'url is required.'],
    ['no trackId', { url: 'https://e-cdns-proxy-a.dzcdn.net/x.mp3' }, 'trackId is required.'],
    ['a trackId of an unknown source', { url: 'https://e-cdns-proxy-a.dzcdn.net/x.mp3', trackId: 'spotify-1' }, 'trackId must be an external track id such as deezer-916424.'],
    ['a trackId with a path in it', { url: 'https://e-cdns-proxy-a.dzcdn.net/x.mp3', trackId: 'deezer-1/../2' }, 'trackId must be an external track id such as deezer-916424.'],
    ['a local song id', { url: 'https://e-cdns-proxy-a.dzcdn.net/x.mp3', trackId: '42' }, 'trackId must be an external track id such as deezer-916424.'],
    ['an overlong url', { url: `https://e-cdns-proxy-a.dzcdn.net/${'a'.repeat(2048)}.mp3`, trackId }, 'url must be at most 2048 characters.'],
    ['a url that is not one', { url: 'not a url', trackId }, 'url is not a valid URL.'],
  ])('%s', async (_case, query, message) => {
    const response = await proxy(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('refuses a repeated url', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/audio-proxy?trackId=${trackId}&url=https://a.dzcdn.net/1.mp3&url=https://a.dzcdn.net/2.mp3`, headers: { cookie } });
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /api/audio-proxy refuses, before any connection, every target that is not an allowed public HTTPS host', () => {
  afterEach(() => {
    expect(newSockets).not.toHaveBeenCalled();
  });

  it.each([
    ['http:// (the stand-in’s own preview, without TLS)', () => standin.previewUrl(916_424).replace('https:', 'http:')],
    ['file:', () => 'file:///etc/passwd'],
    ['gopher: to a local service', () => 'gopher://127.0.0.1:6379/_INFO'],
    ['ftp:', () => 'ftp://e-cdns-proxy-a.dzcdn.net/x.mp3'],
  ])('%s → 400', async (_case, url) => {
    const response = await proxy({ url: url(), trackId });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Only HTTPS preview URLs can be played.' });
  });

  it('credentials in the URL → 400', async () => {
    const response = await proxy({ url: standin.previewUrl(916_424).replace('https://', 'https://user:secret@'), trackId });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Preview URLs cannot carry a user name or password.' });
  });

  it.each([
    ['a host off the list', 'https://evil.example.com/x.mp3'],
    ['a look-alike of an allowed name', 'https://loopback.test.evil.example.com/x.mp3'],
    ['an allowed address on another port', 'https://127.0.0.1/x.mp3'],
    ['an allowed name on another port', `https://rebind.test:1/x.mp3`],
    ['the metadata service on plain port 80 spelled https', 'https://169.254.169.254:80/latest/meta-data/'],
  ])('%s → 403', async (_case, url) => {
    const response = await proxy({ url, trackId });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'This host is not an allowed preview source.' });
    expect(lookups).toEqual([]);
  });

  it.each([
    ['127.0.0.1', () => `https://127.0.0.1:${v4.port}/x.mp3`],
    ['127.0.0.1 written as a number', () => `https://2130706433:${v4.port}/x.mp3`],
    ['the stand-in itself, untrusted', () => standin.previewUrl(916_424)],
    ['[::1]', () => `https://[::1]:${v6.port}/x.mp3`],
    ['10.0.0.1', () => 'https://10.0.0.1/x.mp3'],
    ['169.254.169.254 (cloud metadata)', () => 'https://169.254.169.254/latest/meta-data/'],
    ['[fd00:ec2::254] (cloud metadata over IPv6)', () => 'https://[fd00:ec2::254]/latest/meta-data/'],
    ['IPv4-mapped ::ffff:127.0.0.1', () => `https://[::ffff:127.0.0.1]:${v4.port}/x.mp3`],
    ['IPv4-mapped, hex form ::ffff:7f00:1', () => `https://[::ffff:7f00:1]:${v4.port}/x.mp3`],
    ['6to4 2002:7f00:1::', () => `https://[2002:7f00:1::]:${v4.port}/x.mp3`],
    ['NAT64 64:ff9b::7f00:1', () => `https://[64:ff9b::7f00:1]:${v4.port}/x.mp3`],
  ])('the internal address %s → 403', async (_case, url) => {
    const response = await proxy({ url: url(), trackId });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'This address is not allowed.' });
    expect(lookups).toEqual([]);
  });

  it('a name the system resolves to loopback (localhost) → 403', async () => {
    const response = await proxy({ url: standin.previewUrl(916_424).replace('127.0.0.1', 'localhost'), trackId });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'This address is not allowed.' });
    expect(lookups).toEqual(['localhost']);
  });

  it('a name whose DNS answer is loopback → 403', async () => {
    const response = await proxy({ url: `https://loopback.test:${v4.port}/x.mp3`, trackId });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'This address is not allowed.' });
    expect(lookups).toEqual(['loopback.test']);
  });
});

describe('GET /api/audio-proxy checks the address at connect time', () => {
  it('refuses a name that answers a public address to the check and loopback when connecting (DNS rebinding): no connection', async () => {
    const response = await proxy({ url: `https://rebind.test:${v4.port}/x.mp3`, trackId });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'This address is not allowed.' });
    // Both answers were asked for, and the second stopped the socket before it connected (afterEach: no connection).
    expect(lookups).toEqual(['rebind.test', 'rebind.test']);
  });
});

describe('GET /api/audio-proxy needs a session', () => {
  it('401 without one, and nothing is fetched', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/audio-proxy', query: { url: standin.previewUrl(916_424), trackId } });
    expect(response.statusCode).toBe(401);
    expect(lookups).toEqual([]);
  });
});

afterEach(() => {
  lookups.length = 0;
  newSockets?.mockClear();
});
