import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoHorizontalOverflow, expectToast, keepScreenshot, signUpThroughApi } from './helpers.js';

/** The Settings dialog from the header's settings button, on its subscription view. */
async function openSubscription(page: Page): Promise<Locator> {
  await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
  await page.getByRole('button', { name: 'Manage subscription' }).click();
  const dialog = page.getByRole('dialog', { name: 'Subscription' });
  await expect(dialog).toBeVisible();
  return dialog;
}

function card(dialog: Locator, title: string): Locator {
  return dialog.getByRole('region', { name: title, exact: true });
}

test('upgrade to premium, see the pending ₦3,000 charge, set up a bank transfer, cancel', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  await signUpThroughApi(page);
  await page.goto('/');

  let dialog = await openSubscription(page);
  const plan = card(dialog, 'Current Plan');
  await expect(plan.getByText('Free', { exact: true })).toBeVisible();
  await expect(plan.getByText('₦0/month')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Start Premium Trial' })).toBeVisible();
  await expect(card(dialog, 'Payment Method')).toHaveCount(0);
  await expect(card(dialog, 'Recent Billing')).toHaveCount(0);
  const plans = dialog.getByRole('list', { name: 'Plans' });
  for (const name of ['Free', 'Premium', 'Family', 'Student']) await expect(plans.getByText(name, { exact: true })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await keepScreenshot(page, testInfo, 'subscription-free');

  await plan.getByRole('button', { name: 'Upgrade to Premium' }).click();
  await expectToast(page, 'Subscription Updated');
  await expect(plan.getByText('Premium', { exact: true })).toBeVisible();
  await expect(plan.getByText('₦3,000/month')).toBeVisible();
  await expect(plan.getByText(/Next billing date:/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Start Premium Trial' })).toHaveCount(0);

  // The charge the server created on upgrade: ₦3,000, Premium Plan, pending.
  const recent = dialog.getByRole('list', { name: 'Recent billing' });
  await expect(recent.getByRole('listitem')).toHaveCount(1);
  await expect(recent.getByText('Premium Plan')).toBeVisible();
  await expect(recent.getByText('₦3,000')).toBeVisible();
  await expect(recent.getByText('Pending')).toBeVisible();
  await keepScreenshot(page, testInfo, 'subscription-premium');

  await card(dialog, 'Payment Method').getByRole('button', { name: 'Setup Payment' }).click();
  dialog = page.getByRole('dialog', { name: 'Payment Methods' });
  await expect(dialog).toBeVisible();
  await keepScreenshot(page, testInfo, 'payment-methods-none');
  await dialog.getByRole('button', { name: 'Set Up Bank Transfer' }).click();
  await expectToast(page, 'Bank Transfer Setup');
  await expect(dialog.getByText('•••• 1234')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Remove Payment Method' })).toBeVisible();

  await dialog.getByRole('button', { name: 'Back' }).click();
  dialog = page.getByRole('dialog', { name: 'Subscription' });
  const method = card(dialog, 'Payment Method');
  await expect(method.getByText('Bank Transfer')).toBeVisible();
  await expect(method.getByText('•••• 1234')).toBeVisible();
  await expect(method.getByRole('button', { name: 'Change' })).toBeVisible();

  await card(dialog, 'Recent Billing').getByRole('button', { name: 'View All' }).click();
  dialog = page.getByRole('dialog', { name: 'Billing History' });
  const history = dialog.getByRole('list', { name: 'Billing history' });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  const period = new Intl.DateTimeFormat('en-NG', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date());
  await expect(history.getByText(new RegExp(`^${period} · `))).toBeVisible();
  await keepScreenshot(page, testInfo, 'billing-history');
  await dialog.getByRole('button', { name: 'Back' }).click();

  dialog = page.getByRole('dialog', { name: 'Subscription' });
  await card(dialog, 'Current Plan').getByRole('button', { name: 'Cancel Subscription' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Cancel Premium?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel Subscription' }).click();
  await expectToast(page, 'Subscription Canceled');
  await expect(confirm).toBeHidden();
  await expect(card(dialog, 'Current Plan').getByText('Canceled', { exact: true })).toBeVisible();
  await expect(card(dialog, 'Current Plan').getByText(/Premium stays yours until/)).toBeVisible();
  await expect(card(dialog, 'Current Plan').getByRole('button', { name: 'Cancel Subscription' })).toHaveCount(0);
  await expectNoHorizontalOverflow(page);
  await keepScreenshot(page, testInfo, 'subscription-canceled');

  const stored = await (await page.request.get('/api/user/subscription')).json();
  expect(stored).toMatchObject({
    subscriptionPlan: 'premium',
    subscriptionStatus: 'canceled',
    paymentMethodType: 'bank_transfer',
    effectivePlan: 'premium',
  });
});
