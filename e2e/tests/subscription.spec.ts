import type { BillingOptions, Subscription, SubscriptionUpdateRequest, Transaction } from '@kora/contracts';
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { buyPremium, expectNoHorizontalOverflow, expectToast, keepScreenshot, paystackControl, signUpThroughApi } from './helpers.js';

// Issue 17: Premium is paid through Paystack (its stand-in here, started by start-server.mjs).

const DAY_MS = 24 * 60 * 60 * 1000;
// The web's billing date (billing-format.ts): the browser runs on this machine's time zone too.
const billingDateFormat = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', year: 'numeric' });

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

async function storedSubscription(page: Page) {
  return (await (await page.request.get('/api/user/subscription')).json()) as Record<string, unknown>;
}

/**
 * Has the page's requests answered as a server without PAYSTACK_SECRET_KEY answers them (this
 * suite's server has the Paystack stand-in): GET /api/billing/options offers no way to pay, and
 * POST /api/user/subscription makes the local upgrade, Premium with a pending charge and no method
 * (features/billing/service.ts options(), features/subscription's upgrade and presenter). Gives
 * back the subscription changes the page asked for.
 */
async function answerAsServerWithoutPayments(page: Page): Promise<SubscriptionUpdateRequest[]> {
  const changes: SubscriptionUpdateRequest[] = [];
  let upgradedAt: Date | undefined;
  const options: BillingOptions = { paymentsConfigured: false, methods: [], amount: 300_000, currency: 'NGN', passDays: 30 };
  await page.route('**/api/billing/options', (route) => route.fulfill({ json: options }));
  await page.route('**/api/user/subscription', async (route) => {
    if (route.request().method() === 'POST') {
      changes.push(route.request().postDataJSON() as SubscriptionUpdateRequest);
      upgradedAt = new Date();
    }
    if (!upgradedAt) return route.continue();
    const upgraded: Subscription = {
      subscriptionPlan: 'premium',
      subscriptionStatus: 'active',
      nextBillingDate: new Date(upgradedAt.getTime() + 30 * DAY_MS).toISOString(),
      paymentMethodType: 'pending',
      paymentMethodLast4: null,
      paymentMethodBrand: null,
      renewal: 'local',
      graceEndsAt: null,
      effectivePlan: 'premium',
    };
    return route.fulfill({ json: upgraded });
  });
  await page.route('**/api/user/transactions', (route) => {
    if (!upgradedAt) return route.continue();
    const charge: Transaction = {
      id: 1,
      amount: 300_000,
      currency: 'NGN',
      transactionType: 'subscription',
      status: 'pending',
      billingPeriod: upgradedAt.toISOString().slice(0, 7),
      reference: null,
      channel: null,
      paidAt: null,
      periodEnd: null,
      createdAt: upgradedAt.toISOString(),
    };
    return route.fulfill({ json: [charge] });
  });
  return changes;
}

type Box = { x: number; y: number; width: number; height: number };

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, 'the element is laid out').not.toBeNull();
  return box!;
}

/**
 * The toast with this title as shown. An open dialog hides the rest of the page from the
 * accessibility tree, toasts included; Radix's copy for screen readers is not in the list.
 */
function shownToast(page: Page, title: string): Locator {
  return page.getByRole('region', { name: /Notifications/, includeHidden: true }).locator('li').filter({ hasText: title });
}

/**
 * The toast stays off what the listener acts on in the open dialog, every button but its Close
 * (which the tallest dialogs bring up to the top). Dialogs keep their actions low, so it hangs
 * from the top of the screen (a phone's sheets rise from the bottom over the mini player), unless
 * the window is wide enough (1280 px) for it at the bottom right beside a centred dialog, above the
 * footer player. Then it is swiped away the way it came: up from the top, right from the bottom
 * right (the other way leaves it).
 */
async function expectToastClearOf(page: Page, testInfo: TestInfo, title: string, dialog: Locator, screenshot: string): Promise<void> {
  const toast = shownToast(page, title);
  // The pointer on it holds it (Radix pauses a toast under the pointer) until the checks are done.
  // Forced: whether the toast takes the pointer at all is the swipe's to check, at the end.
  await toast.hover({ force: true });
  await expect(dialog).toBeVisible();
  await keepScreenshot(page, testInfo, screenshot);
  const box = await boxOf(toast);
  const viewport = page.viewportSize()!;
  const isAtTop = viewport.width < 1280;
  if (isAtTop) {
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, 'the toast is at the top of the screen').toBeLessThanOrEqual(viewport.height / 4);
  } else {
    const player = await boxOf(page.getByRole('region', { name: 'Player', includeHidden: true }));
    expect(box.x + box.width, 'the toast is at the right').toBeGreaterThan(viewport.width - 40);
    expect(box.y + box.height, 'the toast is above the player').toBeLessThanOrEqual(player.y);
    expect(box.y + box.height, 'the toast is at the bottom').toBeGreaterThan(viewport.height / 2);
  }
  for (const button of await dialog.getByRole('button').all()) {
    const name = (await button.getAttribute('aria-label')) ?? (await button.innerText());
    if (name === 'Close') continue;
    expect(overlaps(box, await boxOf(button)), `the toast covers ${name}`).toBe(false);
  }

  const swipe = async (dx: number, dy: number) => {
    const x = box.x + box.width / 3;
    const y = box.y + box.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + dx, y + dy, { steps: 10 });
    await page.mouse.up();
  };
  const [across, away] = isAtTop ? [{ dx: 80, dy: 0 }, { dx: 0, dy: -80 }] : [{ dx: 0, dy: -80 }, { dx: 120, dy: 0 }];
  await swipe(across.dx, across.dy);
  await expect(toast).toBeVisible();
  await swipe(away.dx, away.dy);
  await expect(toast).toHaveCount(0);
}

test('upgrading is a decision: the sheet, Paystack checkout, and back to Premium with the real card', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await signUpThroughApi(page);
  await page.goto('/');

  let dialog = await openSubscription(page);
  const plan = card(dialog, 'Current Plan');
  await expect(plan.getByText('Free', { exact: true })).toBeVisible();
  await expect(plan.getByText('₦0/month')).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'Go Premium' }).getByRole('button', { name: 'Get Premium' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Start Premium Trial' })).toHaveCount(0);
  const plans = dialog.getByRole('list', { name: 'Plans' });
  for (const name of ['Free', 'Premium', 'Family', 'Student']) await expect(plans.getByText(name, { exact: true })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await keepScreenshot(page, testInfo, 'subscription-free');

  await plan.getByRole('button', { name: 'Upgrade to Premium' }).click();
  const sheet = page.getByRole('dialog', { name: 'Upgrade to Premium' });
  await expect(sheet.getByText('₦3,000 a month')).toBeVisible();
  await expect(sheet.getByRole('list', { name: 'What Premium gives' }).getByText('High quality up to 320 kbps')).toBeVisible();
  await expect(sheet.getByRole('radio', { name: /^Card/ })).toBeChecked();
  await expect(sheet.getByText(/Renews automatically every month\. Next billing date: /)).toBeVisible();
  await expect(sheet.getByRole('radio', { name: /^Bank transfer/ })).toBeVisible();
  await expect(sheet.getByRole('radio', { name: /^USSD/ })).toBeVisible();
  await expect(sheet.getByText(/one-off 30-day pass .* It never renews/).first()).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await keepScreenshot(page, testInfo, 'upgrade-sheet');
  // Nothing is created before the listener confirms.
  expect(await (await page.request.get('/api/user/transactions')).json()).toEqual([]);
  expect(await storedSubscription(page)).toMatchObject({ subscriptionPlan: 'free' });

  await sheet.getByRole('button', { name: 'Continue to pay ₦3,000' }).click();
  await expect(page.getByRole('heading', { name: 'Pay ₦3,000' })).toBeVisible();
  expect(new URL(page.url()).pathname).toMatch(/^\/checkout\//);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  const result = page.getByRole('dialog', { name: 'Payment received' });
  await expect(result).toBeVisible();
  await expect(result.getByText('Visa')).toBeVisible();
  await expect(result.getByText('•••• 4081')).toBeVisible();
  await expect(result.getByText(/^Next billing date: /)).toBeVisible();
  // The address no longer says anything about the payment.
  await expect(page).toHaveURL((url) => url.search === '');
  await keepScreenshot(page, testInfo, 'payment-received');
  await result.getByRole('button', { name: 'Done' }).click();

  dialog = await openSubscription(page);
  await expect(card(dialog, 'Current Plan').getByText('Premium', { exact: true })).toBeVisible();
  await expect(card(dialog, 'Current Plan').getByText('Active', { exact: true })).toBeVisible();
  await expect(card(dialog, 'Current Plan').getByText(/Next billing date:/)).toBeVisible();
  const method = card(dialog, 'Payment Method');
  await expect(method.getByText('Visa')).toBeVisible();
  await expect(method.getByText('•••• 4081')).toBeVisible();
  await expect(dialog.getByText('1234')).toHaveCount(0);
  const recent = dialog.getByRole('list', { name: 'Recent billing' });
  await expect(recent.getByRole('listitem')).toHaveCount(1);
  await expect(recent.getByText('Paid')).toBeVisible();
  await expect(recent.getByText('₦3,000')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await keepScreenshot(page, testInfo, 'subscription-premium-card');

  // Change payment method goes to Paystack's page for the card.
  await method.getByRole('button', { name: 'Change' }).click();
  const methods = page.getByRole('dialog', { name: 'Payment Methods' });
  await expect(methods.getByText('•••• 4081')).toBeVisible();
  await keepScreenshot(page, testInfo, 'payment-methods-card');
  await methods.getByRole('button', { name: 'Change payment method' }).click();
  await expect(page).toHaveURL(/\/manage\/subscriptions\/SUB_/);

  // Cancel keeps Premium until the billing date (the server disables the Paystack subscription).
  await page.goto('/');
  dialog = await openSubscription(page);
  await card(dialog, 'Current Plan').getByRole('button', { name: 'Cancel Subscription' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Cancel Premium?' });
  await confirm.getByRole('button', { name: 'Cancel Subscription' }).click();
  await expectToast(page, 'Subscription Canceled');
  await expect(card(dialog, 'Current Plan').getByText('Canceled', { exact: true })).toBeVisible();
  await expect(card(dialog, 'Current Plan').getByText(/Premium stays yours until/)).toBeVisible();
  expect(await storedSubscription(page)).toMatchObject({ subscriptionStatus: 'canceled', effectivePlan: 'premium' });
});

test('the upgrade sheet opened from Settings is the only dialog, and dismissing it brings Settings back on Subscription', async ({
  page,
}, testInfo) => {
  await signUpThroughApi(page);
  await page.goto('/');
  const dialog = await openSubscription(page);
  const sheet = page.getByRole('dialog', { name: 'Upgrade to Premium' });
  const ways = [
    {
      opener: card(dialog, 'Current Plan').getByRole('button', { name: 'Upgrade to Premium' }),
      dismiss: () => sheet.getByRole('button', { name: 'Not now' }).click(),
    },
    {
      opener: dialog.getByRole('region', { name: 'Go Premium' }).getByRole('button', { name: 'Get Premium' }),
      dismiss: () => page.keyboard.press('Escape'),
    },
  ];
  for (const { opener, dismiss } of ways) {
    await opener.click();
    await expect(sheet).toBeVisible();
    // Counted in the page itself: a modal hides the dialogs behind it from the accessibility tree.
    await expect(page.locator('[role="dialog"]')).toHaveCount(1);
    await expect(sheet.locator(':focus')).toHaveCount(1);
    await keepScreenshot(page, testInfo, 'upgrade-sheet-from-settings');

    await dismiss();
    await expect(sheet).toBeHidden();
    await expect(dialog).toBeVisible();
    await expect(page.locator('[role="dialog"]')).toHaveCount(1);
    await expect(dialog.getByRole('button', { name: 'Back' })).toBeFocused();
    await expect(card(dialog, 'Current Plan').getByText('Free', { exact: true })).toBeVisible();
  }
  await keepScreenshot(page, testInfo, 'subscription-after-upgrade-dismissed');
});

test('without a payment provider, the upgrade sheet says card payments are not configured and upgrades locally', async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  await signUpThroughApi(page);
  const changes = await answerAsServerWithoutPayments(page);
  await page.goto('/');
  const dialog = await openSubscription(page);
  await card(dialog, 'Current Plan').getByRole('button', { name: 'Upgrade to Premium' }).click();
  const sheet = page.getByRole('dialog', { name: 'Upgrade to Premium' });
  await expect(sheet.getByText('Card payments are not configured on this server.')).toBeVisible();
  await expect(sheet.getByText('Premium starts now with a ₦3,000 charge that stays pending: no money is taken.')).toBeVisible();
  await expect(sheet.getByText('₦3,000 a month')).toBeVisible();
  await expect(sheet.getByRole('list', { name: 'What Premium gives' }).getByText('High quality up to 320 kbps')).toBeVisible();
  await expect(sheet.getByText(`Next billing date: ${billingDateFormat.format(new Date(Date.now() + 30 * DAY_MS))}`)).toBeVisible();
  // No way to pay is offered, and nothing leaves for a checkout.
  await expect(sheet.getByRole('radio')).toHaveCount(0);
  await expect(sheet.getByRole('button', { name: /^Continue to pay/ })).toHaveCount(0);
  await expect(page.locator('[role="dialog"]')).toHaveCount(1);
  await expectNoHorizontalOverflow(page);
  await keepScreenshot(page, testInfo, 'upgrade-sheet-not-configured');
  expect(changes).toEqual([]);

  await sheet.getByRole('button', { name: 'Confirm Upgrade' }).click();
  await expectToast(page, 'Subscription Updated', 'Welcome to Premium! Your payment is pending.');
  // Back on Settings' Subscription view, which the toast leaves uncovered (Setup Payment is next).
  await expectToastClearOf(page, testInfo, 'Subscription Updated', dialog, 'toast-over-subscription');
  expect(changes).toEqual([{ subscriptionPlan: 'premium', subscriptionStatus: 'active' }]);
  await expect(sheet).toBeHidden();
  expect(new URL(page.url()).pathname).toBe('/');

  // Premium, its charge pending until a payment method is set up.
  const plan = card(dialog, 'Current Plan');
  await expect(plan.getByText('Premium', { exact: true })).toBeVisible();
  await expect(plan.getByText('Active', { exact: true })).toBeVisible();
  await expect(plan.getByText(/^Next billing date:/)).toBeVisible();
  await expect(card(dialog, 'Payment Method').getByText('Your ₦3,000 payment is waiting for a payment method.')).toBeVisible();
  const recent = dialog.getByRole('list', { name: 'Recent billing' });
  await expect(recent.getByRole('listitem')).toHaveCount(1);
  await expect(recent.getByText('Pending')).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'Go Premium' })).toHaveCount(0);
  await expectNoHorizontalOverflow(page);
  await keepScreenshot(page, testInfo, 'subscription-local-upgrade');

  await card(dialog, 'Payment Method').getByRole('button', { name: 'Setup Payment' }).click();
  const methods = page.getByRole('dialog', { name: 'Payment Methods' });
  await expect(methods.getByRole('button', { name: 'Set Up Bank Transfer' })).toBeVisible();
  await expect(card(methods, 'Debit Card').getByText('Card payments are not configured on this server.')).toBeVisible();
  await keepScreenshot(page, testInfo, 'payment-methods-not-configured');
});

test('at a laptop’s width a toast raised over a dialog hangs from the top, off the dialog’s buttons', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the width is set here: one run is enough');
  // A centred dialog reaches under the bottom-right corner here (see expectToastClearOf).
  await page.setViewportSize({ width: 1024, height: 768 });
  await signUpThroughApi(page);
  await answerAsServerWithoutPayments(page);
  await page.goto('/');
  const dialog = await openSubscription(page);
  await card(dialog, 'Current Plan').getByRole('button', { name: 'Upgrade to Premium' }).click();
  await page.getByRole('dialog', { name: 'Upgrade to Premium' }).getByRole('button', { name: 'Confirm Upgrade' }).click();
  await expectToastClearOf(page, testInfo, 'Subscription Updated', dialog, 'toast-over-subscription-laptop');
});

test('a declined checkout and an abandoned one say so, and the listener stays on Free', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  await signUpThroughApi(page);
  await page.goto('/');
  for (const [button, title] of [
    ['Decline', 'Payment declined'],
    ['Abandon', 'Payment not completed'],
  ] as const) {
    const dialog = await openSubscription(page);
    await card(dialog, 'Current Plan').getByRole('button', { name: 'Upgrade to Premium' }).click();
    await page.getByRole('dialog', { name: 'Upgrade to Premium' }).getByRole('button', { name: 'Continue to pay ₦3,000' }).click();
    await page.getByRole('button', { name: button, exact: true }).click();
    const result = page.getByRole('dialog', { name: title });
    await expect(result).toBeVisible();
    await expect(result.getByRole('button', { name: 'Try again' })).toBeVisible();
    await keepScreenshot(page, testInfo, `payment-${button.toLowerCase()}`);
    await result.getByRole('button', { name: 'Done' }).click();
    expect(await storedSubscription(page)).toMatchObject({ subscriptionPlan: 'free', effectivePlan: 'free' });
  }
});

test('a renewal adds a paid transaction, and each payment has a printable receipt', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  const account = await signUpThroughApi(page);
  await buyPremium(page);
  const renewal = await paystackControl(page, '/renewal', { email: account.email });
  expect(renewal.status).toBe(200);

  await page.goto('/');
  const dialog = await openSubscription(page);
  await card(dialog, 'Recent Billing').getByRole('button', { name: 'View All' }).click();
  const history = page.getByRole('dialog', { name: 'Billing History' }).getByRole('list', { name: 'Billing history' });
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expect(history.getByText('Paid')).toHaveCount(2);
  await expect(history.getByText(/^Premium until /)).toHaveCount(2);
  await keepScreenshot(page, testInfo, 'billing-history-renewed');

  await history.getByRole('button', { name: /^Receipt for / }).first().click();
  const receiptDialog = page.getByRole('dialog', { name: 'Receipt' });
  const receipt = receiptDialog.getByRole('article', { name: 'Receipt' });
  await expect(receipt.getByText('Kora', { exact: true })).toBeVisible();
  await expect(receipt.getByText('₦3,000')).toBeVisible();
  for (const term of ['Reference', 'Date paid', 'Billing period', 'Premium from', 'Premium until', 'Billed to']) {
    await expect(receipt.getByText(term, { exact: true })).toBeVisible();
  }
  await expect(receipt.getByText(account.email)).toBeVisible();
  await keepScreenshot(page, testInfo, 'receipt');
  await page.evaluate(() => {
    window.print = () => document.body.setAttribute('data-printed', 'true');
  });
  await receiptDialog.getByRole('button', { name: 'Print' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-printed', 'true');
  // On paper, the receipt alone: on wide paper (A4 landscape, 297 mm at 96 px an inch), a column
  // of at most A5's width (148 mm, 560 px) in the middle.
  await page.setViewportSize({ width: 1123, height: 794 });
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('#root')).toBeHidden();
  // Looked for among hidden elements too, so each is there and hidden, not simply missing.
  await expect(page.getByRole('dialog', { name: 'Billing History', includeHidden: true })).toHaveCount(1);
  await expect(page.getByRole('dialog', { name: 'Billing History', includeHidden: true })).toBeHidden();
  await expect(receiptDialog.getByRole('heading', { name: 'Receipt', includeHidden: true })).toBeHidden();
  const buttons = receiptDialog.getByRole('button', { includeHidden: true });
  // The dialog's close (X), Close and Print.
  await expect(buttons).toHaveCount(3);
  for (const button of await buttons.all()) await expect(button).toBeHidden();
  await expect(receipt).toBeVisible();
  const box = (await receipt.boundingBox())!;
  expect(box.width).toBeGreaterThan(300);
  expect(box.width).toBeLessThanOrEqual(560);
  expect(Math.abs(box.x - (1123 - box.x - box.width))).toBeLessThanOrEqual(2);
  await keepScreenshot(page, testInfo, 'receipt-printed');
  // Chromium's own printing puts it on one page.
  const pdf = (await page.pdf({ format: 'A4', landscape: true })).toString('latin1');
  expect(pdf.match(/\/Type\s*\/Page\b/g)).toHaveLength(1);
});

test('a failed renewal shows past due with its grace end, then Premium lapses to Free', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const account = await signUpThroughApi(page);
  // Paid 32 days ago: the renewal is due, and Paystack reports it failed, with the grace period
  // (3 days from the failure) ending 20 seconds from now.
  await buyPremium(page, 'card', new Date(Date.now() - 32 * DAY_MS));
  const graceEnds = Date.now() + 20_000;
  const failure = await paystackControl(page, '/renewal-failed', { email: account.email, at: new Date(graceEnds - 3 * DAY_MS).toISOString() });
  expect(failure.status).toBe(200);

  await page.goto('/');
  let dialog = await openSubscription(page);
  const plan = card(dialog, 'Current Plan');
  await expect(plan.getByText('Past due', { exact: true })).toBeVisible();
  await expect(plan.getByText(/Your renewal payment failed\. Premium stays until/)).toBeVisible();
  await expect(plan.getByRole('button', { name: 'Update card' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await keepScreenshot(page, testInfo, 'subscription-past-due');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: /^Notifications/ }).click();
  const notifications = page.getByRole('dialog', { name: 'Notifications' });
  await expect(notifications.getByText('Payment Failed')).toBeVisible();
  await expect(notifications.getByRole('button', { name: 'Update card' })).toBeVisible();
  await keepScreenshot(page, testInfo, 'notifications-payment-failed');

  await page.waitForTimeout(Math.max(0, graceEnds - Date.now() + 1_000));
  await page.goto('/');
  dialog = await openSubscription(page);
  await expect(card(dialog, 'Current Plan').getByText('Free', { exact: true })).toBeVisible();
  expect(await storedSubscription(page)).toMatchObject({ subscriptionPlan: 'free', effectivePlan: 'free' });
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByRole('dialog', { name: 'Notifications' }).getByText('Downgraded to Free')).toBeVisible();
});

test('a bank-transfer pass shows when it ends, never renews, and offers Renew in its last days', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await signUpThroughApi(page);
  await page.goto('/');
  let dialog = await openSubscription(page);
  await card(dialog, 'Current Plan').getByRole('button', { name: 'Upgrade to Premium' }).click();
  const sheet = page.getByRole('dialog', { name: 'Upgrade to Premium' });
  await sheet.getByRole('radio', { name: /^Bank transfer/ }).check();
  await sheet.getByRole('button', { name: 'Continue to pay ₦3,000' }).click();
  await expect(page.getByText(/bank_transfer/)).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  const result = page.getByRole('dialog', { name: 'Payment received' });
  await expect(result.getByText(/Premium is active for 30 days/)).toBeVisible();
  await result.getByRole('button', { name: 'Done' }).click();

  dialog = await openSubscription(page);
  const plan = card(dialog, 'Current Plan');
  await expect(plan.getByText('₦3,000 · 30-day pass')).toBeVisible();
  await expect(plan.getByText(/A pass never renews by itself/)).toBeVisible();
  await expect(plan.getByRole('button', { name: 'Cancel Subscription' })).toHaveCount(0);
  await expect(plan.getByRole('button', { name: 'Renew' })).toHaveCount(0);
  await expect(card(dialog, 'Payment Method').getByText('Bank Transfer')).toBeVisible();
  await expect(card(dialog, 'Payment Method').getByText(/^One-off pass until /)).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await keepScreenshot(page, testInfo, 'subscription-pass');

  // A pass paid 28 days ago ends in 2 days: the listener is told, and Renew opens the upgrade sheet
  // in place of Notifications, which comes back, on that Renew, when the sheet is dismissed.
  await signUpThroughApi(page);
  await buyPremium(page, 'bank_transfer', new Date(Date.now() - 28 * DAY_MS));
  await page.goto('/');
  await page.getByRole('button', { name: /^Notifications/ }).click();
  const notifications = page.getByRole('dialog', { name: 'Notifications' });
  const renew = notifications.getByRole('button', { name: 'Renew', exact: true });
  await renew.click();
  const renewSheet = page.getByRole('dialog', { name: 'Renew Premium' });
  await expect(renewSheet.getByRole('radio', { name: /^Bank transfer/ })).toBeChecked();
  await expect(renewSheet.getByRole('radio', { name: /^Card/ })).toBeDisabled();
  await expect(renewSheet.getByText(/Available when your pass ends on/)).toBeVisible();
  // Counted in the page itself: a modal hides the dialogs behind it from the accessibility tree.
  await expect(page.locator('[role="dialog"]')).toHaveCount(1);
  await expect(renewSheet.locator(':focus')).toHaveCount(1);
  await keepScreenshot(page, testInfo, 'renew-sheet');
  await renewSheet.getByRole('button', { name: 'Not now' }).click();
  await expect(renewSheet).toBeHidden();
  await expect(notifications.getByText('Premium Ends Soon')).toBeVisible();
  await expect(page.locator('[role="dialog"]')).toHaveCount(1);
  await expect(renew).toBeFocused();
  await keepScreenshot(page, testInfo, 'notifications-after-renew-dismissed');
  await notifications.getByRole('button', { name: 'Close' }).click();
  await expect(notifications).toBeHidden();

  dialog = await openSubscription(page);
  await card(dialog, 'Current Plan').getByRole('button', { name: 'Renew' }).click();
  await expect(page.getByRole('dialog', { name: 'Renew Premium' })).toBeVisible();
});
