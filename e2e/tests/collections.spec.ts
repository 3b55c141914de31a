import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { expectNoHorizontalOverflow, expectToast, keepScreenshot, signUpThroughApi } from './helpers.js';

const COVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/playlist-cover.png');

function isPhone(testInfo: TestInfo): boolean {
  return testInfo.project.name === 'phone';
}

function readAudio(page: Page) {
  return page.locator('audio[data-role="playing"]').evaluate((element: HTMLAudioElement) => ({ paused: element.paused, src: element.currentSrc }));
}

/**
 * The titles of the first songs of the Library's All Songs list, read from their rows: library
 * songs only, as imported previews (tests on this server import the chart) cannot be liked or added.
 */
async function firstLibrarySongs(page: Page, count: number): Promise<string[]> {
  await page.goto('/library');
  const allSongs = page.getByRole('region', { name: 'All Songs' });
  const options = allSongs
    .getByRole('listitem')
    .filter({ hasNotText: '30s Preview' })
    .getByRole('button', { name: /^More options for / });
  await expect(options.first()).toBeVisible();
  const names = await options.evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''));
  return names.slice(0, count).map((name) => name.replace(/^More options for /, ''));
}

async function addToPlaylist(page: Page, title: string, playlistName: string): Promise<void> {
  await page
    .getByRole('region', { name: 'All Songs' })
    .getByRole('button', { name: `More options for ${title}`, exact: true })
    // Other tests upload songs with the same titles ('Song 7'): the first row is the one read.
    .first()
    .click();
  await page.getByRole('menuitem', { name: playlistName, exact: true }).click();
  await expectToast(page, 'Added to playlist');
}

test('a playlist from creation to deletion: cover, songs, playback, edit, removal, and a second listener who likes it', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  await signUpThroughApi(page);
  await page.goto('/');

  // Create it from the sidebar; a phone reaches the sidebar through the menu.
  if (isPhone(testInfo)) await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Create Playlist' }).click();
  const create = page.getByRole('dialog', { name: 'Create Playlist' });
  await create.getByLabel('Playlist Name').fill('   ');
  await create.getByRole('button', { name: 'Create Playlist' }).click();
  await expectToast(page, 'Error', 'Please enter a playlist name.');
  await create.getByLabel('Playlist Name').fill('Owambe Sundays');
  await create.getByLabel('Description').fill('For the long drive home');
  await create.getByLabel('Cover Photo (Optional)').setInputFiles(COVER);
  await expect(create.getByRole('img', { name: 'Preview of the chosen image' })).toBeVisible();
  await keepScreenshot(page, testInfo, 'create-playlist-dialog');
  await create.getByRole('button', { name: 'Create Playlist' }).click();
  await expectToast(page, 'Success', 'Playlist created successfully!');
  await expect(page).toHaveURL(/\/playlist\/\d+$/);
  const playlistUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: 'Owambe Sundays' })).toBeVisible();
  await expect(page.getByText('This playlist is empty')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Play Owambe Sundays' })).toBeDisabled();
  // The cover was stored by the server (resized, under a key it chose) and is shown from there.
  await expect(page.locator('main img[src^="/api/media/"]').first()).toBeVisible();

  // Fill it from the library.
  const titles = await firstLibrarySongs(page, 3);
  for (const title of titles) await addToPlaylist(page, title, 'Owambe Sundays');

  await page.goto(playlistUrl);
  const table = page.getByRole('table');
  for (const title of titles) await expect(table.getByRole('button', { name: `Play ${title}`, exact: true })).toBeVisible();
  await expect(table.getByText('01', { exact: true })).toBeVisible();
  await expect(table.getByText('03', { exact: true })).toBeVisible();
  await expect(page.getByText('3 songs')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await keepScreenshot(page, testInfo, 'playlist-page');

  // The round button plays the first song; a row plays its own, both in the playlist's context.
  await page.getByRole('button', { name: 'Play Owambe Sundays' }).click();
  await expect.poll(async () => (await readAudio(page)).paused, { timeout: 15_000 }).toBe(false);
  // Selecting a song opens the large player (spec section 4); closing it shows the page again.
  await expect(page.getByRole('dialog').getByText(titles[0]!, { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Pause Owambe Sundays' })).toBeVisible();
  await table.getByRole('button', { name: `Play ${titles[1]}`, exact: true }).click();
  await expect(table.getByRole('button', { name: `Pause ${titles[1]}`, exact: true })).toBeVisible();
  await expect.poll(async () => (await readAudio(page)).paused).toBe(false);

  // Edit: the dialog opens with the current values.
  await page.getByRole('button', { name: 'Playlist options' }).click();
  await page.getByRole('menuitem', { name: 'Edit playlist' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Playlist' });
  await expect(edit.getByText('Update your playlist details')).toBeVisible();
  await expect(edit.getByLabel('Playlist Name')).toHaveValue('Owambe Sundays');
  await expect(edit.getByLabel('Description')).toHaveValue('For the long drive home');
  await keepScreenshot(page, testInfo, 'edit-playlist-dialog');
  await edit.getByLabel('Playlist Name').fill('Owambe Sundays (Live)');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Success', 'Playlist updated successfully!');
  await expect(edit).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Owambe Sundays (Live)' })).toBeVisible();

  // Remove a song, after a confirmation (a phone's row has it in its '⋯' menu).
  if (isPhone(testInfo)) {
    await table.getByRole('button', { name: `More options for ${titles[2]}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Remove from this playlist' }).click();
  } else {
    await table.getByRole('button', { name: `Remove ${titles[2]} from playlist`, exact: true }).click();
  }
  const confirmRemove = page.getByRole('alertdialog');
  await expect(confirmRemove.getByText(`Remove "${titles[2]}" from this playlist?`)).toBeVisible();
  await confirmRemove.getByRole('button', { name: 'Remove', exact: true }).click();
  await expectToast(page, 'Success', 'Song removed from playlist!');
  await expect(table.getByRole('button', { name: `Play ${titles[2]}`, exact: true })).toHaveCount(0);
  await expect(page.getByText('2 songs')).toBeVisible();

  // Another listener opens it by its link: read only, and they can like it.
  const otherContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: page.viewportSize() });
  try {
    const other = await otherContext.newPage();
    await signUpThroughApi(other);
    await other.goto(playlistUrl);
    await expect(other.getByRole('heading', { level: 1, name: 'Owambe Sundays (Live)' })).toBeVisible();
    await expect(other.getByText('Created by Kemi Adeyemi')).toBeVisible();
    await expect(other.getByRole('button', { name: 'Playlist options' })).toHaveCount(0);
    await expect(other.getByRole('button', { name: /from playlist$/ })).toHaveCount(0);

    const like = other.getByRole('button', { name: 'Like playlist' });
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await like.click();
    await expectToast(other, 'Success', 'Playlist added to your favorites!');
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await other.goto('/library?tab=playlists');
    const liked = other.getByRole('region', { name: 'Liked Playlists' });
    await expect(liked.getByRole('link', { name: /Owambe Sundays \(Live\)/ })).toBeVisible();
    await keepScreenshot(other, testInfo, 'library-liked-playlists');

    await other.goto(playlistUrl);
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await like.click();
    await expectToast(other, 'Success', 'Playlist removed from your favorites!');
    await expect(like).toHaveAttribute('aria-pressed', 'false');
  } finally {
    await otherContext.close();
  }

  // Delete: a confirmation, then a full load of the library, where the toast still shows.
  await page.getByRole('button', { name: 'Playlist options' }).click();
  await page.getByRole('menuitem', { name: 'Delete playlist' }).click();
  const confirmDelete = page.getByRole('alertdialog');
  await expect(confirmDelete.getByText('Are you sure you want to delete this playlist? This action cannot be undone.')).toBeVisible();
  await confirmDelete.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page).toHaveURL(/\/library$/);
  await expectToast(page, 'Success', 'Playlist deleted successfully!');
  await page.goto(playlistUrl);
  await expect(page.getByRole('heading', { name: 'Playlist not found' })).toBeVisible();
});

test('liking songs changes the library count and the liked grid, and the grid heart unlikes', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  await signUpThroughApi(page);
  const [first, second] = await firstLibrarySongs(page, 2);
  await expect(page.getByRole('link', { name: /^Liked Songs 0 songs/ })).toBeVisible();

  // Play a song and like it from the player (the mini player on a phone, the footer on desktop).
  const allSongs = page.getByRole('region', { name: 'All Songs' });
  for (const title of [first, second]) {
    await allSongs.getByRole('button', { name: `Play ${title}`, exact: true }).first().click();
    const like = page.getByRole('button', { name: `Like ${title}`, exact: true }).first();
    await expect(like).toBeVisible();
    await like.click();
    await expect(page.getByRole('button', { name: `Unlike ${title}`, exact: true }).first()).toHaveAttribute('aria-pressed', 'true');
    // A phone's large player opens with the song: close it to get back to the list.
    if (isPhone(testInfo)) await page.keyboard.press('Escape');
  }
  await expect(page.getByRole('link', { name: /^Liked Songs 2 songs/ })).toBeVisible();

  await page.getByRole('link', { name: /^Liked Songs 2 songs/ }).click();
  await expect(page).toHaveURL(/\/library\?tab=liked$/);
  const grid = page.getByRole('region', { name: /^Liked Songs/ });
  // Newest like first.
  await expect(grid.getByRole('heading', { level: 3 })).toHaveText([second!, first!]);
  await expectNoHorizontalOverflow(page);
  await keepScreenshot(page, testInfo, 'library-liked-songs');

  await grid.getByRole('button', { name: `Unlike ${second}`, exact: true }).click();
  await expect(grid.getByRole('heading', { level: 3 })).toHaveText([first!]);
  // The player's heart follows: the song it plays is no longer liked.
  await expect(page.getByRole('button', { name: `Like ${second}`, exact: true }).first()).toHaveAttribute('aria-pressed', 'false');

  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/library$/);
  await expect(page.getByRole('link', { name: /^Liked Songs 1 song/ })).toBeVisible();
});
