import { expect, test } from '@playwright/test';
import { newAccount, signUpThroughApi } from './helpers.js';

// Issue 14, first load: the signed-out pages arrive as HTML, the signed-in ones name their chunks
// and API answers up front, and a shared link opened signed out comes back after signing in.

test.describe('signed-out pages rendered at build time', () => {
  test.use({ javaScriptEnabled: false });

  test('the landing and sign-in pages show their text with no JavaScript at all', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: /Music from Lagos to Accra to Dakar/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log In' }).first()).toBeVisible();
    await expect(page).toHaveTitle('Kora');

    await page.goto('/auth');
    await expect(page.getByText('Welcome back')).toBeVisible();
    await expect(page).toHaveTitle('Sign in · Kora');
    // Nothing typed is lost and no password goes into an address: the form waits for the script.
    await expect(page.getByRole('button', { name: 'Log In', exact: true })).toBeDisabled();
    await expect(page.getByLabel('Email')).toBeDisabled();
    // A tab tapped before the script has come opens the other tab's page instead of doing nothing.
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/auth\?tab=signup$/);
    await expect(page.getByText('Create your account')).toBeVisible();
    await page.getByRole('tab', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByText('Welcome back')).toBeVisible();
  });
});

test('the prerendered landing page comes alive with no hydration errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  // A failed hydration is reported as an error (React #418/#423) and rebuilds the page from scratch.
  await page.goto('/');
  await page.getByRole('link', { name: 'Log In' }).first().click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText('Welcome back')).toBeVisible();
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await expect(page.getByText('Create your account')).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: /Music from Lagos/ })).toBeVisible();
  expect(errors).toEqual([]);
});

for (const [name, url] of [['landing', '/'], ['sign-in', '/auth']]) {
  test(`a visitor’s ${name} page never loads the signed-in shell’s code, even once the toaster has come`, async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(url!);
    // The toaster comes a little after the page's load, for every page.
    await expect.poll(() => scripts.some((path) => path.includes('/toaster-')), { timeout: 15_000 }).toBe(true);
    await page.waitForLoadState('networkidle');
    // The toaster once imported what it shares with the shell from the shell's chunks, and the
    // sign-in page's tabs Radix's direction from the footer player's: the app on a visitor's phone.
    expect(scripts.filter((path) => /\/assets\/(app|wide)-/.test(path))).toEqual([]);
  });
}

test('a listener’s page names the shell’s chunks and Home’s API answers before any script runs', async ({ page }) => {
  await signUpThroughApi(page);
  const html = await (await page.request.get('/')).text();
  expect(html).not.toContain('data-prerendered');
  expect(html).toMatch(/<link rel="preload" as="fetch" crossorigin="use-credentials" href="\/api\/home">/);
  expect(html).toMatch(/<link rel="preload" as="fetch" crossorigin="use-credentials" href="\/api\/auth\/user">/);
  // Every script the page runs is named in it: none is found only once another has arrived.
  const links = [...html.matchAll(/<(?:link rel="modulepreload"|script type="module") crossorigin (?:href|src)="([^"]+)"(?: media="([^"]+)")?/g)];
  const named = new Set(links.map((match) => match[1]));
  // The footer player's chunks are named for wide screens only.
  const wideOnly = links.filter((match) => match[2]).map((match) => ({ script: match[1]!, media: match[2]! }));
  expect(wideOnly.length).toBeGreaterThan(0);
  const scripts: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.resourceType() === 'script' && url.pathname.startsWith('/assets/')) scripts.push(url.pathname);
  });

  // The preloaded answers are the ones the app uses: no second request for either.
  const apiRequests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/media/')) apiRequests.push(url.pathname);
  });
  const coverRequests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/media/')) coverRequests.push(url.pathname);
  });
  const response = await page.goto('/');
  await expect(page.getByRole('main')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((script) => !named.has(script))).toEqual([]);
  // The app checks no answer with zod: a contract's constant imported from a file of schemas once
  // put all of zod (about 25 KB compressed) into the first script.
  for (const script of scripts) expect(await (await page.request.get(script)).text(), script).not.toContain('ZodObject');
  // A phone does not download the wide screen's footer player; a desktop does, from the start. (What
  // the player shares with the toaster, the `overlay` chunk, is named for wide screens too, and a
  // phone fetches it with the toaster once the page has loaded.)
  const footerPlayer = wideOnly.filter(({ script }) => script.includes('/wide-'));
  expect(footerPlayer).toHaveLength(1);
  for (const { script, media } of footerPlayer) {
    expect(scripts.includes(script)).toBe(await page.evaluate((query) => window.matchMedia(query).matches, media));
  }
  expect(apiRequests.filter((path) => path === '/api/auth/user')).toHaveLength(1);
  expect(apiRequests.filter((path) => path === '/api/home')).toHaveLength(1);

  // The first quick pick's cover comes with the page, in the copy the tile then shows: fetched once.
  const preload = /<link rel="preload" as="image" fetchpriority="high" imagesrcset="([^"]+)" imagesizes="([^"]+)">/.exec(
    (await response?.text()) ?? '',
  );
  expect(preload).not.toBeNull();
  const firstCover = page.getByRole('region', { name: 'Start listening' }).getByRole('listitem').first().locator('img');
  await expect(firstCover).toHaveJSProperty('complete', true);
  expect(await firstCover.getAttribute('srcset')).toBe(preload![1]);
  expect(await firstCover.getAttribute('sizes')).toBe(preload![2]);
  const shown = new URL(await firstCover.evaluate((image: HTMLImageElement) => image.currentSrc)).pathname;
  expect(coverRequests.filter((path) => path === shown)).toHaveLength(1);

  // Home asks again each time it opens after that first answer.
  await page.getByRole('link', { name: 'Library' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Library' })).toBeVisible();
  await page.getByRole('link', { name: 'Home' }).first().click();
  await expect.poll(() => apiRequests.filter((path) => path === '/api/home').length).toBe(2);
});

test('the large player’s code loads when it is first needed, not with the first screen', async ({ page }) => {
  await signUpThroughApi(page);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  const firstPick = page.getByRole('region', { name: 'Start listening' }).getByRole('listitem').first().getByRole('button');
  await expect(firstPick).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((path) => path.includes('large-player'))).toEqual([]);

  await firstPick.click();
  await page.getByRole('button', { name: /^Expand/ }).first().click();
  const player = page.getByRole('dialog');
  await expect(player.getByRole('button', { name: 'Close player' })).toBeVisible();
  expect(scripts.filter((path) => path.includes('large-player'))).toHaveLength(1);
});

test('a shared link opened signed out goes to sign-in, then back to that link', async ({ page }) => {
  const account = await signUpThroughApi(page, newAccount());
  await page.context().clearCookies();
  await page.goto('/library?tab=liked');
  await expect(page).toHaveURL(/\/auth\?next=%2Flibrary%3Ftab%3Dliked$/);
  // Looking at the other tab and back keeps where the visitor was going.
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByRole('tab', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/next=%2Flibrary%3Ftab%3Dliked/);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/library\?tab=liked$/);

  // A link elsewhere is not followed: sign-in ends on Home.
  await page.context().clearCookies();
  await page.goto('/auth?next=%2F%2Fevil.example%2F');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);

  // Signed in already, the sign-in page moves on to where it leads.
  await page.goto('/auth?next=%2Fsearch');
  await expect(page).toHaveURL(/\/search$/);
});

test('icon buttons show their name as a tooltip on hover, with no tooltip library loaded', async ({ page, isMobile }) => {
  test.skip(isMobile, 'touch screens show no hover tooltips');
  await signUpThroughApi(page);
  await page.goto('/library');
  const settings = page.getByRole('banner').getByRole('button', { name: 'Settings' });
  const tooltip = () =>
    settings.evaluate((element) => {
      const style = getComputedStyle(element, '::after');
      return { display: style.display, content: style.content, opacity: style.opacity };
    });
  expect((await tooltip()).display).toBe('none');
  await settings.hover();
  await expect.poll(tooltip).toEqual({ display: 'block', content: '"Settings"', opacity: '1' });
  await page.mouse.move(0, 0);
  await expect.poll(async () => (await tooltip()).display).toBe('none');
});
