import type { RecordPlayResponse, Song } from '@kora/contracts';
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { expectNoHorizontalOverflow, signUpThroughApi } from './helpers.js';

/**
 * The shell's own lists, fetched on every signed-in page whatever it shows (the sidebar's
 * playlists, the bell's count): not Home's data.
 */
const SHELL_REQUESTS = ['/api/playlists', '/api/playlists/editorial', '/api/notifications/unread-count'];

function readAudio(page: Page) {
  return page.locator('audio[data-role="playing"]').evaluate((element: HTMLAudioElement) => ({ paused: element.paused, src: element.currentSrc }));
}

/** Opens Home and returns the API data requests (not images, not the shell's) it made while loading. */
async function openHomeCountingRequests(page: Page): Promise<string[]> {
  const requests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    // Fetches and the page's preloads of them (resource type 'other'); covers are images.
    if (url.pathname.startsWith('/api/') && request.resourceType() !== 'image') requests.push(url.pathname + url.search);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/^Good (morning|afternoon|evening), Kemi$/);
  await page.waitForLoadState('networkidle');
  return requests.filter((path) => !SHELL_REQUESTS.includes(path));
}

/** Home's scroll container (main) does not scroll sideways: nothing is wider than the screen. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.locator('main').evaluate((main) => main.scrollWidth - main.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Fully inside the viewport as first shown: no scrolling needed to see it. */
async function expectOnFirstScreen(locator: Locator): Promise<void> {
  await expect(locator).toBeInViewport({ ratio: 1 });
}

/** Every grid of cards on Home holds whole rows: a multiple of its columns, or fewer than one row. */
async function expectWholeRows(page: Page): Promise<void> {
  const grids = await page.locator('main ul').evaluateAll((lists) =>
    lists
      .filter((list) => getComputedStyle(list).display === 'grid')
      .map((list) => ({
        name: list.closest('section')?.querySelector('h2')?.textContent ?? '',
        items: list.children.length,
        columns: getComputedStyle(list).gridTemplateColumns.split(' ').length,
      })),
  );
  expect(grids.length).toBeGreaterThan(0);
  for (const grid of grids) {
    expect(grid.items < grid.columns || grid.items % grid.columns === 0, `${grid.name}: ${grid.items} in ${grid.columns} columns`).toBe(true);
  }
}

/** A section with a heading but nothing under it: what Home must never show. */
async function emptySections(page: Page): Promise<string[]> {
  return page.locator('main section').evaluateAll((sections) =>
    sections
      .filter((section) => section.querySelectorAll('li, article, button, a').length === 0)
      .map((section) => section.querySelector('h2')?.textContent ?? '(untitled)'),
  );
}

async function saveFirstScreen(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: testInfo.outputPath(`${name}-${testInfo.project.name}.png`) });
}

/** A demo song long enough to count, with a title no other song has. */
async function findPlayableSong(page: Page): Promise<Song> {
  const songs = (await (await page.request.get('/api/songs?limit=200')).json()) as Song[];
  const song = songs.find(
    (candidate) =>
      candidate.source === 'local' && (candidate.duration ?? 0) >= 45 && songs.filter((other) => other.title === candidate.title).length === 1,
  );
  if (!song) throw new Error('The demo catalogue has no song of 45 s or more');
  return song;
}

test('a returning listener finds what they played on the first screen, and one tap plays it', async ({ page }, testInfo) => {
  await signUpThroughApi(page);
  const song = await findPlayableSong(page);
  const play = await page.request.post(`/api/songs/${song.id}/play`, { data: { minutesPlayed: 1 } });
  expect(((await play.json()) as RecordPlayResponse).recorded).toBe(true);

  const requests = await openHomeCountingRequests(page);
  // The session and the home answer: nothing else for Home's data.
  expect(requests.sort()).toEqual(['/api/auth/user', '/api/home']);

  const jumpBackIn = page.getByRole('region', { name: 'Jump back in' });
  const tile = jumpBackIn.getByRole('button', { name: `Play ${song.title}`, exact: true });
  await expectOnFirstScreen(tile);
  await expect(tile.locator('img')).toBeVisible();
  await expect(tile).toContainText(song.title);
  // Six tiles: the rest are starter picks.
  await expect(jumpBackIn.getByRole('listitem')).toHaveCount(6);
  await expectNoHorizontalOverflow(page);
  await expectNoSidewaysScroll(page);
  await saveFirstScreen(page, testInfo, 'home-returning');

  await tile.click();
  await expect.poll(async () => (await readAudio(page)).paused, { timeout: 15_000 }).toBe(false);
  expect((await readAudio(page)).src).toContain(`/api/songs/${song.id}/stream`);
  await expect(jumpBackIn.getByRole('button', { name: `Pause ${song.title}`, exact: true })).toBeVisible();
});

test('a new listener gets starter picks and an editorial hero on the first screen, and no empty sections', async ({ page }, testInfo) => {
  await signUpThroughApi(page);
  const requests = await openHomeCountingRequests(page);
  expect(requests.sort()).toEqual(['/api/auth/user', '/api/home']);

  const starters = page.getByRole('region', { name: 'Start listening' });
  await expect(starters.getByRole('listitem')).toHaveCount(6);
  await expectOnFirstScreen(starters.getByRole('button').first());
  await expect(page.getByRole('region', { name: 'Jump back in' })).toHaveCount(0);
  // Nothing to show yet: left out, not an empty box.
  await expect(page.getByRole('region', { name: 'Your playlists' })).toHaveCount(0);
  expect(await emptySections(page)).toEqual([]);

  const hero = page.getByRole('region', { name: /./ }).filter({ hasText: 'Playlist of the day' });
  await expect(hero.getByRole('button', { name: /^Play / })).toBeVisible();
  if (testInfo.project.name === 'desktop') await expectOnFirstScreen(hero.getByRole('button', { name: /^Play / }));

  // The ways to add music: one card, below the music.
  const upload = page.getByRole('link', { name: /Upload Your Music/ });
  await expect(upload).toHaveAttribute('href', '/upload');
  await expect(upload).not.toBeInViewport();
  await expect(page.getByRole('button', { name: /^Import popular music/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse Music' })).toHaveAttribute('href', '/search');

  await expectNoHorizontalOverflow(page);
  await expectNoSidewaysScroll(page);
  await saveFirstScreen(page, testInfo, 'home-new');
  // Further down (main scrolls, not the page): the shelves, then Browse all and the card to add music.
  for (const name of ['Trending now', 'Browse all']) {
    await page.getByRole('region', { name }).scrollIntoViewIfNeeded();
    await saveFirstScreen(page, testInfo, `home-new-${name.toLowerCase().replace(' ', '-')}`);
  }
  await upload.scrollIntoViewIfNeeded();
  await saveFirstScreen(page, testInfo, 'home-new-add-music');

  // A starter pick plays at a tap.
  await starters.getByRole('button').first().click();
  await expect.poll(async () => (await readAudio(page)).paused, { timeout: 15_000 }).toBe(false);
});

test('Browse all shows one page in whole rows, and Show more adds the next', async ({ page }) => {
  await signUpThroughApi(page);
  await page.goto('/');
  const browseAll = page.getByRole('region', { name: 'Browse all' });
  const cards = browseAll.getByRole('article');
  await expect(cards.first()).toBeVisible();
  const firstPage = await cards.count();
  expect(firstPage).toBeGreaterThan(0);
  expect(firstPage).toBeLessThanOrEqual(12);
  await expectWholeRows(page);

  const more = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/songs/browse');
  await browseAll.getByRole('button', { name: 'Show more' }).click();
  expect((await more).status()).toBe(200);
  await expect.poll(() => cards.count()).toBeGreaterThan(firstPage);
  expect(await cards.count()).toBeLessThanOrEqual(24);
  await expectWholeRows(page);
});
