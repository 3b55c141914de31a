import { expect, test, type Locator, type Page } from '@playwright/test';
import { cardInBrowseAll, expectNoHorizontalOverflow, keepScreenshot, openSettingsFromHeader, signUpThroughApi } from './helpers.js';

const DEMO_SONG = 'Ìrìn Àjò';

async function openDataUsed(page: Page): Promise<Locator> {
  return (await openSettingsFromHeader(page)).getByRole('region', { name: 'Data used' });
}

/** The figures of one line of the Data used table: all devices, then this device. */
function figuresOf(dataUsed: Locator, line: string | RegExp): Locator {
  return dataUsed.getByRole('row', { name: line }).getByRole('cell');
}

test('Data used shows the bytes a song streamed, for the account and this device, and keeps a monthly limit', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  await signUpThroughApi(page);
  await page.goto('/');

  // Home's covers are counted already; no song has streamed yet.
  let dataUsed = await openDataUsed(page);
  await expect(dataUsed.getByRole('row', { name: /^Covers and pictures/ })).toBeVisible();
  await expect(dataUsed.getByRole('row', { name: /^Streaming/ })).toHaveCount(0);
  await expect(figuresOf(dataUsed, /^Last month/)).toHaveText(['0 KB', '0 KB']);
  await expect(dataUsed.getByLabel('Monthly data limit')).toHaveValue('off');
  await page.keyboard.press('Escape');

  const card = await cardInBrowseAll(page, DEMO_SONG);
  await card.getByRole('button', { name: `Play ${DEMO_SONG}`, exact: true }).click();
  const audio = page.locator('audio[data-role="playing"]');
  await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime), { timeout: 15_000 }).toBeGreaterThan(1);
  await page.keyboard.press('Escape');

  dataUsed = await openDataUsed(page);
  // The song streamed at a rendition the view names, and as streaming, to this device.
  const streaming = figuresOf(dataUsed, /^Streaming/);
  await expect(streaming.nth(0)).toHaveText(/^\d[\d.,]* (KB|MB)$/);
  await expect(streaming.nth(0)).not.toHaveText('0 KB');
  await expect(streaming.nth(1)).toHaveText(await streaming.nth(0).innerText());
  await expect(dataUsed.getByRole('row', { name: /^(MP3|Opus) \d+ kbps/ })).toBeVisible();
  // Not Today: a run across midnight UTC counts the song on the day before.
  const thisMonth = figuresOf(dataUsed, /^This month \d/);
  await expect(thisMonth.nth(0)).not.toHaveText('0 KB');
  // Signed up from this browser: everything went to this device.
  await expect(thisMonth.nth(1)).toHaveText(await thisMonth.nth(0).innerText());

  await dataUsed.getByLabel('Monthly data limit').selectOption({ label: '500 MB' });
  await expect(dataUsed.getByText(/^[\d.,]+ (KB|MB) of 500 MB used in \w+ \(0%\)$/)).toBeVisible();
  await expect(dataUsed.getByRole('status')).toHaveText('A notice at 80%; at 100% Kora switches to the extreme data saver until the month ends.');
  await expectNoHorizontalOverflow(page);
  await keepScreenshot(page, testInfo, 'data-used-page');
  await dataUsed.screenshot({ path: testInfo.outputPath(`data-used-${testInfo.project.name}.png`) });

  // The limit is the account's, kept by the server.
  await page.reload();
  dataUsed = await openDataUsed(page);
  await expect(dataUsed.getByLabel('Monthly data limit')).toHaveValue('500');
  await dataUsed.getByLabel('Monthly data limit').selectOption('off');
  await expect(dataUsed.getByText('No limit: Kora streams at the quality you choose.')).toBeVisible();
});
