import type { Song } from '@kora/contracts';
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { keepScreenshot, signUpThroughApi } from './helpers.js';

type AudioSnapshot = { currentTime: number; paused: boolean; volume: number; src: string };

function readAudio(page: Page): Promise<AudioSnapshot> {
  return page.locator('audio').evaluate((element: HTMLAudioElement) => ({
    currentTime: element.currentTime,
    paused: element.paused,
    volume: element.volume,
    src: element.currentSrc,
  }));
}

/** The always-visible player of the viewport: the footer on desktop, the mini player on a phone. */
function playerBar(page: Page, testInfo: TestInfo): Locator {
  return page.getByRole('region', { name: testInfo.project.name === 'phone' ? 'Mini player' : 'Player' });
}

function largePlayer(page: Page): Locator {
  return page.getByRole('dialog');
}

async function openLargePlayer(page: Page, testInfo: TestInfo): Promise<Locator> {
  const bar = playerBar(page, testInfo);
  // The phone's whole song row expands; the desktop footer has an Expand button.
  await bar.getByRole('button', { name: /^Expand/ }).click();
  await expect(largePlayer(page)).toBeVisible();
  return largePlayer(page);
}

// A demo song long enough for the seeks below. Not simply the first card: tests that upload
// short songs run against the same server, and the newest songs come first.
const LONG_DEMO_SONG = 'Ìrìn Àjò';

/** Starts a song from the 'Browse all' grid with a real click on its card's play button. */
async function playFromBrowseAll(page: Page, title = LONG_DEMO_SONG): Promise<string> {
  const browseAll = page.getByRole('region', { name: 'Browse all' });
  const button = browseAll.getByRole('button', { name: `Play ${title}`, exact: true });
  const name = (await button.getAttribute('aria-label')) ?? '';
  await button.click();
  await expect.poll(async () => (await readAudio(page)).currentTime, { timeout: 15_000 }).toBeGreaterThan(0.5);
  expect((await readAudio(page)).paused).toBe(false);
  return name.replace(/^Play /, '');
}

async function expectNowPlaying(page: Page, testInfo: TestInfo, title: string): Promise<void> {
  await expect(playerBar(page, testInfo).getByText(title, { exact: true })).toBeVisible();
}

test('the player plays a song from Browse all and every control drives the audio', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  await signUpThroughApi(page);
  await page.goto('/');
  const bar = playerBar(page, testInfo);
  await expect(bar.getByRole('button', { name: 'Play', exact: true })).toBeDisabled();

  const firstTitle = await playFromBrowseAll(page);
  await expectNowPlaying(page, testInfo, firstTitle);
  await expect(bar.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  const firstSrc = (await readAudio(page)).src;
  expect(firstSrc).toMatch(/\/api\/songs\/\d+\/stream\?quality=auto$/);
  await keepScreenshot(page, testInfo, testInfo.project.name === 'phone' ? 'mini-player' : 'footer-player');

  await bar.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect.poll(async () => (await readAudio(page)).paused).toBe(true);
  await bar.getByRole('button', { name: 'Play', exact: true }).click();
  await expect.poll(async () => (await readAudio(page)).paused).toBe(false);

  await bar.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(bar.getByText(firstTitle, { exact: true })).toHaveCount(0);
  await expect.poll(async () => (await readAudio(page)).src).not.toBe(firstSrc);
  await expect.poll(async () => (await readAudio(page)).currentTime, { timeout: 15_000 }).toBeGreaterThan(0.2);
  await bar.getByRole('button', { name: 'Previous', exact: true }).click();
  await expectNowPlaying(page, testInfo, firstTitle);
  await expect.poll(async () => (await readAudio(page)).src).toBe(firstSrc);

  // Seek and volume live in the footer on desktop and in the large player on a phone.
  const controls = testInfo.project.name === 'phone' ? await openLargePlayer(page, testInfo) : bar;
  const before = (await readAudio(page)).currentTime;
  await controls.getByRole('slider', { name: 'Seek' }).focus();
  await page.keyboard.press('PageUp');
  await page.keyboard.press('PageUp');
  await expect.poll(async () => (await readAudio(page)).currentTime).toBeGreaterThan(before + 15);

  await controls.getByRole('slider', { name: 'Volume' }).focus();
  await page.keyboard.press('PageDown');
  await page.keyboard.press('ArrowDown');
  await expect.poll(async () => (await readAudio(page)).volume).toBeCloseTo(0.64, 5);
  await controls.getByRole('button', { name: 'Mute', exact: true }).click();
  await expect.poll(async () => (await readAudio(page)).volume).toBe(0);
  await controls.getByRole('button', { name: 'Unmute', exact: true }).click();
  await expect.poll(async () => (await readAudio(page)).volume).toBeCloseTo(0.64, 5);

  const repeat = controls.getByRole('button', { name: /^Repeat / });
  await expect(repeat).toHaveAccessibleName('Repeat off');
  for (const mode of ['Repeat all', 'Repeat one', 'Repeat off']) {
    await repeat.click();
    await expect(repeat).toHaveAccessibleName(mode);
  }
  const shuffle = controls.getByRole('button', { name: 'Shuffle', exact: true });
  await expect(shuffle).toHaveAttribute('aria-pressed', 'false');
  await shuffle.click();
  await expect(shuffle).toHaveAttribute('aria-pressed', 'true');
  expect((await readAudio(page)).src).toBe(firstSrc);

  await page.reload();
  await expect(playerBar(page, testInfo).getByRole('button', { name: 'Play', exact: true })).toBeDisabled();
  expect((await readAudio(page)).volume).toBeCloseTo(0.64, 5);
  expect(pageErrors).toEqual([]);
});

test('the large player shows the song, its controls and the queue; a queued song plays on a tap', async ({ page }, testInfo) => {
  await signUpThroughApi(page);
  await page.goto('/');
  const title = await playFromBrowseAll(page);

  const dialog = await openLargePlayer(page, testInfo);
  await expect(dialog.getByRole('heading', { name: title })).toBeVisible();
  for (const name of ['Shuffle', 'Previous', 'Pause', 'Next', 'Repeat off', 'Mute']) {
    await expect(dialog.getByRole('button', { name, exact: true })).toBeEnabled();
  }
  const upNext = dialog.getByRole('region', { name: 'Up next' });
  const queued = upNext.getByRole('button');
  expect(await queued.count()).toBeGreaterThan(2);
  await dialog.getByRole('button', { name: 'Shuffle', exact: true }).click();
  await dialog.getByRole('button', { name: 'Repeat off', exact: true }).click();
  await expect(dialog.getByRole('heading', { name: title })).toBeVisible();
  await keepScreenshot(page, testInfo, 'large-player');

  const third = queued.nth(2);
  const thirdTitle = (await third.locator('span span').first().textContent()) ?? '';
  const srcBefore = (await readAudio(page)).src;
  await third.click();
  await expect(dialog.getByRole('heading', { name: thirdTitle })).toBeVisible();
  await expect.poll(async () => (await readAudio(page)).src).not.toBe(srcBefore);
  await expect.poll(async () => (await readAudio(page)).paused).toBe(false);

  await dialog.getByRole('button', { name: 'Close player' }).click();
  await expect(dialog).toHaveCount(0);
  await expectNowPlaying(page, testInfo, thirdTitle);
});

test('keyboard shortcuts play, pause and seek outside text fields', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'a phone has no keyboard shortcuts to speak of');
  await signUpThroughApi(page);
  await page.goto('/');
  await playFromBrowseAll(page);
  // Keys go to the page itself, as after a click on empty space.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

  await page.keyboard.press('Space');
  await expect.poll(async () => (await readAudio(page)).paused).toBe(true);
  const before = (await readAudio(page)).currentTime;
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => (await readAudio(page)).currentTime).toBeCloseTo(before + 5, 0);
  await page.keyboard.press('Space');
  await expect.poll(async () => (await readAudio(page)).paused).toBe(false);
});

test('a play is recorded once a song has been heard for 30 seconds', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await signUpThroughApi(page);
  const songs = (await (await page.request.get('/api/songs')).json()) as Song[];
  const isUniqueTitle = (title: string) => songs.filter((other) => other.title === title).length === 1;
  // A library song: imported previews (tests on this server import the chart) stop at 30 s and are not counted.
  const song = songs.find(
    (candidate) => candidate.source === 'local' && (candidate.duration ?? 0) >= 45 && isUniqueTitle(candidate.title),
  );
  expect(song, 'the demo catalogue has a song of 45 s or more').toBeDefined();
  await page.goto('/');
  await playFromBrowseAll(page, song!.title);

  await expect.poll(async () => (await readAudio(page)).currentTime, { timeout: 45_000 }).toBeGreaterThan(31);
  const recentBefore = (await (await page.request.get('/api/songs/recently-played')).json()) as Song[];
  expect(recentBefore.map((recent) => recent.id)).not.toContain(song!.id);

  // Moving on settles the song: its play is sent with the minutes heard.
  await playerBar(page, testInfo).getByRole('button', { name: 'Next', exact: true }).click();
  await expect
    .poll(async () => {
      const recent = (await (await page.request.get('/api/songs/recently-played')).json()) as Song[];
      return recent.map((item) => item.id);
    })
    .toContain(song!.id);
  await expect(page.getByRole('region', { name: 'Recently played' }).getByText(song!.title, { exact: true })).toBeVisible();
});
