import type { Song } from '@kora/contracts';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { findArtist } from './demo-artists.js';
import { expectNoHorizontalOverflow, expectToast, keepScreenshot, signUpThroughApi } from './helpers.js';

// The demo catalogue the e2e server seeds (server/src/db/seed/catalogue-data.ts).
const ADEBAYO = 'Ọláolúwa Adébáyọ̀';
const DEMO_SONG = 'Ìrìn Àjò';

async function findSong(page: Page, title: string): Promise<Song> {
  const songs = (await (await page.request.get('/api/songs?limit=200')).json()) as Song[];
  const song = songs.find((candidate) => candidate.title === title);
  if (!song) throw new Error(`The demo catalogue has no song ${title}`);
  return song;
}

function bell(page: Page): Locator {
  return page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
}

async function openNotifications(page: Page): Promise<Locator> {
  await bell(page).click();
  const dialog = page.getByRole('dialog', { name: 'Notifications' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function openProfile(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Profile' });
  await expect(dialog).toBeVisible();
  return dialog;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** 'November 2026' for an account made now, by the browser's clock and time zone (as the dialog reads it). */
async function currentMonthInBrowser(page: Page): Promise<string> {
  const { month, year } = await page.evaluate(() => ({ month: new Date().getMonth(), year: new Date().getFullYear() }));
  return `${MONTHS[month]} ${year}`;
}

/** A figure of the Profile dialog, by its label (a <dt> and its <dd>). */
function stat(scope: Locator, label: string, section: string): Locator {
  return scope.getByRole('region', { name: section }).locator(`dt:text-is("${label}") + dd`);
}

test('a new account has its welcome notification: the badge counts it, Mark all as read clears it', async ({ page }, testInfo) => {
  await signUpThroughApi(page);
  await page.goto('/');
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  await expect(page.getByTestId('notifications-badge')).toHaveText('1');

  const dialog = await openNotifications(page);
  await expect(dialog.getByText('1 unread notification')).toBeVisible();
  const welcome = dialog.getByRole('listitem').filter({ hasText: 'Welcome to Kora!' });
  await expect(welcome).toContainText('your account is ready');
  await expect(welcome).toContainText('Unread');
  await expect(welcome).toContainText('just now');
  await expectNoHorizontalOverflow(page);
  await keepScreenshot(page, testInfo, 'notifications-unread');

  await dialog.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(welcome).toContainText('Read');
  await expect(welcome).not.toContainText('Unread');
  await expect(dialog.getByText("You're all caught up.")).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  await keepScreenshot(page, testInfo, 'notifications-read');

  await page.keyboard.press('Escape');
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await expect(page.getByTestId('notifications-badge')).toHaveCount(0);
  // Kept on the server: a reload still shows no badge.
  await page.reload();
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await expect(page.getByTestId('notifications-badge')).toHaveCount(0);
});

test('clicking an unread notification marks it read', async ({ page }) => {
  await signUpThroughApi(page);
  await page.goto('/');
  const dialog = await openNotifications(page);
  await dialog.getByRole('button', { name: /Welcome to Kora!/ }).click();
  const welcome = dialog.getByRole('listitem').filter({ hasText: 'Welcome to Kora!' });
  await expect(welcome).not.toContainText('Unread');
  // A read notification is no longer a button.
  await expect(welcome.getByRole('button')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('notifications-badge')).toHaveCount(0);
});

test('the profile shows who you are, your stats and badges, and saves an edit', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  const account = await signUpThroughApi(page);
  // A like through the API before the dialog first asks for the stats.
  const song = await findSong(page, DEMO_SONG);
  expect((await page.request.post(`/api/songs/${song.id}/like`)).status()).toBe(200);
  await page.goto('/');

  const profile = await openProfile(page);
  await expect(profile.getByRole('heading', { name: `${account.firstName} ${account.lastName}` })).toBeVisible();
  await expect(profile.getByText(`@${account.email.split('@')[0]}`, { exact: true })).toBeVisible();
  await expect(profile.getByText(account.email, { exact: true })).toBeVisible();
  // The real month the account was made, not a fixed date.
  await expect(profile.getByText(`Joined ${await currentMonthInBrowser(page)}`, { exact: true })).toBeVisible();
  await expect(profile.getByText('March 2023')).toHaveCount(0);

  await expect(stat(profile, 'Songs Liked', 'Music Stats')).toHaveText('1');
  await expect(stat(profile, 'Total Plays', 'Music Stats')).toHaveText('0');
  await expect(stat(profile, 'Minutes Streamed', 'Music Stats')).toHaveText('0');
  await expect(stat(profile, 'Following', 'Social & Following')).toHaveText('0');
  await expect(stat(profile, 'Followers', 'Social & Following')).toHaveText('0');
  await expect(stat(profile, 'Created', 'My Playlists')).toHaveText('0');
  // No made-up listening report: the same genres and hours for everyone would be invented figures.
  await expect(profile.getByRole('region', { name: 'Listening Activity' })).toHaveCount(0);
  await expect(profile.getByText(/Top Genres|Weekly Report|than last week/)).toHaveCount(0);

  const badges = profile.getByRole('list', { name: 'Badges' });
  await expect(badges.getByRole('listitem')).toHaveCount(6);
  await expect(profile.getByRole('heading', { name: 'Badges (1 of 6)' })).toBeVisible();
  await expect(badges.locator('[data-badge="firstLike"]')).toHaveAttribute('data-unlocked', 'true');
  await expect(badges.locator('[data-badge="firstLike"]')).toContainText('Unlocked');
  await expect(badges.locator('[data-badge="musicLover"]')).toContainText('1 / 10');
  await expect(badges.locator('[data-unlocked="false"]')).toHaveCount(5);
  await expectNoHorizontalOverflow(page);
  await keepScreenshot(page, testInfo, 'profile');

  await profile.getByRole('button', { name: 'Edit Profile' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Profile' });
  await expect(edit.getByLabel('First name')).toHaveValue(account.firstName);
  await edit.getByLabel('Bio').fill('Highlife on Sunday mornings.');
  // A new e-mail address also asks for the current password; a wrong one changes nothing.
  await expect(edit.getByLabel('Current password')).toHaveCount(0);
  const newEmail = `moved-${account.email}`;
  await edit.getByLabel('Email').fill(newEmail);
  await edit.getByLabel('Current password').fill('not-my-password');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Update Failed', 'Your current password is not correct.');
  await edit.getByLabel('Current password').fill(account.password);
  await keepScreenshot(page, testInfo, 'profile-edit');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  // The bio is saved at once; the new address waits for the link sent to it.
  await expectToast(page, 'Confirm Your New Address', `Your other changes are saved. We sent a link to ${newEmail}. Your address changes once you open it.`);
  const saved = page.getByRole('dialog', { name: 'Profile' });
  await expect(saved.getByText('Highlife on Sunday mornings.')).toBeVisible();
  await expect(saved.getByText(account.email, { exact: true })).toBeVisible();
  await expect(saved.getByText(newEmail, { exact: true })).toHaveCount(0);

  await saved.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('link', { name: 'Log In' }).first()).toBeVisible();
});

test('following an artist is kept: the profile counts them and the Library lists them', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  await signUpThroughApi(page);
  const artist = await findArtist(page, ADEBAYO);
  await page.goto('/library?tab=artists');
  const followed = page.getByRole('region', { name: 'Artists You Follow' });
  await expect(followed.getByText("You're not following any artists yet")).toBeVisible();

  await page.goto(`/artist/${artist.id}`);
  let profile = await openProfile(page);
  await expect(stat(profile, 'Following', 'Social & Following')).toHaveText('0');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  const following = page.getByRole('button', { name: 'Following', exact: true });
  await expect(following).toHaveAttribute('aria-pressed', 'true');
  // The stats are kept for 5 minutes, but a follow refreshes them.
  profile = await openProfile(page);
  await expect(stat(profile, 'Following', 'Social & Following')).toHaveText('1');
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(following).toBeVisible();
  await keepScreenshot(page, testInfo, 'artist-following');

  await page.goto('/library?tab=artists');
  const list = followed.getByRole('list', { name: 'Artists you follow' });
  await expect(list.getByRole('link', { name: new RegExp(ADEBAYO) })).toHaveAttribute('href', `/artist/${artist.id}`);
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expectNoHorizontalOverflow(page);
  await keepScreenshot(page, testInfo, 'library-artists-following');

  await page.goto(`/artist/${artist.id}`);
  await following.click();
  await expect(page.getByRole('button', { name: 'Follow', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await page.goto('/library?tab=artists');
  await expect(followed.getByText("You're not following any artists yet")).toBeVisible();
});
