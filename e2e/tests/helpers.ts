import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page, test, type TestInfo } from '@playwright/test';

export type Account = { firstName: string; lastName: string; email: string; password: string };

export function newAccount(): Account {
  return {
    firstName: 'Kemi',
    lastName: 'Adeyemi',
    email: `kemi-${randomBytes(4).toString('hex')}@example.com`,
    password: 'sweet-highlife-2026',
  };
}

export async function signUpThroughUi(page: Page, account: Account): Promise<void> {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('First name').fill(account.firstName);
  await page.getByLabel('Last name').fill(account.lastName);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

export async function logInThroughUi(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/**
 * Creates an account through the API (faster where sign-up itself is not under test) and confirms
 * its address with the link it was e-mailed, as a listener would, so uploads and payments are open.
 */
export async function signUpThroughApi(page: Page, account: Account = newAccount()): Promise<Account> {
  const response = await page.request.post('/api/auth/signup', { data: account });
  expect(response.status()).toBe(201);
  const link = await linkFromMail(page, account.email, /^Confirm your e-mail address/, '/confirm-email');
  const confirmed = await page.request.post('/api/account/email/confirm', { data: { token: new URL(link).hash.replace('#token=', '') } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return account;
}

export type ArrivedMail = { subject: string; text: string; html: string };

/** The e-mails this run's server sent to an address (the SMTP stand-in's inbox), oldest first. */
export async function inbox(page: Page, address: string): Promise<ArrivedMail[]> {
  const { mailControlUrl } = readStandin(test.info().project.use.baseURL);
  const response = await page.request.get(`${mailControlUrl}/mails?to=${encodeURIComponent(address)}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as ArrivedMail[];
}

/**
 * Waits for an e-mail to the address whose subject matches and returns the link to an app page in
 * the newest one: the link a listener would tap.
 */
export async function linkFromMail(page: Page, address: string, subject: RegExp, pagePath: string): Promise<string> {
  const pattern = new RegExp(`https?://\\S+${pagePath}#token=[A-Za-z0-9_-]+`);
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await inbox(page, address)).filter((mail) => subject.test(mail.subject));
        link = mails.length > 0 ? pattern.exec(mails.at(-1)!.text)?.[0] : undefined;
        return link !== undefined;
      },
      { message: `an e-mail to ${address} matching ${subject}`, timeout: 20_000 },
    )
    .toBe(true);
  return link!;
}

/** Opens the Settings dialog from the header's button. */
export async function openSettingsFromHeader(page: Page): Promise<Locator> {
  await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Closes a dialog with Escape, as a keyboard user would. */
export async function closeDialog(page: Page, dialog: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

export async function signOutThroughUi(page: Page): Promise<void> {
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
}

/** Full-page screenshot kept with the run, named by viewport, for looking at. */
export async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}-${testInfo.project.name}.png`);
  await page.screenshot({ path, fullPage: true });
}

export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * A toast as shown (Radix also renders a hidden copy for screen readers, outside the viewport
 * region). An open dialog marks the rest of the page aria-hidden, toasts included, so the region
 * is found with hidden elements; toBeVisible still checks that the toast is on screen.
 */
export async function expectToast(page: Page, title: string, description?: string | RegExp): Promise<void> {
  const toasts = page.getByRole('region', { name: /Notifications/, includeHidden: true });
  await expect(toasts.getByText(title, { exact: true })).toBeVisible();
  if (description !== undefined) await expect(toasts.getByText(description)).toBeVisible();
}

/**
 * The stand-ins start-server.mjs runs beside the server: Deezer's API and preview CDN, and the
 * control addresses of the Paystack stand-in (paystack-standin-main.ts) and of the SMTP stand-in
 * (smtp-standin-main.ts).
 */
export type Standin = { apiUrl: string; mediaOrigin: string; paystackControlUrl: string; mailControlUrl: string };

/** Where the stand-in of this run listens (start-server.mjs writes it into the port's data folder). */
export function readStandin(baseURL: string | undefined): Standin {
  const port = new URL(baseURL ?? 'http://127.0.0.1:3210').port;
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '.test-data', port, 'standin.json');
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Standin;
}

/**
 * A song's card in Home's Browse all, which shows the catalogue a page at a time (newest first,
 * so other tests' uploads come before the demo songs): presses Show more until the card is there.
 */
export async function cardInBrowseAll(page: Page, title: string): Promise<Locator> {
  const browseAll = page.getByRole('region', { name: 'Browse all' });
  const card = browseAll.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  const showMore = browseAll.getByRole('button', { name: 'Show more' });
  await expect(browseAll.getByRole('article').first()).toBeVisible();
  while ((await card.count()) === 0) {
    await expect(showMore, `${title} is not in Browse all`).toBeEnabled();
    const shown = await browseAll.getByRole('article').count();
    await showMore.click();
    await expect.poll(() => browseAll.getByRole('article').count()).toBeGreaterThan(shown);
  }
  return card.first();
}

/**
 * Has the Paystack stand-in play its part: `/pay` a checkout (on a given day), charge a `/renewal`,
 * or fail one (`/renewal-failed`). Its webhooks are signed and posted to the server.
 */
export async function paystackControl(page: Page, route: '/pay' | '/renewal' | '/renewal-failed', body: Record<string, unknown>) {
  const { paystackControlUrl } = readStandin(test.info().project.use.baseURL);
  const response = await page.request.post(`${paystackControlUrl}${route}`, { data: body });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as { redirect?: string; status?: number; body?: string };
}

/**
 * Buys Premium as the listener would, without the pages on the way: a checkout, paid on the
 * stand-in (backdated by `paidAt` when asked), and the return the server verifies; then waits for
 * the server to have it.
 */
export async function buyPremium(page: Page, method: 'card' | 'bank_transfer' | 'ussd' = 'card', paidAt?: Date): Promise<void> {
  const start = await page.request.post('/api/billing/checkout', { data: { method } });
  expect(start.status(), await start.text()).toBe(201);
  const { reference } = (await start.json()) as { reference: string };
  const { redirect } = await paystackControl(page, '/pay', { reference, paidAt: paidAt?.toISOString() });
  const returned = await page.request.get(redirect!, { maxRedirects: 0 });
  expect(returned.headers().location).toContain('payment=success');
  await expect
    .poll(async () => ((await (await page.request.get('/api/user/subscription')).json()) as { effectivePlan: string }).effectivePlan)
    .toBe('premium');
}
