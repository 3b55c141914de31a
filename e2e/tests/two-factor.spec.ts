import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expectNoHorizontalOverflow, expectToast, keepScreenshot, logInThroughUi, signOutThroughUi, signUpThroughApi } from './helpers.js';

const STEP_MS = 30_000;
const currentStep = () => Math.floor(Date.now() / STEP_MS);

/**
 * A code the server accepts now and has not seen: the current 30-second step's, or, when that step
 * was used already, the next one's, as an authenticator whose clock runs a little ahead shows it
 * (the server allows a step of drift either way). Waits for the next step only when even that one
 * was used: three codes in a row cost one wait, not two.
 */
async function freshCode(secret: string, usedStep: number): Promise<{ code: string; step: number }> {
  while (currentStep() + 1 <= usedStep) {
    await new Promise((resolve) => setTimeout(resolve, (currentStep() + 1) * STEP_MS - Date.now() + 50));
  }
  const step = Math.max(currentStep(), usedStep + 1);
  return { code: TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: step * STEP_MS }), step };
}

async function openTwoFactorDialog(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Manage two-factor authentication' }).click();
  const dialog = page.getByRole('dialog', { name: 'Two-Factor Authentication' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The Two-factor row of the Settings dialog says On or Off. */
function twoFactorSettingState(page: Page) {
  return page
    .getByRole('dialog', { name: 'Settings' })
    .getByText('Two-factor authentication', { exact: true })
    .locator('xpath=..');
}

test('two-factor: enable from the manual key, sign in with a code and with a backup code, then disable', async ({ page }, testInfo) => {
  // Up to one wait for a fresh 30-second step.
  test.setTimeout(120_000);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const account = await signUpThroughApi(page);
  await page.goto('/');

  // Initial step: nothing on yet.
  let dialog = await openTwoFactorDialog(page);
  await expect(dialog.getByText(/authenticator app on your phone/)).toBeVisible();
  await keepScreenshot(page, testInfo, 'two-factor-initial');
  await dialog.getByRole('button', { name: 'Get Started' }).click();

  // Setup step: a QR code and the key to type by hand.
  await expect(dialog.getByRole('img', { name: /QR code/ })).toBeVisible();
  const manualKey = (await dialog.getByTestId('manual-entry-key').textContent()) ?? '';
  expect(manualKey).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{4}$/);
  const secret = manualKey.replaceAll(' ', '');
  await dialog.getByRole('button', { name: 'Copy setup key' }).click();
  await expectToast(page, 'Copied!', 'Code copied to clipboard');
  await expect(dialog.getByRole('button', { name: 'Copy setup key' })).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await expectNoHorizontalOverflow(page);
  await keepScreenshot(page, testInfo, 'two-factor-setup');
  // The indicator goes back after two seconds.
  await expect(dialog.getByRole('button', { name: 'Copy setup key' })).toHaveText('Copy', { timeout: 4_000 });
  await dialog.getByRole('button', { name: 'Next' }).click();

  // Verify step: digits only, at most six, Verify only at exactly six and with the password.
  const codeField = dialog.getByLabel('Verification code');
  const verifyButton = dialog.getByRole('button', { name: 'Verify' });
  await codeField.pressSequentially('12ab34');
  await expect(codeField).toHaveValue('1234');
  await expect(verifyButton).toBeDisabled();
  await codeField.fill('');
  const enabling = await freshCode(secret, 0);
  await codeField.pressSequentially(`${enabling.code}9`);
  await expect(codeField).toHaveValue(enabling.code);
  await expect(verifyButton).toBeDisabled();
  await dialog.getByLabel('Current password').fill(account.password);
  await keepScreenshot(page, testInfo, 'two-factor-verify');
  await verifyButton.click();

  // Success step: the backup codes, once.
  await expectToast(page, '2FA Enabled', 'Two-factor authentication has been enabled successfully');
  const backupCodes = await dialog.getByRole('list', { name: 'Backup codes' }).getByRole('listitem').allTextContents();
  expect(backupCodes).toHaveLength(8);
  await expect(dialog.getByText(/Store these somewhere safe/)).toBeVisible();
  await keepScreenshot(page, testInfo, 'two-factor-success');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect(twoFactorSettingState(page)).toContainText('On');
  await page.getByRole('dialog', { name: 'Settings' }).getByRole('button', { name: 'Close' }).click();

  // Sign in again: the password alone is not enough.
  await signOutThroughUi(page);
  await logInThroughUi(page, account.email, account.password);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
  await keepScreenshot(page, testInfo, 'login-code-step');
  const signIn = await freshCode(secret, enabling.step);
  await page.getByLabel('Verification code').fill(signIn.code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectToast(page, 'Welcome back!', 'You have successfully logged in.');
  await expect(page).toHaveURL(/\/$/);

  // And with a backup code instead.
  await signOutThroughUi(page);
  await logInThroughUi(page, account.email, account.password);
  await page.getByRole('button', { name: 'Use a backup code' }).click();
  await page.getByLabel('Backup code').fill(backupCodes[0]!);
  await keepScreenshot(page, testInfo, 'login-backup-code-step');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectToast(page, 'Welcome back!');
  await expect(page).toHaveURL(/\/$/);

  // A used backup code is refused the next time.
  await signOutThroughUi(page);
  await logInThroughUi(page, account.email, account.password);
  await page.getByRole('button', { name: 'Use a backup code' }).click();
  await page.getByLabel('Backup code').fill(backupCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectToast(page, 'Login failed', 'Invalid verification code');
  await page.getByLabel('Backup code').fill(backupCodes[1]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectToast(page, 'Welcome back!');

  // Disable: the initial step is now a disable form, which also needs the password.
  dialog = await openTwoFactorDialog(page);
  const disableButton = dialog.getByRole('button', { name: 'Disable 2FA' });
  await expect(disableButton).toBeDisabled();
  await keepScreenshot(page, testInfo, 'two-factor-disable');
  const disabling = await freshCode(secret, signIn.step);
  await dialog.getByLabel('Verification code').fill(disabling.code);
  await expect(disableButton).toBeDisabled();
  await dialog.getByLabel('Current password').fill('not-my-password');
  await disableButton.click();
  await expectToast(page, 'Disable Failed', 'Your current password is not correct.');
  await expect(dialog.getByLabel('Verification code')).toHaveValue('');
  // A wrong password spends no code: the same one, with the right password, turns it off.
  await dialog.getByLabel('Verification code').fill(disabling.code);
  await dialog.getByLabel('Current password').fill(account.password);
  await disableButton.click();
  await expectToast(page, '2FA Disabled');
  await expect(dialog).toBeHidden();
  await expect(twoFactorSettingState(page)).toContainText('Off');
});

test('a wrong code or password while turning two-factor on shows the server message, and closing starts over', async ({ page }) => {
  const account = await signUpThroughApi(page);
  await page.goto('/');
  const dialog = await openTwoFactorDialog(page);
  await dialog.getByRole('button', { name: 'Get Started' }).click();
  const secret = ((await dialog.getByTestId('manual-entry-key').textContent()) ?? '').replaceAll(' ', '');
  await dialog.getByRole('button', { name: 'Next' }).click();
  const right = TOTP.generate({ secret: Secret.fromBase32(secret) });
  const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
  await dialog.getByLabel('Verification code').fill(wrong);
  await dialog.getByLabel('Current password').fill(account.password);
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expectToast(page, 'Verification Failed', 'Invalid verification code');
  await expect(dialog.getByLabel('Verification code')).toHaveValue('');

  await dialog.getByLabel('Verification code').fill(TOTP.generate({ secret: Secret.fromBase32(secret) }));
  await dialog.getByLabel('Current password').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expectToast(page, 'Verification Failed', 'Your current password is not correct.');
  await expect(dialog.getByLabel('Verification code')).toHaveValue('');

  // Closing starts over: the next opening is the initial step again.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Manage two-factor authentication' }).click();
  await expect(dialog.getByRole('button', { name: 'Get Started' })).toBeVisible();
});

test('a sign-in whose code step has expired goes back to the password step', async ({ page }) => {
  const account = await signUpThroughApi(page);
  // Two-factor on through the API, with the code the app would show.
  const setup = await (await page.request.post('/api/auth/2fa/setup')).json();
  const token = TOTP.generate({ secret: Secret.fromBase32(setup.tempSecret as string) });
  const enabled = await page.request.post('/api/auth/2fa/verify', {
    data: { token, tempSecret: setup.tempSecret, currentPassword: account.password },
  });
  expect(enabled.status()).toBe(200);
  await page.context().clearCookies();

  await logInThroughUi(page, account.email, account.password);
  const code = page.getByLabel('Verification code');
  await expect(code).toBeVisible();
  // A challenge takes five codes; after five wrong ones it is gone, and the next answer says so.
  const wrong = String((Number(TOTP.generate({ secret: Secret.fromBase32(setup.tempSecret as string) })) + 500_000) % 1_000_000).padStart(6, '0');
  for (let i = 0; i < 5; i++) {
    await code.fill(wrong);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expectToast(page, 'Login failed');
    await expect(code).toHaveValue('');
  }
  await code.fill(wrong);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectToast(page, 'Login failed', 'The sign-in has expired. Please log in again.');
  await expect(page.getByLabel('Password')).toBeVisible();
  await expect(code).toBeHidden();
});
