import { expect, test, type Page, type TestInfo } from '@playwright/test';
import {
  buyPremium,
  closeDialog,
  expectNoHorizontalOverflow,
  expectToast,
  keepScreenshot,
  openSettingsFromHeader,
  signUpThroughApi,
} from './helpers.js';
import { playerBar, playFromAlbum } from './player-helpers.js';

const STREAM_REQUEST = /\/api\/songs\/\d+\/stream\?quality=([a-z-]+)(&codecs=opus)?$/;

function isPhone(testInfo: TestInfo): boolean {
  return testInfo.project.name === 'phone';
}

function readAudio(page: Page) {
  return page.locator('audio[data-role="playing"]').evaluate((element: HTMLAudioElement) => ({
    currentTime: element.currentTime,
    paused: element.paused,
    src: element.currentSrc,
  }));
}

/** Opens the sidebar (the menu drawer on a phone) and clicks one of its buttons. */
async function clickSidebarButton(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  if (isPhone(testInfo)) await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name, exact: true }).click();
}

/**
 * Plays a demo song from its album and answers the stream it asked for. The album, not Browse all:
 * its next track is a library song too, where Browse all's next may be a Deezer preview another
 * test imported, which streams through the audio proxy.
 */
async function playSongFromAlbum(page: Page): Promise<string> {
  const request = page.waitForRequest(STREAM_REQUEST);
  await playFromAlbum(page);
  return (await request).url();
}

async function expectPlaying(page: Page): Promise<void> {
  const start = (await readAudio(page)).currentTime;
  await expect.poll(async () => (await readAudio(page)).currentTime, { timeout: 15_000 }).toBeGreaterThan(start + 0.5);
  expect((await readAudio(page)).paused).toBe(false);
}

test('streaming quality and the data savers choose the rendition the next song asks for, and settings survive a reload', async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  await signUpThroughApi(page);
  await page.goto('/');

  let settings = await openSettingsFromHeader(page);
  await expect(settings.getByLabel('Streaming quality')).toHaveValue('auto');
  await keepScreenshot(page, testInfo, 'settings-main');
  await settings.getByLabel('Streaming quality').selectOption('low');
  await closeDialog(page, settings);

  const firstUrl = await playSongFromAlbum(page);
  expect(firstUrl).toMatch(/\?quality=low$/);
  await expectPlaying(page);

  // A change applies from the next song on: a saver asks for its own rendition whatever the quality.
  settings = await openSettingsFromHeader(page);
  let saver = settings.getByRole('group', { name: 'Mobile data saver' });
  await expect(saver.getByRole('radio', { name: 'Off', exact: true })).toBeChecked();
  // Chromium plays Opus: each saver is its Opus rendition, and the setting says so.
  await expect(saver.getByRole('radio', { name: 'Data saver Opus 48 kbps', exact: true })).not.toBeChecked();
  const extreme = saver.getByRole('radio', { name: 'Extreme data saver Opus 24 kbps', exact: true });
  await extreme.click();
  await expect(extreme).toBeChecked();
  await saver.scrollIntoViewIfNeeded();
  await keepScreenshot(page, testInfo, 'settings-playback');
  await closeDialog(page, settings);
  const nextRequest = page.waitForRequest(STREAM_REQUEST);
  await playerBar(page, testInfo).getByRole('button', { name: 'Next', exact: true }).click();
  const saverRequest = await nextRequest;
  expect(saverRequest.url()).toMatch(/\?quality=extreme-saver&codecs=opus$/);
  expect((await saverRequest.response())?.headers()['content-type']).toBe('audio/webm');
  await expect.poll(async () => (await readAudio(page)).src).toMatch(/\?quality=extreme-saver&codecs=opus$/);
  await expectPlaying(page);

  await page.reload();
  settings = await openSettingsFromHeader(page);
  await expect(settings.getByLabel('Streaming quality')).toHaveValue('low');
  saver = settings.getByRole('group', { name: 'Mobile data saver' });
  await expect(saver.getByRole('radio', { name: 'Extreme data saver Opus 24 kbps', exact: true })).toBeChecked();
  await expectNoHorizontalOverflow(page);

  // The switch an older version stored reads as the data saver it meant.
  await page.evaluate(() => localStorage.setItem('kora-settings', JSON.stringify({ streamingQuality: 'low', dataSaver: true })));
  await page.reload();
  settings = await openSettingsFromHeader(page);
  saver = settings.getByRole('group', { name: 'Mobile data saver' });
  await expect(saver.getByRole('radio', { name: 'Data saver Opus 48 kbps', exact: true })).toBeChecked();
});

test('settings that nothing reads are not shown as if they worked', async ({ page }) => {
  await signUpThroughApi(page);
  await page.goto('/');
  const settings = await openSettingsFromHeader(page);
  await expect(settings.getByLabel('Streaming quality')).toBeVisible();
  await expect(settings.getByLabel('Preset')).toBeVisible();

  // The controls left are the ones something reads: the player the data saver, crossfade, gapless
  // and normalization, downloads the Wi-Fi rule.
  await expect(settings.getByRole('group', { name: 'Mobile data saver' }).getByRole('radio')).toHaveCount(3);
  await expect(settings.getByLabel('Crossfade', { exact: true })).toBeVisible();
  await expect(settings.getByRole('switch')).toHaveCount(3);
  for (const name of ['Wi-Fi only downloads', 'Gapless playback', 'Normalize volume']) {
    await expect(settings.getByRole('switch', { name })).toBeVisible();
  }
  for (const group of ['Downloads & Storage', 'Notifications', 'Privacy', 'Language & Region']) {
    await expect(settings.getByRole('region', { name: group })).toHaveCount(0);
  }
  for (const label of ['Audio quality', 'Language', 'Region', 'Who can follow me']) {
    await expect(settings.getByLabel(label, { exact: true })).toHaveCount(0);
  }
  // Downloads (issue 15) show what this browser really stores, not the spec's static figure.
  const downloads = settings.getByRole('region', { name: 'Downloads' });
  await expect(downloads.getByLabel('Download quality')).toBeVisible();
  await expect(downloads.getByText(/Kora uses .+ of .+ this browser allows\./)).toBeVisible();
  await expect(downloads.getByText('No downloads')).toBeVisible();
  await expect(settings.getByText('2.3 GB')).toHaveCount(0);
  await expect(settings.getByText(/Email notifications|Auto-renew/)).toHaveCount(0);
});

test('an equalizer preset shapes the sound while playback carries on', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  await signUpThroughApi(page);
  await page.goto('/');

  let settings = await openSettingsFromHeader(page);
  await settings.getByLabel('Preset').selectOption('rock');
  await closeDialog(page, settings);
  await playSongFromAlbum(page);
  await expectPlaying(page);

  // Changing the preset while a song plays only moves the band gains.
  settings = await openSettingsFromHeader(page);
  await settings.getByLabel('Preset').selectOption('custom');
  const bass = settings.getByRole('slider', { name: '60 Hz gain' });
  await bass.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(bass).toHaveAttribute('aria-valuenow', '2');
  await settings.getByRole('list', { name: 'Custom equalizer bands' }).scrollIntoViewIfNeeded();
  await keepScreenshot(page, testInfo, 'settings-equalizer-custom');
  await closeDialog(page, settings);
  await expectPlaying(page);

  await page.reload();
  settings = await openSettingsFromHeader(page);
  await expect(settings.getByLabel('Preset')).toHaveValue('custom');
  await expect(settings.getByRole('slider', { name: '60 Hz gain' })).toHaveAttribute('aria-valuenow', '2');
  await settings.getByLabel('Preset').selectOption('off');
  await closeDialog(page, settings);
  await playSongFromAlbum(page);
  await expectPlaying(page);
  expect(pageErrors).toEqual([]);
});

test('linked accounts connect and disconnect on this device', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  await signUpThroughApi(page);
  await page.goto('/');
  const settings = await openSettingsFromHeader(page);
  await expect(settings.getByText('None connected')).toBeVisible();
  await settings.getByRole('button', { name: 'Manage linked accounts' }).click();
  const linked = page.getByRole('dialog', { name: 'Linked Accounts' });
  await expect(linked).toBeVisible();
  for (const service of ['Google', 'Instagram', 'TikTok', 'YouTube', 'X', 'Spotify', 'Apple ID', 'Facebook']) {
    await expect(linked.getByRole('button', { name: `Connect ${service}`, exact: true })).toBeVisible();
  }

  await linked.getByRole('button', { name: 'Connect Google', exact: true }).click();
  await linked.getByLabel('Google e-mail').fill('not-an-address');
  await linked.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(linked.getByRole('alert')).toHaveText('Please enter a valid e-mail address.');
  await linked.getByLabel('Google e-mail').fill('kemi@example.com');
  await linked.getByRole('button', { name: 'Connect', exact: true }).click();
  await expectToast(page, 'Account Connected');
  await expect(linked.getByText('Connected as kemi@example.com')).toBeVisible();

  await linked.getByRole('button', { name: 'Connect YouTube', exact: true }).click();
  await linked.getByLabel('YouTube channel').fill('Kemi Sings');
  await linked.getByRole('button', { name: 'Connect', exact: true }).click();
  await expectToast(page, 'Account Connected');
  await linked.getByRole('button', { name: 'Connect Instagram', exact: true }).click();
  await linked.getByLabel('Instagram username').fill('@kemi_sings');
  await linked.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(linked.getByText('Connected as @kemi_sings')).toBeVisible();
  await keepScreenshot(page, testInfo, 'linked-accounts');

  await linked.getByRole('button', { name: 'Disconnect Google', exact: true }).click();
  await expectToast(page, 'Account Disconnected');
  await expect(linked.getByRole('button', { name: 'Connect Google', exact: true })).toBeVisible();

  await page.reload();
  const again = await openSettingsFromHeader(page);
  await expect(again.getByText('2 connected')).toBeVisible();
  await again.getByRole('button', { name: 'Manage linked accounts' }).click();
  await expect(page.getByRole('dialog', { name: 'Linked Accounts' }).getByText('Connected as Kemi Sings')).toBeVisible();
});

test('account rows: phone through the profile API, e-mail with the password (applied once confirmed), password change, support needs text', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  const account = await signUpThroughApi(page);
  await page.goto('/');
  const settings = await openSettingsFromHeader(page);
  await expect(settings.getByText(account.email)).toBeVisible();
  await expect(settings.getByText('Not added')).toBeVisible();

  // An empty edit is ignored: nothing is sent.
  let patches = 0;
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().endsWith('/api/user/profile')) patches += 1;
  });
  await settings.getByRole('button', { name: 'Add phone' }).click();
  let phone = page.getByRole('dialog', { name: 'Add Phone' });
  await phone.getByRole('button', { name: 'Save' }).click();
  await expect(phone).toBeHidden();
  expect(patches).toBe(0);

  await settings.getByRole('button', { name: 'Add phone' }).click();
  phone = page.getByRole('dialog', { name: 'Add Phone' });
  await phone.getByLabel('Phone').fill('+234 803 555 0101');
  await phone.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Profile Updated');
  await expect(settings.getByText('+234 803 555 0101')).toBeVisible();
  expect(patches).toBe(1);

  // A new e-mail address also needs the current password, and waits for the link sent to it.
  await settings.getByRole('button', { name: 'Change email' }).click();
  const emailDialog = page.getByRole('dialog', { name: 'Change Email' });
  await expect(emailDialog.getByLabel('Current password')).toHaveCount(0);
  const newEmail = `moved-${account.email}`;
  await emailDialog.getByLabel('Email').fill(newEmail);
  await emailDialog.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Update Failed', 'Please enter your current password.');
  await emailDialog.getByLabel('Current password').fill(account.password);
  await emailDialog.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Confirm Your New Address', `We sent a link to ${newEmail}. Your address changes once you open it.`);
  await expect(emailDialog).toBeHidden();
  await expect(settings.getByText(account.email, { exact: true })).toBeVisible();
  await expect(settings.getByText(`Changing to ${newEmail} once confirmed from that inbox`)).toBeVisible();
  expect(patches).toBe(3);

  await settings.getByRole('button', { name: 'Reset password' }).click();
  let reset = page.getByRole('dialog', { name: 'Password Reset' });
  await reset.getByLabel('Current password').fill('not-my-password');
  await reset.getByLabel('New password', { exact: true }).fill('a-new-secret');
  await reset.getByLabel('Confirm new password').fill('a-new-secret');
  await reset.getByRole('button', { name: 'Change Password' }).click();
  await expectToast(page, 'Password Not Changed', /current password is not correct/);
  await reset.getByLabel('Current password').fill(account.password);
  await keepScreenshot(page, testInfo, 'settings-password-reset');
  await reset.getByRole('button', { name: 'Change Password' }).click();
  await expectToast(page, 'Password Changed');
  await expect(reset).toBeHidden();
  // The new password signs in; the old one no longer does.
  const login = (password: string) => page.request.post('/api/auth/login', { data: { email: account.email, password } });
  expect((await login(account.password)).status()).toBe(401);
  expect((await login('a-new-secret')).status()).toBe(200);
  await settings.getByRole('button', { name: 'Reset password' }).click();
  reset = page.getByRole('dialog', { name: 'Password Reset' });
  await reset.getByRole('button', { name: 'Cancel' }).click();

  await settings.getByRole('button', { name: 'Write' }).click();
  const support = page.getByRole('dialog', { name: 'Contact Support' });
  await expect(support.getByText(/within 24 hours/)).toBeVisible();
  const send = support.getByRole('button', { name: 'Send Message' });
  await expect(send).toBeDisabled();
  await support.getByLabel('How can we help?').fill('   ');
  await expect(send).toBeDisabled();
  await support.getByLabel('How can we help?').fill('Songs stop after a minute');
  await expect(send).toBeEnabled();
  await send.click();
  await expectToast(page, 'Message Sent', /within 24 hours/);
  await expect(support).toBeHidden();

  await settings.getByRole('button', { name: 'Manage two-factor authentication' }).click();
  await expect(page.getByRole('dialog', { name: /Two-Factor/i })).toBeVisible();
});

test('every subscription sub-view has a Back button that returns where it came from', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  await signUpThroughApi(page);
  await page.goto('/');
  const settings = await openSettingsFromHeader(page);
  await expect(settings.getByText('Free', { exact: true })).toBeVisible();
  await settings.getByRole('button', { name: 'Manage subscription' }).click();
  const subscription = page.getByRole('dialog', { name: 'Subscription' });
  await expect(subscription.getByRole('button', { name: 'Get Premium' })).toBeVisible();
  await keepScreenshot(page, testInfo, 'settings-subscription-free');
  await subscription.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();

  // Premium (bought by card on the Paystack stand-in) shows the payment-method and billing cards
  // that lead to the other two sub-views.
  await buyPremium(page);
  await page.reload();
  await (await openSettingsFromHeader(page)).getByRole('button', { name: 'Manage subscription' }).click();
  await subscription.getByRole('button', { name: 'Change' }).click();
  const paymentMethods = page.getByRole('dialog', { name: 'Payment Methods' });
  await expect(paymentMethods).toBeVisible();
  await keepScreenshot(page, testInfo, 'settings-payment-methods');
  await paymentMethods.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(subscription).toBeVisible();

  await subscription.getByRole('button', { name: 'View All' }).click();
  const billingHistory = page.getByRole('dialog', { name: 'Billing History' });
  await expect(billingHistory.getByText('₦3,000').first()).toBeVisible();
  await keepScreenshot(page, testInfo, 'settings-billing-history');
  await billingHistory.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(subscription).toBeVisible();
  await keepScreenshot(page, testInfo, 'settings-subscription-premium');
  await subscription.getByRole('button', { name: 'Back', exact: true }).click();
  const main = page.getByRole('dialog', { name: 'Settings' });
  await expect(main.getByText(/^Premium · ₦3,000 a month$/)).toBeVisible();

  // Closing returns to the main view at the next opening.
  await main.getByRole('button', { name: 'Manage subscription' }).click();
  await expect(subscription).toBeVisible();
  await subscription.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(subscription).toBeHidden();
  await expect((await openSettingsFromHeader(page)).getByRole('button', { name: 'Manage subscription' })).toBeVisible();
});

test('the sidebar opens Settings, Profile and the Extra Radio dialog', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  await signUpThroughApi(page);
  await page.goto('/');

  await clickSidebarButton(page, testInfo, 'Settings');
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings.getByLabel('Streaming quality')).toBeVisible();
  await closeDialog(page, settings);
  if (isPhone(testInfo)) await page.keyboard.press('Escape');

  await clickSidebarButton(page, testInfo, 'Profile');
  await expect(page.getByRole('dialog').first()).toBeVisible();
  await page.keyboard.press('Escape');
  if (isPhone(testInfo)) await page.keyboard.press('Escape');

  await clickSidebarButton(page, testInfo, 'Extra Radio');
  const radio = page.getByRole('dialog', { name: 'Extra Radio' });
  await expect(radio.getByText('Offline')).toBeVisible();
  await radio.getByRole('switch', { name: 'Go Live' }).click();
  await expect(radio.getByText('Live', { exact: true })).toBeVisible();
  const listeners = Number(await radio.getByRole('group', { name: 'Listeners' }).locator('p').nth(1).innerText());
  expect(listeners).toBeGreaterThanOrEqual(50);
  expect(listeners).toBeLessThanOrEqual(549);
  await keepScreenshot(page, testInfo, 'extra-radio-dialog');
});

test('the Radio page goes live with a listener count in range and a quality to choose', async ({ page }, testInfo) => {
  await signUpThroughApi(page);
  await page.goto('/radio');
  await expect(page.getByRole('heading', { level: 1, name: 'Radio' })).toBeVisible();
  await expect(page.getByText('Offline')).toBeVisible();
  const listeners = page.getByRole('group', { name: 'Listeners' });
  await expect(listeners).toContainText('—');
  await expect(page.getByRole('group', { name: 'Quality' })).toContainText('320 kbps');

  await page.getByRole('switch', { name: 'Go Live' }).click();
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  const count = Number((await listeners.locator('p').nth(1).innerText()).replace(/,/g, ''));
  expect(count).toBeGreaterThanOrEqual(100);
  expect(count).toBeLessThanOrEqual(599);

  await page.getByRole('button', { name: 'Radio Settings' }).click();
  const radioSettings = page.getByRole('dialog', { name: 'Radio Settings' });
  for (const kbps of ['320 kbps', '256 kbps', '128 kbps']) await expect(radioSettings.getByLabel(kbps)).toBeVisible();
  await radioSettings.getByLabel('128 kbps').check();
  await keepScreenshot(page, testInfo, 'radio-settings');
  await radioSettings.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('group', { name: 'Quality' })).toContainText('128 kbps');
  await keepScreenshot(page, testInfo, 'radio-page');

  await page.getByRole('switch', { name: 'Go Live' }).click();
  await expect(page.getByText('Offline')).toBeVisible();
  await expectNoHorizontalOverflow(page);
});

test('/design-preview shows the logo showcase', async ({ page }, testInfo) => {
  await signUpThroughApi(page);
  await page.goto('/design-preview');
  await expect(page.getByRole('heading', { level: 1, name: 'Design preview' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Logo' })).toBeVisible();
  await keepScreenshot(page, testInfo, 'design-preview');
  await expectNoHorizontalOverflow(page);
});
