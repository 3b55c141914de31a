import { expect, test } from '@playwright/test';
import { type ArrivedMail, inbox, keepScreenshot, linkFromMail, signUpThroughApi } from './helpers.js';

/** Every e-mail the server sends, by subject: an account's life from sign-up to deletion sends each once. */
const SUBJECTS = [
  'Confirm your e-mail address for Kora',
  'Reset your Kora password',
  'Your Kora password was changed',
  'New sign-in to Kora',
  'Your Kora e-mail address is being changed',
  'Your Kora data is ready to download',
  'Your Kora account is being deleted',
];

const tokenOf = (link: string) => new URL(link).hash.replace('#token=', '');

test('every e-mail Kora sends reads well as HTML on a phone and a laptop, loads nothing from outside, and its buttons lead where its text does', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  // Looked at on the phone project's 360 × 800 and on a 1280 × 800 laptop.
  if (testInfo.project.name === 'desktop') await page.setViewportSize({ width: 1280, height: 800 });
  const account = await signUpThroughApi(page);
  const password = 'a-fresh-highlife-2026';
  const newEmail = `moved-${account.email}`;

  // Forgot password, and the reset that follows it (the notice of a changed password).
  await page.context().clearCookies();
  expect((await page.request.post('/api/auth/password/forgot', { data: { email: account.email } })).status()).toBe(202);
  const resetLink = await linkFromMail(page, account.email, /^Reset your Kora password$/, '/reset-password');
  expect((await page.request.post('/api/auth/password/reset', { data: { token: tokenOf(resetLink), newPassword: password } })).ok()).toBe(true);

  // A sign-in from a browser the account has not used.
  const elsewhere = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    expect((await elsewhere.request.post('/api/auth/login', { data: { email: account.email, password } })).ok()).toBe(true);
    // Signed in there: a change of address (a notice to the old one), a copy of the data, and the deletion.
    const changed = await elsewhere.request.patch('/api/user/profile', { data: { email: newEmail, currentPassword: password } });
    expect(changed.ok(), await changed.text()).toBe(true);
    expect((await elsewhere.request.post('/api/account/data-export')).status()).toBe(202);
    await linkFromMail(page, account.email, /^Your Kora data is ready to download$/, '/account/export');
    expect((await elsewhere.request.post('/api/account/delete', { data: { password } })).ok()).toBe(true);
  } finally {
    await elsewhere.close();
  }

  let mails: ArrivedMail[] = [];
  await expect
    .poll(
      async () => {
        mails = await inbox(page, account.email);
        return mails.map((mail) => mail.subject).sort();
      },
      { timeout: 20_000 },
    )
    .toEqual(expect.arrayContaining(SUBJECTS.filter((subject) => !subject.startsWith('Confirm'))));
  // The change's confirmation goes to the new address; the sign-up's went to the first.
  mails.push(...(await inbox(page, newEmail)));

  // A mail app shows the HTML on its own: nothing of this server's page may be needed, or fetched.
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith('data:')) fetched.push(request.url());
  });
  for (const [index, subject] of SUBJECTS.entries()) {
    const mail = mails.find((arrived) => arrived.subject === subject);
    expect(mail, subject).toBeDefined();
    await page.setContent(mail!.html);
    await expect(page.getByText(`Hi ${account.firstName},`)).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${subject} is wider than the screen`).toBeLessThanOrEqual(0);
    // Every link of the HTML is in the plain text too, so a text-only mail app loses nothing.
    const links = await page.locator('a[href]').evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')!));
    for (const link of links) expect(mail!.text, `${subject}: ${link}`).toContain(link);
    await keepScreenshot(page, testInfo, `mail-${index + 1}`);
  }
  expect(fetched).toEqual([]);
});
