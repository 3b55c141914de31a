import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'kora-pwa-'));
  await fs.mkdir(path.join(webDist, 'assets'));
  await fs.mkdir(path.join(webDist, 'icons'));
  await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Kora</title>');
  await fs.writeFile(path.join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  await fs.writeFile(path.join(webDist, 'manifest.webmanifest'), JSON.stringify({ name: 'Kora', start_url: '/' }));
  await fs.writeFile(path.join(webDist, 'icons', 'icon-192.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
  await fs.writeFile(path.join(webDist, 'assets', 'main-abc123.js'), 'console.log(1)');
  t = await createTestApp({ webDist });
});
afterAll(async () => {
  await t.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

describe('the installable app files', () => {
  it('serves the service worker revalidated on every load, as JavaScript, at the root, under the CSP', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(response.statusCode).toBe(200);
    // A cached worker script would keep listeners on an old version: the browser must ask each time.
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    // Served from the root, its default scope is the whole app; no Service-Worker-Allowed needed.
    expect(response.headers['service-worker-allowed']).toBeUndefined();
    // Workers fall back to script-src: 'self' allows this same-origin script.
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/worker-src (?!'self')/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the manifest revalidated, as a web app manifest, and the icons', async () => {
    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.json()).toMatchObject({ name: 'Kora' });

    const icon = await t.app.inject({ method: 'GET', url: '/icons/icon-192.png' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
  });

  it('keeps hashed assets immutable for a year', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
