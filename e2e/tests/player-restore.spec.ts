import type { Song } from '@kora/contracts';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { keepScreenshot, signUpThroughApi } from './helpers.js';
import { openLargePlayer, playerBar } from './player-helpers.js';

type AudioSnapshot = { currentTime: number; paused: boolean; src: string };

function readAudio(page: Page): Promise<AudioSnapshot> {
  return page.locator('audio[data-role="playing"]').evaluate((element: HTMLAudioElement) => ({
    currentTime: element.currentTime,
    paused: element.paused,
    src: element.getAttribute('src') ?? '',
  }));
}

async function readUpNext(page: Page, testInfo: TestInfo): Promise<string[]> {
  const dialog = await openLargePlayer(page, testInfo);
  const titles = await dialog
    .getByRole('region', { name: 'Up next' })
    .getByRole('button')
    .evaluateAll((buttons) => buttons.map((button) => button.querySelector('span span')?.textContent ?? ''));
  await dialog.getByRole('button', { name: 'Close player' }).click();
  await expect(dialog).toHaveCount(0);
  return titles;
}

/** A long demo song on an album of three or more, so the queue has a context worth restoring. */
async function findAlbumSong(page: Page): Promise<{ albumId: number; song: Song }> {
  const songs = (await (await page.request.get('/api/songs?limit=200')).json()) as Song[];
  const local = songs.filter((song) => song.source === 'local' && song.album !== null);
  const isUniqueTitle = (title: string) => songs.filter((other) => other.title === title).length === 1;
  const song = local.find(
    (candidate) =>
      (candidate.duration ?? 0) >= 60 &&
      isUniqueTitle(candidate.title) &&
      local.filter((other) => other.album!.id === candidate.album!.id).length >= 3,
  );
  expect(song, 'the demo catalogue has a long song on an album of three').toBeDefined();
  return { albumId: song!.album!.id, song: song! };
}

/** Plays a song of an album, moves 20 s on, and waits until it plays there. */
async function playAndSeek(page: Page, testInfo: TestInfo): Promise<Song> {
  const { albumId, song } = await findAlbumSong(page);
  await page.goto(`/album/${albumId}`);
  await page.getByRole('main').getByRole('button', { name: `Play ${song.title}`, exact: true }).click();
  await expect.poll(async () => (await readAudio(page)).currentTime, { timeout: 15_000 }).toBeGreaterThan(0.3);

  // Seek lives in the footer on desktop and in the large player on a phone.
  const isPhone = testInfo.project.name === 'phone';
  const controls = isPhone ? await openLargePlayer(page, testInfo) : playerBar(page, testInfo);
  await controls.getByRole('slider', { name: 'Seek' }).focus();
  await page.keyboard.press('PageUp');
  await page.keyboard.press('PageUp');
  await expect.poll(async () => (await readAudio(page)).currentTime).toBeGreaterThan(20);
  if (isPhone) await controls.getByRole('button', { name: 'Close player' }).click();
  expect((await readAudio(page)).paused).toBe(false);
  return song;
}

async function readSessionKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('kora-player-session:')));
}

test('the song, its queue and the position survive a reload, restored paused; Play goes on from there', async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  await signUpThroughApi(page);
  const song = await playAndSeek(page, testInfo);
  const upNext = await readUpNext(page, testInfo);
  expect(upNext.length).toBeGreaterThanOrEqual(2);
  const { currentTime: before, src } = await readAudio(page);

  await page.reload();
  const bar = playerBar(page, testInfo);
  await expect(bar.getByText(song.title, { exact: true })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Play', exact: true })).toBeEnabled();
  const restored = await readAudio(page);
  expect(restored.paused).toBe(true);
  expect(restored.src).toBe(src);
  // Saved as the page went away, a moment after `before` was read while it played.
  expect(restored.currentTime).toBeGreaterThanOrEqual(before - 0.5);
  expect(restored.currentTime).toBeLessThan(before + 5);
  await keepScreenshot(page, testInfo, 'player-restored');
  expect(await readUpNext(page, testInfo)).toEqual(upNext);

  await bar.getByRole('button', { name: 'Play', exact: true }).click();
  await expect.poll(async () => (await readAudio(page)).currentTime, { timeout: 15_000 }).toBeGreaterThan(restored.currentTime + 0.5);
  expect((await readAudio(page)).paused).toBe(false);
  await expect(bar.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
});

test('a saved song that no longer exists is dropped without a word', async ({ page }, testInfo) => {
  await signUpThroughApi(page);
  await playAndSeek(page, testInfo);
  await expect.poll(() => readSessionKeys(page)).toHaveLength(1);
  const [key] = await readSessionKeys(page);

  // The song is deleted meanwhile: the saved copy points at a stream that answers 404. Written as
  // the next page starts, after the leaving page has saved its own state.
  const saved = await page.evaluate((sessionKey) => localStorage.getItem(sessionKey), key!);
  const session = JSON.parse(saved ?? '{}') as { song: Song; queue: Song[]; queueIndex: number };
  const gone = { ...session.song, id: 987654321, fileUrl: '/api/songs/987654321/stream' };
  const stale = { ...session, song: gone, queue: session.queue.map((song, index) => (index === session.queueIndex ? gone : song)) };
  await page.addInitScript(([sessionKey, value]) => localStorage.setItem(sessionKey!, value!), [key!, JSON.stringify(stale)]);
  await page.reload();

  const bar = playerBar(page, testInfo);
  await expect(bar.getByText('No song playing')).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Play', exact: true })).toBeDisabled();
  await expect(page.getByRole('region', { name: /Notifications/, includeHidden: true }).getByRole('listitem')).toHaveCount(0);
  await expect.poll(() => readSessionKeys(page)).toEqual([]);
});

test("another account signing in on the same browser never gets the last listener's queue", async ({ page }, testInfo) => {
  await signUpThroughApi(page);
  const song = await playAndSeek(page, testInfo);
  await expect.poll(() => readSessionKeys(page)).toHaveLength(1);

  // A second listener signs in without the first signing out (a shared phone, an expired session).
  await signUpThroughApi(page);
  await page.goto('/library');
  const bar = playerBar(page, testInfo);
  await expect(bar.getByText('No song playing')).toBeVisible();
  await expect(bar.getByText(song.title, { exact: true })).toHaveCount(0);
  await expect(bar.getByRole('button', { name: 'Play', exact: true })).toBeDisabled();
  // The first listener's queue is not left behind in this browser either.
  await expect.poll(() => readSessionKeys(page)).toEqual([]);
});
