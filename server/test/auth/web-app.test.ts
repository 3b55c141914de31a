import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { QUICK_PICK_COVER_SIZES } from '@kora/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildArtist, buildSong, insertPlay } from '../helpers/catalogue-factories.js';
import { signUp } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'kora-web-'));
  await fs.mkdir(path.join(webDist, 'assets'));
  await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Kora</title>');
  await fs.writeFile(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
  for (const page of ['landing', 'auth', 'auth-signup', 'app', 'home']) {
    await fs.writeFile(path.join(webDist, `${page}.html`), `<!doctype html><html><head><title>${page}</title></head></html>`);
  }
  t = await createTestApp({ webDist });
});
afterAll(async () => {
  await t.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('answers client routes with index.html, revalidated, under a content security policy', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/library?tab=liked' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    // Deezer's covers and artist pictures load straight from its image hosts; nothing else does.
    expect(response.headers['content-security-policy']).toContain("img-src 'self' data: blob: https://*.dzcdn.net https://api.deezer.com;");
  });

  it("gives pages and the app's files helmet's whole header set, and API answers only the API's", async () => {
    const helmetSet = {
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    for (const url of ['/', '/library', '/assets/app-abc123.js']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers, url).toMatchObject(helmetSet);
      const csp = String(response.headers['content-security-policy']);
      for (const directive of ["default-src 'self'", "frame-ancestors 'self'", "object-src 'none'", "script-src-attr 'none'", "media-src 'self' blob:"]) {
        expect(csp, url).toContain(directive);
      }
      expect(csp, url).not.toContain('upgrade-insecure-requests');
      // HSTS belongs to the HTTPS front, not to a server that may be plain HTTP.
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
    }

    const { cookie } = await signUp(t.app);
    for (const url of ['/api/auth/user', '/api/no-such-route']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(response.headers, url).toMatchObject({
        'x-content-type-options': 'nosniff',
        'cross-origin-resource-policy': 'same-origin',
        'referrer-policy': 'no-referrer',
        'x-frame-options': 'SAMEORIGIN',
        'cache-control': 'private, no-store',
      });
      expect(response.headers['content-security-policy'], url).toBeUndefined();
      expect(response.headers['origin-agent-cluster'], url).toBeUndefined();
    }
  });

  it('answers each page with the variant the build made for it, signed out and signed in', async () => {
    const page = async (url: string, cookie?: string) => {
      const response = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(String(response.headers.vary)).toMatch(/cookie/i);
      return /<title>(.*)<\/title>/.exec(response.body)?.[1];
    };
    expect(await page('/')).toBe('landing');
    expect(await page('/auth')).toBe('auth');
    expect(await page('/auth?tab=signup')).toBe('auth-signup');
    expect(await page('/library')).toBe('Kora');
    // A cookie that is no session is a signed-out visitor.
    expect(await page('/', 'kora_session=not-a-session')).toBe('landing');

    const { cookie } = await signUp(t.app);
    expect(await page('/', cookie)).toBe('home');
    expect(await page('/library', cookie)).toBe('app');
    expect(await page('/auth', cookie)).toBe('app');
  });

  it("preloads the listener's first quick-pick cover with Home, in the tiles' own srcset and sizes", async () => {
    const preloads = (html: string) => [...html.matchAll(/<link rel="preload" as="image"[^>]*>/g)].map(([link]) => link);
    const home = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/', headers: { cookie } })).body;
    const artistId = (await buildArtist(t.database.db)).id;
    const key = (n: number) => `${String(n).padStart(2, '0')}/${String(n).padStart(2, '0').repeat(32)}.webp`;
    const [first, second, third] = await Promise.all([1, 2, 3].map((n) => buildSong(t.database.db, { artistId, coverKey: key(n) })));
    const { cookie, user } = await signUp(t.app);
    // Most recent first (Jump back in): the third is the first tile; only its cover comes with the page.
    for (const [song, minutesAgo] of [[first!, 3], [second!, 2], [third!, 1]] as const) {
      await insertPlay(t.database.db, { userId: user.id, songId: song.id, playedAt: new Date(Date.now() - minutesAgo * 60_000) });
    }

    const links = preloads(await home(cookie));
    expect(links).toEqual([3].map((n) => {
      const stem = `/api/media/${key(n).replace('.webp', '')}`;
      return `<link rel="preload" as="image" fetchpriority="high" imagesrcset="${stem}.w160.webp 160w, ${stem}.w320.webp 320w, ${stem}.webp 640w" imagesizes="${QUICK_PICK_COVER_SIZES}">`;
    }));
    expect(await home(cookie)).toContain('<title>home</title>');
    // Other pages and signed-out visitors get no one's covers.
    expect(preloads((await t.app.inject({ method: 'GET', url: '/library', headers: { cookie } })).body)).toEqual([]);
    expect(preloads((await t.app.inject({ method: 'GET', url: '/' })).body)).toEqual([]);
  });

  it('caches hashed assets for a year', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps unknown API paths as API answers: 401 signed out, JSON 404 signed in', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(anonymous.statusCode).toBe(401);
    const { cookie } = await signUp(t.app);
    const signedIn = await t.app.inject({ method: 'GET', url: '/api/no-such-thing', headers: { cookie } });
    expect(signedIn.statusCode).toBe(404);
    expect(signedIn.json()).toEqual({ message: 'No API route GET /api/no-such-thing' });
  });
});
