import { expect, test, type Page } from '@playwright/test';
import { keepScreenshot, newAccount, signUpThroughApi } from './helpers.js';

// Issue 15, point 1: Kora installs as an app and opens with no network for a signed-in listener.

const OFFLINE_MESSAGE = "You're offline. Downloaded music still plays.";

type ManifestIcon = { src: string; sizes: string; type: string; purpose?: string };
type Manifest = {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: ManifestIcon[];
  shortcuts: { name: string; url: string }[];
};

/** A PNG's size from its IHDR chunk, which always comes first, right after the signature. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

/** The service worker registers a while after the page's load; once it controls the page, its precache is complete. */
async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
}

test('the manifest is linked and describes an installable app with real icons', async ({ page }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');

  const response = await page.request.get(href!);
  expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await response.json()) as Manifest;
  expect(manifest).toMatchObject({
    name: 'Kora',
    short_name: 'Kora',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#0e0b08',
    background_color: '#0e0b08',
  });
  expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(manifest.theme_color);
  expect(manifest.shortcuts.map(({ name, url }) => [name, url])).toEqual([
    ['Search', '/search'],
    ['Library', '/library'],
  ]);

  for (const purpose of ['any', 'maskable']) {
    const icons = manifest.icons.filter((icon) => (icon.purpose ?? 'any').split(' ').includes(purpose));
    expect(icons.map((icon) => icon.sizes).sort()).toEqual(['192x192', '512x512']);
    for (const icon of icons) {
      const file = await page.request.get(icon.src);
      expect(file.status()).toBe(200);
      expect(file.headers()['content-type']).toBe(icon.type);
      expect(pngSize(await file.body())).toBe(icon.sizes);
    }
  }
});

test('a signed-in listener who reloads with no network gets the app and the offline banner', async ({ page, context }, testInfo) => {
  const account = await signUpThroughApi(page, newAccount());
  await page.goto('/');
  const greeting = page.getByRole('heading', { level: 1, name: new RegExp(`, ${account.firstName}$`) });
  await expect(greeting).toBeVisible();
  await waitForServiceWorkerControl(page);
  await expect(page.getByText(OFFLINE_MESSAGE)).toBeHidden();

  await context.setOffline(true);
  // The page already open learns it at once.
  await expect(page.getByText(OFFLINE_MESSAGE)).toBeVisible();
  await page.reload();
  // The service worker's precached app page, not the server's Home (which marks #root) nor the browser's error page.
  await expect(greeting).toBeVisible();
  expect(await page.locator('#root').getAttribute('data-page')).toBeNull();
  await expect(page.getByRole('button', { name: /account menu/i })).toBeVisible();
  const banner = page.getByRole('status').filter({ hasText: OFFLINE_MESSAGE });
  await expect(banner).toBeVisible();
  // Above the player's controls, never over them.
  const bannerBox = (await banner.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(bannerBox.y + bannerBox.height).toBeLessThanOrEqual(viewport.height);
  // What could not load says why, and leads to the music kept on the device.
  await expect(page.getByText("You're offline.").first()).toBeVisible();
  await expect(page.getByText('Could not load')).toHaveCount(0);
  await keepScreenshot(page, testInfo, 'pwa-offline-banner');

  // Another page of the app opens offline too.
  await page.goto('/search?q=highlife');
  await expect(page.getByText("You're offline. Music you downloaded still plays.")).toBeVisible();
  await keepScreenshot(page, testInfo, 'pwa-offline-search');
  await page.getByRole('link', { name: 'Go to Downloaded' }).click();
  await expect(page).toHaveURL(/\/library\?tab=downloaded$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your Library' })).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByText(OFFLINE_MESSAGE)).toBeHidden();
});

test('a new version waits for the listener to press Reload', async ({ page }, testInfo) => {
  await signUpThroughApi(page, newAccount());
  await page.goto('/');
  await waitForServiceWorkerControl(page);

  // A deploy, as the browser sees one: a new worker script for the app's scope. (Chromium fetches
  // the worker script outside the page's routing, so a changed body cannot be served here; a new
  // script URL is a new version just the same.)
  // Gone only if the page reloads.
  await page.evaluate(() => void ((window as Window & { beforeUpdate?: boolean }).beforeUpdate = true));
  await page.evaluate(async () => navigator.serviceWorker.register('/sw.js?next-version', { scope: '/' }));

  const prompt = page.getByRole('status').filter({ hasText: 'A new version is ready' });
  await expect(prompt).toBeVisible({ timeout: 20_000 });
  await keepScreenshot(page, testInfo, 'pwa-update-prompt');
  // Nothing reloads by itself: the page (and anything playing in it) stays.
  await page.waitForTimeout(1_000);
  expect(await page.evaluate(() => (window as Window & { beforeUpdate?: boolean }).beforeUpdate)).toBe(true);

  await prompt.getByRole('button', { name: 'Reload' }).click();
  await page.waitForFunction(() => (window as Window & { beforeUpdate?: boolean }).beforeUpdate === undefined);
  // The reloaded page runs under the new version.
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js\?next-version$/);
  await expect(page.getByRole('button', { name: /account menu/i })).toBeVisible();
});

test('a session that ended on the server forgets the listener kept for opening offline', async ({ page, context }) => {
  await signUpThroughApi(page);
  await page.goto('/');
  await expect(page.getByRole('main')).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('kora.keptUser'))).not.toBeNull();

  // The session is gone (expired, or signed out elsewhere): the server sends the signed-out page.
  await context.clearCookies();
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Log In' }).first()).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('kora.keptUser'))).toBeNull();
});
