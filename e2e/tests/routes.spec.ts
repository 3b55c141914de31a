import { expect, test } from '@playwright/test';
import { expectNoHorizontalOverflow, keepScreenshot, signUpThroughApi } from './helpers.js';

const appRoutes = ['/search', '/library', '/upload', '/radio', '/playlist/1', '/artist/1', '/album/1', '/design-preview'];

test('an unknown path shows the 404 page with its two ways out', async ({ page }, testInfo) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText("The page you're looking for doesn't exist or has been moved.")).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await keepScreenshot(page, testInfo, 'not-found');

  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);

  // Search is a listener's page: a signed-out visitor signs in on the way.
  await page.goto('/no/such/page');
  await page.getByRole('link', { name: 'Search Music' }).click();
  await expect(page).toHaveURL(/\/auth\?next=%2Fsearch$/);
});

test('app routes ask a signed-out visitor to sign in first, remembering the page', async ({ page }) => {
  for (const path of appRoutes) {
    await page.goto(path);
    await expect(page, path).toHaveURL(`/auth?next=${encodeURIComponent(path)}`);
    await expect(page.getByText('Welcome back'), path).toBeVisible();
  }
});

test('a signed-in listener reaches every app route, and /auth leads on to Home', async ({ page }, testInfo) => {
  await signUpThroughApi(page);
  for (const path of appRoutes) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Page Not Found' }), path).toHaveCount(0);
    await expect(page.getByRole('main'), path).toBeVisible();
  }
  await page.goto('/search');
  await keepScreenshot(page, testInfo, 'search-shell');
  await page.goto('/auth');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toHaveCount(0);
});

test('the shell offers the navigation of the spec for the viewport', async ({ page }, testInfo) => {
  await signUpThroughApi(page);
  await page.goto('/');
  if (testInfo.project.name === 'phone') {
    const bar = page.getByRole('navigation', { name: 'Primary' });
    for (const name of ['Home', 'Upload', 'Radio', 'Library', 'Search']) {
      await expect(bar.getByRole('link', { name, exact: true })).toBeVisible();
    }
    for (const name of ['Previous', 'Next']) await expect(page.getByRole('button', { name }).first()).toBeDisabled();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog').getByRole('link', { name: 'Liked Songs' })).toBeVisible();
    await keepScreenshot(page, testInfo, 'drawer');
  } else {
    const sidebar = page.getByRole('navigation', { name: 'Main' });
    for (const [name, href] of [
      ['Home', '/'],
      ['Search', '/search'],
      ['Upload', '/upload'],
      ['Liked Songs', '/library?tab=liked'],
      ['Liked Playlist', '/library?tab=playlists'],
      ['Liked Artists', '/library?tab=artists'],
    ]) {
      await expect(sidebar.getByRole('link', { name, exact: true })).toHaveAttribute('href', href!);
    }
    const player = page.getByRole('region', { name: 'Player' });
    for (const name of ['Previous', 'Play', 'Next']) await expect(player.getByRole('button', { name, exact: true })).toBeDisabled();
  }
});
