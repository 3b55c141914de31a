import type { Song } from '@kora/contracts';
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { keepScreenshot, logInThroughUi, signUpThroughApi } from './helpers.js';
import { LONG_DEMO_SONG, openLargePlayer, playFromAlbum, playerBar } from './player-helpers.js';

type AudioSnapshot = { currentTime: number; paused: boolean; volume: number; src: string };

function readAudio(page: Page): Promise<AudioSnapshot> {
  return page.locator('audio[data-role="playing"]').evaluate((element: HTMLAudioElement) => ({
    currentTime: element.currentTime,
    paused: element.paused,
    volume: element.volume,
    src: element.currentSrc,
  }));
}

async function expectNowPlaying(page: Page, testInfo: TestInfo, title: string): Promise<void> {
  await expect(playerBar(page, testInfo).getByText(title, { exact: true })).toBeVisible();
}

test('the player plays a song from its album and every control drives the audio', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  await signUpThroughApi(page);
  await page.goto('/');
  const bar = playerBar(page, testInfo);
  await expect(bar.getByRole('button', { name: 'Play', exact: true })).toBeDisabled();

  const firstTitle = LONG_DEMO_SONG;
  await playFromAlbum(page, firstTitle);
  await expectNowPlaying(page, testInfo, firstTitle);
  await expect(bar.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  const firstSrc = (await readAudio(page)).src;
  // Auto asks for the level it chose from the link (adaptive-quality.ts), a free listener's at most medium.
  expect(firstSrc).toMatch(/\/api\/songs\/\d+\/stream\?quality=(extreme-saver&codecs=opus|data-saver&codecs=opus|medium)$/);
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

  // After a reload the song comes back paused (player-restore.spec.ts), at the volume set here.
  await page.reload();
  await expect(playerBar(page, testInfo).getByRole('button', { name: 'Play', exact: true })).toBeEnabled();
  expect((await readAudio(page)).volume).toBeCloseTo(0.64, 5);
  expect(pageErrors).toEqual([]);
});

test('the large player shows the song, its controls and the queue; a queued song plays on a tap', async ({ page }, testInfo) => {
  await signUpThroughApi(page);
  const title = LONG_DEMO_SONG;
  await playFromAlbum(page, title);

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
  await playFromAlbum(page);
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
  await signUpThroughApi(page);
  const songs = (await (await page.request.get('/api/songs?limit=200')).json()) as Song[];
  const isUniqueTitle = (title: string) => songs.filter((other) => other.title === title).length === 1;
  // A library song: imported previews (tests on this server import the chart) stop at 30 s and are not counted.
  const song = songs.find(
    (candidate) =>
      candidate.source === 'local' && candidate.album !== null && (candidate.duration ?? 0) >= 45 && isUniqueTitle(candidate.title),
  );
  expect(song, 'the demo catalogue has a song of 45 s or more').toBeDefined();
  // The page's clock, which times what is heard, is moved on instead of waited for.
  await page.clock.install();
  await playFromAlbum(page, song!.title);

  await expect.poll(async () => (await readAudio(page)).currentTime).toBeGreaterThan(1);
  await page.clock.fastForward(30_000);
  expect((await readAudio(page)).paused).toBe(false);
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
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Jump back in' }).getByText(song!.title, { exact: true })).toBeVisible();
});

type Box = { x: number; y: number; width: number; height: number };

function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, 'the element is laid out').not.toBeNull();
  return box!;
}

test('a toast never covers the player: above the mini player on a phone, above the footer on desktop', async ({ page }, testInfo) => {
  const account = await signUpThroughApi(page);
  const created = await page.request.post('/api/playlists', { multipart: { name: 'Road Trip' } });
  expect(created.status()).toBe(201);
  await playFromAlbum(page);
  // Signed out on the server only: the song stays saved in this browser and comes back after signing in.
  expect((await page.request.post('/api/auth/logout')).ok()).toBe(true);
  await logInThroughUi(page, account.email, account.password);

  const bar = playerBar(page, testInfo);
  await expectNowPlaying(page, testInfo, LONG_DEMO_SONG);
  const toast = page.getByRole('region', { name: /Notifications/ }).getByRole('listitem').filter({ hasText: 'Welcome back!' });
  await expect(toast).toBeVisible();
  await keepScreenshot(page, testInfo, 'toast-over-player');
  const toastBox = await boxOf(toast);
  const barBox = await boxOf(bar);
  expect(intersects(toastBox, barBox), 'the toast overlaps the player').toBe(false);
  expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(barBox.y);
  for (const button of await bar.getByRole('button').all()) {
    expect(intersects(toastBox, await boxOf(button))).toBe(false);
  }
  await toast.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(toast).toHaveCount(0);

  // A toast raised from the large player stays off its controls too.
  const dialog = await openLargePlayer(page, testInfo);
  await dialog.getByRole('button', { name: 'Add to playlist' }).click();
  await page.getByRole('menuitem', { name: 'Road Trip' }).click();
  const added = page
    .getByRole('region', { name: /Notifications/, includeHidden: true })
    // The open dialog hides the rest of the page from the accessibility tree, toasts included.
    .locator('li')
    .filter({ hasText: 'Added to playlist' });
  await expect(added).toBeVisible();
  await keepScreenshot(page, testInfo, 'toast-over-large-player');
  const addedBox = await boxOf(added);
  // Every button but the queue's rows (the list under the controls), and both sliders.
  const controls = [...(await dialog.locator('button:not(ol button)').all()), ...(await dialog.getByRole('slider').all())];
  for (const control of controls) {
    const name = (await control.getAttribute('aria-label')) ?? (await control.innerText());
    expect(intersects(addedBox, await boxOf(control)), `the toast covers ${name}`).toBe(false);
  }
});

test('every control of the phone player and every settings switch and radio line is at least 44 by 44 px', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'tap targets are measured on the phone');
  await signUpThroughApi(page);
  await playFromAlbum(page);

  const expectTappable = async (target: Locator, name: string) => {
    const box = await boxOf(target);
    expect(box.width, `${name} is ${box.width} px wide`).toBeGreaterThanOrEqual(44);
    expect(box.height, `${name} is ${box.height} px high`).toBeGreaterThanOrEqual(44);
  };
  const expectAllTappable = async (targets: Locator) => {
    const all = await targets.all();
    expect(all.length).toBeGreaterThan(0);
    for (const target of all) await expectTappable(target, (await target.getAttribute('aria-label')) ?? (await target.innerText()));
  };

  await expectAllTappable(playerBar(page, testInfo).getByRole('button'));

  const dialog = await openLargePlayer(page, testInfo);
  await expectAllTappable(dialog.getByRole('button'));
  for (const name of ['Seek', 'Volume']) {
    // The slider's root takes the presses around its small thumb.
    const root = dialog.getByRole('slider', { name }).locator('xpath=ancestor::span[@data-orientation][1]');
    await expectTappable(root, `the ${name} slider`);
  }
  await dialog.getByRole('button', { name: 'Close player' }).click();

  await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings.getByRole('switch').first()).toBeVisible();
  await expectAllTappable(settings.getByRole('switch'));
  // A radio's whole line is its label, the target a finger presses.
  await expectAllTappable(settings.locator('label').filter({ has: page.getByRole('radio') }));
});
