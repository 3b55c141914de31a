import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { expectNoHorizontalOverflow, expectToast, keepScreenshot, signUpThroughApi } from './helpers.js';

const fixture = (name: string) => path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures', name);

function readAudio(page: Page) {
  return page.locator('audio[data-role="playing"]').evaluate((element: HTMLAudioElement) => ({ paused: element.paused, time: element.currentTime }));
}

/** Searches for a title and plays it from Your Library. */
async function findAndPlay(page: Page, title: string): Promise<void> {
  await page.goto(`/search?q=${encodeURIComponent(title)}`);
  const library = page.getByRole('region', { name: 'Your Library' });
  await library.getByRole('button', { name: `Play ${title}`, exact: true }).click();
  await expect.poll(async () => (await readAudio(page)).time, { timeout: 15_000 }).toBeGreaterThan(0.3);
  expect((await readAudio(page)).paused).toBe(false);
}

test('a song uploaded from the Library and a three-track EP from the wizard go live, are found and play', async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  // Both viewports run against one server: names unique to this run keep their searches apart.
  const token = randomBytes(3).toString('hex');
  const song = `Harmattan Morning ${token}`;
  const ep = `Danfo Stories ${token}`;
  const tracks = [`Danfo Driver ${token}`, `Okada Lane ${token}`, `Third Mainland ${token}`];
  const account = await signUpThroughApi(page);

  // The Library's Upload dialog: the title comes from the file name until the listener types one.
  await page.goto('/library');
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Music' });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expectToast(page, 'Error', 'Please select an audio file to upload.');
  await dialog.getByLabel('Audio File').setInputFiles(fixture('tone-220.mp3'));
  await expect(dialog.getByLabel('Song Title')).toHaveValue('tone-220');
  await dialog.getByLabel('Song Title').fill(song);
  await dialog.getByLabel('Artist Name').fill(`Ẹbùn Tester ${token}`);
  await keepScreenshot(page, testInfo, 'library-upload-dialog');
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expectToast(page, 'Success', 'Music uploaded successfully!');

  // The five-step wizard: an EP of three tracks.
  await page.goto('/upload');
  const wizard = page.getByRole('form', { name: 'Release upload' });
  await wizard.getByRole('radio', { name: 'EP' }).check();
  await expect(wizard.getByRole('group', { name: 'Track 2' })).toBeVisible();
  await expect(wizard.getByRole('button', { name: 'Next' })).toBeDisabled();
  await wizard.getByRole('button', { name: 'Add Track' }).click();
  for (const [index, title] of tracks.entries()) {
    const track = wizard.getByRole('group', { name: `Track ${index + 1}` });
    await track.getByLabel('Audio File').setInputFiles(fixture(`tone-${[330, 440, 550][index]}.mp3`));
    await track.getByLabel('Track Title').fill(title);
  }
  await expectNoHorizontalOverflow(page);
  await keepScreenshot(page, testInfo, 'wizard-step-1');
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.getByRole('heading', { name: /Step 2 of 5/ })).toBeVisible();
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByLabel('Artist Name').fill(`Ẹbùn Tester ${token}`);
  await wizard.getByLabel('Album Title').fill(ep);
  await wizard.getByLabel('Genre').selectOption({ label: 'Afrobeats' });
  await wizard.getByLabel('Language').selectOption({ label: 'Yoruba' });
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.getByRole('heading', { name: /Step 4 of 5/ })).toBeVisible();
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.getByRole('heading', { name: /Step 5 of 5/ })).toBeVisible();
  const submit = wizard.getByRole('button', { name: 'Submit Release' });
  await expect(submit).toBeDisabled();
  await wizard.getByRole('checkbox', { name: /I confirm that I own/ }).check();
  await keepScreenshot(page, testInfo, 'wizard-step-5');
  await submit.click();
  await expectToast(page, 'Success', 'Your ep has been uploaded successfully!');
  // After success the wizard starts again.
  await expect(wizard.getByRole('heading', { name: /Step 1 of 5/ })).toBeVisible();

  // My releases follows the processing to Live without a reload.
  const releases = page.getByRole('region', { name: 'My releases' });
  for (const title of [ep, song]) {
    await expect(releases.getByRole('article', { name: title }).getByText('Live', { exact: true })).toBeVisible({ timeout: 60_000 });
  }
  await keepScreenshot(page, testInfo, 'my-releases');

  await findAndPlay(page, tracks[1]!);
  await page.keyboard.press('Escape');
  await findAndPlay(page, song);

  // The artist these uploads made is this listener's own profile, and its page says whose.
  const [latest] = (await (await page.request.get('/api/releases')).json()) as { artist: { id: number } }[];
  await page.goto(`/artist/${latest!.artist.id}`);
  await expect(page.getByRole('heading', { name: `Ẹbùn Tester ${token}`, level: 1 })).toBeVisible();
  await expect(page.getByText(`Artist profile by ${account.firstName} ${account.lastName}`)).toBeVisible();
});
