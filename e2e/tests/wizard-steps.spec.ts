import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator } from '@playwright/test';
import { keepScreenshot, signUpThroughApi } from './helpers.js';

const fixture = (name: string) => path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures', name);

/**
 * Next on step 1 is marked disabled (spec section 4) with aria-disabled, which Playwright
 * refuses to click; a listener can press it, and that press is what is under test.
 */
async function pressMarkedDisabled(button: Locator): Promise<void> {
  await expect(button).toBeDisabled();
  await button.click({ force: true });
}

test('Next checks the step it leaves and names the missing field beside it; an EP without an album title stops on step 3', async ({
  page,
}, testInfo) => {
  await signUpThroughApi(page);
  await page.goto('/upload');
  const wizard = page.getByRole('form', { name: 'Release upload' });
  const next = wizard.getByRole('button', { name: 'Next' });
  const stepHeading = (step: number) => wizard.getByRole('heading', { name: new RegExp(`Step ${step} of 5`) });

  // Step 1: an EP of two empty tracks. Next names the first gap and takes the listener to it.
  await wizard.getByRole('radio', { name: 'EP' }).check();
  await pressMarkedDisabled(next);
  await expect(stepHeading(1)).toBeVisible();
  const first = wizard.getByRole('group', { name: 'Track 1' });
  const second = wizard.getByRole('group', { name: 'Track 2' });
  await expect(first.getByLabel('Audio File')).toBeFocused();
  await expect(first.getByLabel('Audio File')).toHaveAccessibleDescription(/Choose the audio file of track 1\./);
  await expect(first.getByText('Choose the audio file of track 1.')).toBeVisible();
  await expect(first.getByLabel('Track Title')).toHaveAttribute('aria-invalid', 'true');
  await expect(second.getByText('Enter the title of track 2.')).toBeVisible();
  await keepScreenshot(page, testInfo, 'wizard-step-1-missing');

  // Filling a field takes its message away; the rest stay until filled.
  await first.getByLabel('Audio File').setInputFiles(fixture('tone-330.mp3'));
  await first.getByLabel('Track Title').fill('Danfo Driver');
  await expect(first.getByText('Choose the audio file of track 1.')).toHaveCount(0);
  await expect(first.getByLabel('Track Title')).not.toHaveAttribute('aria-invalid');
  await pressMarkedDisabled(next);
  await expect(second.getByLabel('Audio File')).toBeFocused();
  await second.getByLabel('Audio File').setInputFiles(fixture('tone-440.mp3'));
  await second.getByLabel('Track Title').fill('Okada Lane');
  await expect(next).toBeEnabled();
  await next.click();

  // Step 2 holds nothing required.
  await expect(stepHeading(2)).toBeVisible();
  await next.click();

  // Step 3: the EP's album title is caught here, not on step 5.
  await expect(stepHeading(3)).toBeVisible();
  await wizard.getByLabel('Artist Name').fill('Ẹbùn Tester');
  await wizard.getByLabel('Genre').selectOption({ label: 'Afrobeats' });
  await next.click();
  await expect(stepHeading(3)).toBeVisible();
  const albumTitle = wizard.getByLabel('Album Title');
  await expect(albumTitle).toBeFocused();
  await expect(albumTitle).toHaveAttribute('aria-invalid', 'true');
  await expect(albumTitle).toHaveAccessibleDescription('Enter the album title: an EP needs one.');
  await expect(wizard.getByText('Enter the album title: an EP needs one.')).toBeVisible();
  await keepScreenshot(page, testInfo, 'wizard-step-3-missing');

  await albumTitle.fill('Danfo Stories');
  await expect(wizard.getByText('Enter the album title: an EP needs one.')).toHaveCount(0);
  await next.click();
  await expect(stepHeading(4)).toBeVisible();

  // Back on step 3, an emptied artist name is named in turn.
  await wizard.getByRole('button', { name: 'Previous' }).click();
  await wizard.getByLabel('Artist Name').fill('  ');
  await next.click();
  await expect(wizard.getByLabel('Artist Name')).toBeFocused();
  await expect(wizard.getByText('Enter the artist name.')).toBeVisible();
});
