import { expect, test } from '@playwright/test';
import {
  expectNoHorizontalOverflow,
  expectToast,
  keepScreenshot,
  logInThroughUi,
  newAccount,
  signOutThroughUi,
  signUpThroughApi,
  signUpThroughUi,
} from './helpers.js';

test('the landing page offers Log In, Sign Up and Join, all leading to /auth', async ({ page }, testInfo) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Kora/);
  await expect(page.getByText('© 2026 Kora. All rights reserved.')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await keepScreenshot(page, testInfo, 'landing');

  for (const name of ['Log In', 'Sign Up', 'Join']) {
    await page.goto('/');
    await page.getByRole('link', { name, exact: true }).first().click();
    await expect(page).toHaveURL(/\/auth/);
    await expect(page.getByRole('tab', { name: 'Log In' })).toBeVisible();
  }
});

test('a visitor signs up, lands in the app shell and stays signed in after a reload', async ({ page }, testInfo) => {
  const account = newAccount();
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await keepScreenshot(page, testInfo, 'auth-signup');
  await signUpThroughUi(page, account);

  await expectToast(page, 'Welcome to Kora!', 'Your account has been created successfully.');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: new RegExp(`${account.firstName}`) })).toBeVisible();
  // With no song loaded, the player's controls are there but disabled.
  await expect(page.getByRole('button', { name: 'Play', exact: true }).first()).toBeDisabled();
  await expectNoHorizontalOverflow(page);
  await keepScreenshot(page, testInfo, 'home-shell');

  await page.reload();
  await expect(page.getByRole('heading', { name: new RegExp(`${account.firstName}`) })).toBeVisible();
});

test('signing up with a taken e-mail shows the server message', async ({ page }) => {
  const account = await signUpThroughApi(page);
  await page.context().clearCookies();
  await signUpThroughUi(page, account);
  await expectToast(page, 'Signup failed', /already exists/);
  await expect(page).toHaveURL(/\/auth/);
});

test('a listener signs out, then signs back in', async ({ page }) => {
  const account = newAccount();
  await signUpThroughUi(page, account);
  await expectToast(page, 'Welcome to Kora!');

  await signOutThroughUi(page);
  await expect(page.getByRole('link', { name: 'Join', exact: true }).first()).toBeVisible();
  // The session is gone on the server, not only in the page.
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);

  await logInThroughUi(page, account.email, account.password);
  await expectToast(page, 'Welcome back!', 'You have successfully logged in.');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: new RegExp(account.firstName) })).toBeVisible();
});

test('a wrong password is refused with the server message and no session', async ({ page }, testInfo) => {
  const account = await signUpThroughApi(page);
  await page.context().clearCookies();
  await logInThroughUi(page, account.email, 'not-the-password');
  await expectToast(page, 'Login failed', 'Invalid email or password');
  await expect(page).toHaveURL(/\/auth/);
  await keepScreenshot(page, testInfo, 'auth-login-failed');
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
});

test('the full-screen Loading... shows while the session is being checked', async ({ page }) => {
  // The landing and sign-in pages come rendered (the server saw no session); any other page asks.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/auth/user', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/no/such/page');
  await expect(page.getByText('Loading...')).toBeVisible();
  release();
  await expect(page.getByText('Loading...')).toBeHidden();
});
