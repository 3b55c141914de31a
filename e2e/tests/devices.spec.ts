import { type Browser, expect, type Locator, type Page, test, type TestInfo } from '@playwright/test';
import { type Account, expectNoHorizontalOverflow, expectToast, keepScreenshot, openSettingsFromHeader, signUpThroughApi } from './helpers.js';

const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

/** Another browser (its own cookies, its own User-Agent) signed in to the same account. */
async function signInElsewhere(browser: Browser, testInfo: TestInfo, account: Account, userAgent: string) {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, userAgent });
  const response = await context.request.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  expect(response.status()).toBe(200);
  return context;
}

async function openDevices(page: Page): Promise<Locator> {
  const settings = await openSettingsFromHeader(page);
  await settings.getByRole('button', { name: "Manage where you're signed in" }).click();
  const devices = page.getByRole('dialog', { name: "Where you're signed in" });
  await expect(devices).toBeVisible();
  return devices;
}

const deviceList = (dialog: Locator) => dialog.getByRole('list', { name: 'Signed-in devices' });

test('Settings lists where the listener is signed in, and signing another device out ends its session at once', async ({ page, browser }, testInfo) => {
  // Two browsers signed in, each loading the app.
  test.setTimeout(60_000);
  const account = await signUpThroughApi(page);
  const iphone = await signInElsewhere(browser, testInfo, account, SAFARI_IPHONE);
  try {
    const iphonePage = await iphone.newPage();
    await iphonePage.goto('/');
    await expect(iphonePage.getByRole('banner').getByRole('button', { name: 'Settings' })).toBeVisible();

    if (testInfo.project.name === 'desktop') await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    const devices = await openDevices(page);
    const items = deviceList(devices).getByRole('listitem');
    await expect(items).toHaveCount(2);
    // This device first, marked, with no way to sign itself out here (the account menu does that).
    await expect(items.nth(0)).toContainText('Chrome on Linux');
    await expect(items.nth(0)).toContainText('This device');
    await expect(items.nth(0)).toContainText('Active now');
    await expect(items.nth(0)).toContainText(/Signed in \d{1,2} \w{3} \d{4}/);
    await expect(items.nth(0).getByRole('button')).toHaveCount(0);
    await expect(items.nth(1)).toContainText('Safari on iOS');
    await expect(items.nth(1)).not.toContainText('This device');
    await expectNoHorizontalOverflow(page);
    const overflow = await devices.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await keepScreenshot(page, testInfo, 'devices');

    await devices.getByRole('button', { name: 'Sign out Safari on iOS' }).click();
    await expectToast(page, 'Signed out', 'Safari on iOS is signed out.');
    await expect(items).toHaveCount(1);
    await expect(devices.getByText('You are not signed in anywhere else.')).toBeVisible();
    await expect(devices.getByRole('button', { name: 'Sign out all other devices' })).toHaveCount(0);

    // The iPhone's very next request is refused, and its next page load is the signed-out one.
    expect((await iphone.request.get('/api/auth/user')).status()).toBe(401);
    await iphonePage.reload();
    await expect(iphonePage.getByRole('link', { name: 'Log In' }).first()).toBeVisible();
    // This device is still signed in.
    expect((await page.request.get('/api/auth/user')).status()).toBe(200);
  } finally {
    await iphone.close();
  }
});

test('"Sign out all other devices" asks first, then keeps only this one', async ({ page, browser }, testInfo) => {
  test.setTimeout(60_000);
  const account = await signUpThroughApi(page);
  const others = [
    await signInElsewhere(browser, testInfo, account, SAFARI_IPHONE),
    await signInElsewhere(browser, testInfo, account, FIREFOX_WINDOWS),
  ];
  try {
    await page.goto('/');
    const devices = await openDevices(page);
    await expect(deviceList(devices).getByRole('listitem')).toHaveCount(3);

    await devices.getByRole('button', { name: 'Sign out all other devices' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Sign out all other devices?' });
    await expect(confirm).toContainText('The 2 other devices will need your password to sign in again.');
    await keepScreenshot(page, testInfo, 'devices-sign-out-others');
    // Cancel changes nothing.
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    expect((await others[0]!.request.get('/api/auth/user')).status()).toBe(200);

    await devices.getByRole('button', { name: 'Sign out all other devices' }).click();
    await confirm.getByRole('button', { name: 'Sign out others' }).click();
    await expectToast(page, 'Signed out', '2 other devices are signed out.');
    await expect(confirm).toBeHidden();
    await expect(deviceList(devices).getByRole('listitem')).toHaveCount(1);
    for (const other of others) expect((await other.request.get('/api/auth/user')).status()).toBe(401);
    expect((await page.request.get('/api/auth/user')).status()).toBe(200);
  } finally {
    for (const other of others) await other.close();
  }
});

test('the "New sign-in" e-mail\'s link opens Settings at the list of devices, once', async ({ page }) => {
  await signUpThroughApi(page);
  await page.goto('/?settings=devices');
  const devices = page.getByRole('dialog', { name: "Where you're signed in" });
  await expect(devices).toBeVisible();
  await expect(deviceList(devices).getByRole('listitem')).toHaveCount(1);
  await expect(page).toHaveURL((url) => !url.searchParams.has('settings'));

  // Back leads to the main view; closed, Settings opens there the next time.
  await devices.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
