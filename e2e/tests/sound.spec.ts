import { expect, test, type Page } from '@playwright/test';
import { closeDialog, keepScreenshot, openSettingsFromHeader, signUpThroughApi } from './helpers.js';
// Their album's first track hands over to its second.
import { openLargePlayer, playFromAlbum } from './player-helpers.js';

/**
 * Moves the playing song to `secondsLeft` before its end and waits for the other element to start
 * the next song: answers how much of the first song was still to play at that moment.
 */
function handOverFrom(page: Page, secondsLeft: number): Promise<{ remaining: number; nextSource: string }> {
  return page.evaluate(
    (lead) =>
      new Promise((resolve) => {
        const playing = document.querySelector<HTMLAudioElement>('audio[data-role="playing"]')!;
        const spare = document.querySelector<HTMLAudioElement>('audio[data-role="spare"]')!;
        spare.addEventListener('playing', () => resolve({ remaining: playing.duration - playing.currentTime, nextSource: spare.currentSrc }), {
          once: true,
        });
        playing.currentTime = playing.duration - lead;
      }),
    secondsLeft,
  );
}

test('the large player says what is streaming: Opus 48 kbps on the data saver, MP3 on the standard quality', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  await signUpThroughApi(page);
  await page.goto('/');
  let settings = await openSettingsFromHeader(page);
  await settings.getByRole('group', { name: 'Mobile data saver' }).getByRole('radio', { name: /^Data saver/ }).click();
  await closeDialog(page, settings);

  await playFromAlbum(page);
  const player = await openLargePlayer(page, testInfo);
  await expect(player.getByText('Opus 48 kbps', { exact: true })).toBeVisible();
  await keepScreenshot(page, testInfo, 'large-player-stream-label');
  await page.keyboard.press('Escape');

  // Off again: a free listener's auto quality is the 128 kbps MP3, from the next song on.
  settings = await openSettingsFromHeader(page);
  await settings.getByRole('group', { name: 'Mobile data saver' }).getByRole('radio', { name: 'Off', exact: true }).click();
  await settings.getByLabel('Streaming quality').selectOption('medium');
  await closeDialog(page, settings);
  await playFromAlbum(page);
  await expect((await openLargePlayer(page, testInfo)).getByText('MP3 128 kbps', { exact: true })).toBeVisible();
});

test('a 2-second crossfade starts the next song about 2 seconds before the first ends, and the first then stops', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  await signUpThroughApi(page);
  await page.goto('/');
  const settings = await openSettingsFromHeader(page);
  await settings.getByLabel('Crossfade').selectOption('2');
  await closeDialog(page, settings);

  const tracks = await playFromAlbum(page);
  const { remaining, nextSource } = await handOverFrom(page, 8);
  expect(remaining).toBeGreaterThan(1.5);
  expect(remaining).toBeLessThan(2.5);
  expect(nextSource).toMatch(/\/api\/songs\/\d+\/stream/);
  // The next song is the current one at once, and the song that faded out stops by itself.
  await expect.poll(() => page.locator('audio[data-role="spare"]').evaluate((audio: HTMLAudioElement) => audio.paused), { timeout: 5_000 }).toBe(true);
  const next = tracks.find((track) => track.id === Number(/songs\/(\d+)\//.exec(nextSource)![1]));
  expect(next, 'the next song is a track of the album').toBeDefined();
  // The next song is the current one at once.
  await expect((await openLargePlayer(page, testInfo)).getByRole('heading', { name: next!.title })).toBeVisible();
});

test("gapless playback starts an album's next track as the first ends, with no silence between", async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  await signUpThroughApi(page);
  await page.goto('/');
  const settings = await openSettingsFromHeader(page);
  // On by default, with crossfade off.
  await expect(settings.getByRole('switch', { name: 'Gapless playback' })).toBeChecked();
  await expect(settings.getByLabel('Crossfade')).toHaveValue('0');
  await settings.getByRole('switch', { name: 'Normalize volume' }).scrollIntoViewIfNeeded();
  await keepScreenshot(page, testInfo, 'settings-sound');
  await closeDialog(page, settings);

  await playFromAlbum(page);
  const { remaining } = await handOverFrom(page, 4);
  // Sound from the next track within a few milliseconds of the end (a 'playing' event is not sample-exact).
  expect(remaining).toBeLessThan(0.25);
  expect(remaining).toBeGreaterThan(-0.01);
});
