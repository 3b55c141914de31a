import fs from 'node:fs';
import type { Song } from '@kora/contracts';
import { expect, type Locator, type Page, test, type TestInfo } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import {
  type Account,
  expectNoHorizontalOverflow,
  expectToast,
  inbox,
  keepScreenshot,
  linkFromMail,
  logInThroughUi,
  openSettingsFromHeader,
  signUpThroughApi,
} from './helpers.js';

// Each waits on a background job or a sign-in round trip on a busy machine.
test.describe.configure({ timeout: 120_000 });

async function openYourData(page: Page): Promise<Locator> {
  const settings = await openSettingsFromHeader(page);
  await settings.getByRole('button', { name: 'Manage your data' }).click();
  const panel = page.getByRole('dialog', { name: 'Your data' });
  await expect(panel).toBeVisible();
  return panel;
}

async function startSignedIn(page: Page, testInfo: TestInfo): Promise<Account> {
  const account = await signUpThroughApi(page);
  if (testInfo.project.name === 'desktop') await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  return account;
}

test('Download my data prepares a copy in the background, e-mails a link that downloads the ZIP once, and the link page is the owner’s only', async ({ page, browser }, testInfo) => {
  const account = await startSignedIn(page, testInfo);
  // Something of the listener's own to find in the copy: a liked song.
  const songs = (await (await page.request.get('/api/songs?limit=200')).json()) as Song[];
  // A library song: an imported preview (another test may have just imported the chart) cannot be liked.
  const liked = songs.find((song) => song.source === 'local')!;
  expect((await page.request.post(`/api/songs/${liked.id}/like`)).ok()).toBe(true);
  const panel = await openYourData(page);
  await expect(panel.getByText('The link works once, for 24 hours')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await keepScreenshot(page, testInfo, 'your-data');

  await panel.getByRole('button', { name: 'Download my data' }).click();
  // The job is quick on an empty account: "preparing" may already have turned into "sent".
  await expect(panel.getByRole('status')).toContainText(/Preparing your data|E-mail sent/);
  await expect(panel.getByRole('status')).toContainText('E-mail sent. Open the link in it to download your data, until', { timeout: 30_000 });
  await expect(panel.getByRole('button', { name: 'Prepare a new copy' })).toBeEnabled();
  const state = await (await page.request.get('/api/account/data-export')).json();
  expect(state).toMatchObject({ status: 'ready' });
  await keepScreenshot(page, testInfo, 'your-data-sent');

  // The e-mailed link downloads the ZIP: every file the README names, holding this listener's data.
  const link = await linkFromMail(page, account.email, /^Your Kora data is ready to download$/, '/account/export');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Your data' })).toBeVisible({ timeout: 20_000 });
  await expectNoHorizontalOverflow(page);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^kora-data-.*\.zip$/);
  const files = unzipSync(fs.readFileSync(await download.path()));
  expect(Object.keys(files).sort()).toEqual(
    ['README.txt', 'follows.json', 'likes.json', 'notifications.json', 'playlists.json', 'plays.json', 'profile.json', 'settings.json', 'transactions.json', 'uploads.json'],
  );
  const json = (name: string): unknown => JSON.parse(strFromU8(files[name]!));
  expect(json('profile.json')).toMatchObject({ email: account.email, firstName: account.firstName, lastName: account.lastName });
  expect(json('likes.json')).toMatchObject({ songs: [{ songId: liked.id, title: liked.title }] });
  await expect(page.getByRole('status')).toContainText('Your download has started.');
  await keepScreenshot(page, testInfo, 'export-downloaded');
  // It works once.
  await page.reload();
  await page.getByRole('button', { name: 'Download my data' }).click();
  await expect(page.getByRole('alert')).toContainText(/already been used/);

  // A link that is not this account's (here: not one at all) is refused with the server's reason.
  await page.goto(`/account/export#token=${'A'.repeat(43)}`);
  // Its own chunk, loaded on a busy machine.
  await expect(page.getByRole('heading', { name: 'Your data' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Download my data' }).click();
  await expect(page.getByRole('alert')).toHaveText(/This download link is not valid/);
  await expectNoHorizontalOverflow(page);
  await keepScreenshot(page, testInfo, 'export-page');

  // Signed out, the link's page asks for sign-in first and keeps the link for afterwards.
  const signedOut = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    const visitor = await signedOut.newPage();
    await visitor.goto('/account/export#token=abc');
    await expect(visitor).toHaveURL(/\/auth\?next=%2Faccount%2Fexport%23token%3Dabc$/);
  } finally {
    await signedOut.close();
  }
});

test('Delete my account asks for the password, signs out at once, and signing in within 7 days brings it back', async ({ page }, testInfo) => {
  const account = await startSignedIn(page, testInfo);
  const panel = await openYourData(page);
  await panel.getByRole('button', { name: 'Delete my account' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText('Sign in within 7 days to undo it');

  await confirm.getByLabel('Your password').fill('not the password');
  await confirm.getByRole('button', { name: 'Delete my account' }).click();
  await expect(confirm.getByRole('alert')).toHaveText('Your current password is not correct.');
  await expectNoHorizontalOverflow(page);
  await keepScreenshot(page, testInfo, 'delete-account');
  expect((await page.request.get('/api/auth/user')).status()).toBe(200);

  await confirm.getByLabel('Your password').fill(account.password);
  await confirm.getByRole('button', { name: 'Delete my account' }).click();
  await expectToast(page, 'Your account is deleted', /Sign in before .* and your account comes back as it was/);
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  await keepScreenshot(page, testInfo, 'account-deleted');
  // The final e-mail says so, and how to undo it.
  await expect
    .poll(async () => (await inbox(page, account.email)).map((mail) => mail.subject), { timeout: 20_000 })
    .toContain('Your Kora account is being deleted');

  await logInThroughUi(page, account.email, account.password);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Settings' })).toBeVisible();
  expect((await page.request.get('/api/auth/user')).status()).toBe(200);
  const notifications = (await (await page.request.get('/api/notifications')).json()) as { title: string; message: string }[];
  expect(notifications.map((n) => n.title)).toContain('Welcome back');
});
