import { PASSWORD_MIN_LENGTH } from '@kora/contracts';
import { expect, type Page, test, type TestInfo } from '@playwright/test';
import {
  expectNoHorizontalOverflow,
  expectToast,
  inbox,
  keepScreenshot,
  linkFromMail,
  logInThroughUi,
  newAccount,
  openSettingsFromHeader,
  signUpThroughApi,
  signUpThroughUi,
} from './helpers.js';

/** The pages are looked at on a phone (the phone project's 360 × 800) and on a 1280 × 800 laptop. */
async function useLaptopOnDesktop(page: Page, testInfo: TestInfo): Promise<void> {
  if (testInfo.project.name === 'desktop') await page.setViewportSize({ width: 1280, height: 800 });
}

async function look(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await expectNoHorizontalOverflow(page);
  await keepScreenshot(page, testInfo, name);
}

test('a forgotten password: the link from the e-mail sets a new one, which then signs in', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  await useLaptopOnDesktop(page, testInfo);
  const account = await signUpThroughApi(page);
  await page.context().clearCookies();

  await page.goto('/auth');
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  // The address typed on the sign-in form comes along, without going into the URL.
  await expect(page.getByLabel('Email')).toHaveValue(account.email);
  await look(page, testInfo, 'forgot-password');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account uses that address, we have sent it a link');
  await look(page, testInfo, 'forgot-password-sent');

  const link = await linkFromMail(page, account.email, /^Reset your Kora password$/, '/reset-password');
  expect(link.startsWith(`${new URL(page.url()).origin}/reset-password#token=`)).toBe(true);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expect(page.getByText(account.email)).toBeVisible();
  // The length rule is read out with the field it governs.
  await expect(page.getByLabel('New password', { exact: true })).toHaveAccessibleDescription(`At least ${PASSWORD_MIN_LENGTH} characters.`);
  await page.getByLabel('New password', { exact: true }).fill('a-fresh-highlife-2026');
  await page.getByLabel('Confirm new password').fill('a-fresh-highlife-2025');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByRole('alert')).toHaveText('The two passwords are not the same.');
  await look(page, testInfo, 'reset-password');
  await page.getByLabel('Confirm new password').fill('a-fresh-highlife-2026');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Log in with your new password.');
  await look(page, testInfo, 'reset-password-done');

  // The link works once (opened again from the e-mail, as a new page).
  await page.goto('/auth');
  await page.goto(link);
  await expect(page.getByRole('alert')).toHaveText('This link has already been used.');
  await expect(page.getByRole('link', { name: 'Ask for a New Link' })).toBeVisible();
  await look(page, testInfo, 'reset-password-used');

  await logInThroughUi(page, account.email, account.password);
  await expectToast(page, 'Login failed', 'Invalid email or password');
  await logInThroughUi(page, account.email, 'a-fresh-highlife-2026');
  await expectToast(page, 'Welcome back!');
  await expect(page).toHaveURL(/\/$/);
  expect((await inbox(page, account.email)).map((mail) => mail.subject)).toContain('Your Kora password was changed');
});

test('a new account: the quiet banner and the upload page ask for the address until its link is opened', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  await useLaptopOnDesktop(page, testInfo);
  const account = newAccount();
  await signUpThroughUi(page, account);
  await expectToast(page, 'Welcome to Kora!');
  const banner = page.getByRole('status', { name: 'E-mail address not confirmed' });
  // A phone shows it on one line, without the address.
  await expect(banner.getByText(testInfo.project.name === 'phone' ? 'Confirm your e-mail address.' : `Confirm your e-mail address with the link we sent to ${account.email}.`)).toBeVisible();
  await look(page, testInfo, 'confirm-banner');
  await banner.getByRole('button', { name: 'Resend' }).click();
  await expectToast(page, 'Link Sent', 'We have sent you a new link. Check your inbox.');

  await page.goto('/upload');
  await expect(page.getByRole('heading', { name: 'Confirm your e-mail address first' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Release upload' })).toHaveCount(0);
  await look(page, testInfo, 'upload-needs-confirmation');

  // The first link still works after Resend sent another.
  const link = await linkFromMail(page, account.email, /^Confirm your e-mail address/, '/confirm-email');
  expect((await inbox(page, account.email)).filter((mail) => mail.subject.startsWith('Confirm your e-mail'))).toHaveLength(2);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'E-mail address confirmed' })).toBeVisible();
  await look(page, testInfo, 'confirm-email-done');
  await page.getByRole('link', { name: 'Continue to Kora' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: new RegExp(account.firstName) })).toBeVisible();
  await expect(banner).toHaveCount(0);
  await page.goto('/upload');
  await expect(page.getByRole('heading', { name: 'Confirm your e-mail address first' })).toHaveCount(0);
  await expect(page.getByRole('form', { name: 'Release upload' })).toBeVisible();

  await page.goto(link);
  await expect(page.getByRole('alert')).toHaveText('This link has already been used.');
});

test('changing the address: it applies from the new address’s link, and the old address can undo it', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await useLaptopOnDesktop(page, testInfo);
  const account = await signUpThroughApi(page);
  const newEmail = `moved-${account.email}`;
  await page.goto('/');
  const settings = await openSettingsFromHeader(page);
  await settings.getByRole('button', { name: 'Change email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Email' });
  await dialog.getByLabel('Email').fill(newEmail);
  await dialog.getByLabel('Current password').fill(account.password);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Confirm Your New Address', `We sent a link to ${newEmail}. Your address changes once you open it.`);
  await expect(settings.getByText(`Changing to ${newEmail} once confirmed from that inbox`)).toBeVisible();
  await look(page, testInfo, 'settings-email-pending');

  const undoLink = await linkFromMail(page, account.email, /^Your Kora e-mail address is being changed$/, '/undo-email-change');
  const changeLink = await linkFromMail(page, newEmail, /^Confirm your e-mail address/, '/change-email');
  await page.goto(changeLink);
  await expect(page.getByRole('heading', { name: 'Confirm your new address' })).toBeVisible();
  await look(page, testInfo, 'change-email');
  await page.getByRole('button', { name: 'Use This Address' }).click();
  await expect(page.getByRole('status')).toHaveText(`Your account now uses ${newEmail}.`);
  await look(page, testInfo, 'change-email-done');
  await page.getByRole('link', { name: 'Continue to Kora' }).click();
  const after = await openSettingsFromHeader(page);
  await expect(after.getByText(newEmail, { exact: true })).toBeVisible();

  // The old address's link brings the account back and signs every device out.
  await page.goto(undoLink);
  await expect(page.getByRole('heading', { name: 'Undo the e-mail change' })).toBeVisible();
  await look(page, testInfo, 'undo-email-change');
  await page.getByRole('button', { name: 'Undo the Change' }).click();
  await expect(page.getByRole('status')).toContainText(`Your account uses ${account.email} again, and every device has been signed out.`);
  await look(page, testInfo, 'undo-email-change-done');
  await page.getByRole('link', { name: 'Choose a New Password' }).click();
  await expect(page.getByLabel('Email')).toHaveValue(account.email);
  await logInThroughUi(page, account.email, account.password);
  await expectToast(page, 'Welcome back!');
});
