import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTHER_HOST_MESSAGE } from '../../src/http/request-target.js';
import { signUp } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Private by default, however a path is spelled: every route the app registers (enumerated from
 * Fastify, not listed by hand) is asked without a session under many spellings of its path, over a
 * real socket so the request line reaches the server exactly as written.
 */

type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: string };

let t: TestApp;
let webDist: string;
let port: number;
const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

beforeAll(async () => {
  // A built web app, so its file routes are registered (and enumerated) too.
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'kora-web-'));
  await fs.mkdir(path.join(webDist, 'assets'));
  await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Kora</title>');
  await fs.writeFile(path.join(webDist, 'assets', 'app-1234.js'), 'console.log(1)');
  // The metrics endpoint is registered only when configured: it is, so it is enumerated too.
  t = await createTestApp({ webDist, metrics: { token: 'route-guard-metrics-token', port: undefined } });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  agent.destroy();
  await t.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

/** Sends the request target exactly as given (no URL normalization by the client). */
function sendRaw(method: string, target: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, method, path: target, agent, headers: { host: `127.0.0.1:${port}`, 'content-length': '0', ...headers } },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/** A concrete path for a route pattern: every parameter filled in. */
function concretePath(pattern: string): string {
  return pattern.replace(/:[A-Za-z0-9_]+/g, '1').replace(/\*/g, 'x');
}

/** The same path, spelled as an attacker might: each of these must reach no private route without a session. */
function spellings(concrete: string): string[] {
  const [, first = '', ...rest] = concrete.split('/');
  const tail = rest.length ? `/${rest.join('/')}` : '';
  const encodeAt = (segment: string, index: number) =>
    segment.slice(0, index) + `%${segment.charCodeAt(index).toString(16)}` + segment.slice(index + 1);
  const letters = [...first].map((_, index) => `/${encodeAt(first, index)}${tail}`);
  const second = rest[0] ? `/${first}/${encodeAt(rest[0], 0)}${rest.length > 1 ? `/${rest.slice(1).join('/')}` : ''}` : undefined;
  return [
    ...letters,
    `/${[...first].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).join('')}${tail}`,
    ...(second ? [second, `/${encodeAt(first, 0)}${second.slice(first.length + 1)}`] : []),
    `/${first.toUpperCase()}${tail}`,
    `/${first}%2F${rest.join('/')}`,
    `/${concrete}`,
    `${concrete.replace(/^\/([^/]*)\//, '/$1//')}`,
    `/.${concrete}`,
    `/x/..${concrete}`,
    `/${first}/.${tail}`,
    `${concrete};`,
    `/${first};${tail}`,
    `http://127.0.0.1:${port}${concrete}`,
  ];
}

describe('the session guard decides from the matched route', () => {
  it('enumerates every registered route, and only sign-in, sign-up, sign-out, health, the e-mail links, the payment webhook, the metrics and the web app are public', () => {
    const routes = t.app.registeredRoutes;
    expect(routes.length).toBeGreaterThan(60);
    const publicApi = routes.filter((route) => route.isPublic && route.url.startsWith('/api')).map((r) => `${r.method} ${r.url}`);
    expect(publicApi.sort()).toEqual(
      [
        'GET /api/health',
        'HEAD /api/health',
        'GET /api/health/ready',
        'HEAD /api/health/ready',
        'GET /api/health/live',
        'HEAD /api/health/live',
        'GET /api/logout',
        'HEAD /api/logout',
        'POST /api/auth/login',
        'POST /api/auth/login/2fa',
        'POST /api/auth/logout',
        'POST /api/auth/signup',
        // The account's e-mail links work without a session (features/account-email): the link's token decides.
        'POST /api/auth/password/forgot',
        'POST /api/auth/password/reset/check',
        'POST /api/auth/password/reset',
        'POST /api/account/email/confirm',
        'POST /api/account/email/change/confirm',
        'POST /api/account/email/change/undo',
        // Paystack's servers call it with no session; its signature over the raw body authenticates it.
        'POST /api/payments/paystack/webhook',
      ].sort(),
    );
    const publicWeb = routes.filter((route) => route.isPublic && !route.url.startsWith('/api')).map((r) => r.url);
    // /metrics answers only its bearer token (features/metrics), which stands in for a session.
    expect(new Set(publicWeb)).toEqual(new Set(['/*', '/index.html', '/assets/app-1234.js', '/metrics']));
  });

  it('answers 401 without a session to every private route under every spelling of its path', async () => {
    const failures: string[] = [];
    let asked = 0;
    for (const route of t.app.registeredRoutes) {
      if (route.isPublic) continue;
      for (const target of [concretePath(route.url), ...spellings(concretePath(route.url))]) {
        const answer = await sendRaw(route.method, target);
        asked += 1;
        if (answer.status !== 401) failures.push(`${route.method} ${target} (${route.url}) → ${answer.status}`);
        else if (answer.headers['x-content-type-options'] !== 'nosniff') failures.push(`${route.method} ${target}: no API headers`);
      }
    }
    expect(failures).toEqual([]);
    expect(asked).toBeGreaterThan(1000);
  });

  it('never serves the web app or a file for a spelling of an API path', async () => {
    for (const target of ['/%61pi/songs', '/API/songs', '/api', '/%61pi', '/api;', '//api/songs', '/x/../api/songs', '/api%2Fsongs']) {
      const answer = await sendRaw('GET', target);
      expect(answer.status, target).toBe(401);
      expect(JSON.parse(answer.body), target).toEqual({ message: 'You need to sign in to do that.' });
    }
  });

  it('lets a spelled path through to its route once signed in, and answers an unknown API path with JSON', async () => {
    const { cookie } = await signUp(t.app);
    expect((await sendRaw('GET', '/%61pi/auth/user', { cookie })).status).toBe(200);
    const bare = await sendRaw('GET', '/api', { cookie });
    expect(bare.status).toBe(404);
    expect(JSON.parse(bare.body)).toEqual({ message: 'No API route GET /api' });
    expect(bare.headers['cache-control']).toBe('private, no-store');
    const page = await sendRaw('GET', '/library', { cookie });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>Kora</title>');
  });

  it('serves the web app and its files without a session', async () => {
    const page = await sendRaw('GET', '/search');
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toBeDefined();
    expect((await sendRaw('GET', '/assets/app-1234.js')).status).toBe(200);
  });
});

describe('request targets', () => {
  it('refuses an absolute-form target that names another host, and changes nothing', async () => {
    for (const target of ['http://evil.example/api/songs', 'http://evil.example/api/auth/login', 'http://evil.example/search']) {
      const answer = await sendRaw('GET', target);
      expect(answer.status, target).toBe(400);
      expect(JSON.parse(answer.body)).toEqual({ message: OTHER_HOST_MESSAGE });
    }
  });

  it('answers malformed percent-encoding in the app’s own shape and headers, without echoing the URL', async () => {
    for (const target of ['/api/songs/%ff/liked', '/%zzpi/songs', '/api/songs/%']) {
      const answer = await sendRaw('GET', target);
      expect(answer.status, target).toBe(400);
      expect(JSON.parse(answer.body)).toEqual({ message: 'That address is not valid: it has malformed percent-encoding.' });
      expect(answer.body).not.toContain('%');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['cache-control']).toBe('private, no-store');
    }
  });
});
