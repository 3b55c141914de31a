import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueMail } from '../../src/features/mail/queue-mail.js';
import { passwordResetMail } from '../../src/features/mail/templates/account-mails.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { MAIL_FROM, runMailJobs } from './mail-helpers.js';

const noSmtp = { smtpUrl: undefined, from: MAIL_FROM };
const resetUrl = 'https://kora.example/reset?token=dev-token&step=2';

describe('/dev/mail in development without SMTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: 'development', mail: { ...noSmtp, devMailPage: true } });
    const content = passwordResetMail({ name: 'Ada <Obi>', resetUrl, validMinutes: 60 });
    const jobId = await queueMail(t.database.db, { address: 'ada@example.com', name: 'Ada Obi' }, content);
    // The same durable job as with SMTP, sent through the log mailer.
    const [job] = await runMailJobs(t, [jobId]);
    expect(job).toMatchObject({ status: 'done', result: { messageId: expect.stringMatching(/@kora\.example>$/) } });
  });
  afterAll(() => t?.close());

  it('lists the last e-mails without a session, with their links to follow', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/dev/mail' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<h1>Development mailbox</h1>');
    expect(page.body).toContain('to Ada Obi &lt;ada@example.com&gt;');
    expect(page.body).toContain('<a href="/dev/mail/1">Reset your Kora password</a>');
    expect(page.body).toContain('<a href="https://kora.example/reset?token=dev-token&amp;step=2">https://kora.example/reset?token=dev-token&amp;step=2</a>');
    // What the listener typed stays text on this page too.
    expect(page.body).toContain('Hi Ada &lt;Obi&gt;,');
  });

  it('shows each e-mail’s HTML as it was sent', async () => {
    const mail = await t.app.inject({ method: 'GET', url: '/dev/mail/1' });
    expect(mail.statusCode).toBe(200);
    expect(mail.body).toBe(passwordResetMail({ name: 'Ada <Obi>', resetUrl, validMinutes: 60 }).html);
    expect(mail.body).toContain('href="https://kora.example/reset?token=dev-token&amp;step=2"');
    for (const url of ['/dev/mail/2', '/dev/mail/abc', '/dev/mail/1e3', '/dev/mail/99999999999']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('answers only a browser on this machine: not another address, a proxy or another host name', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/dev/mail', remoteAddress: '::1', headers: { host: '[::1]:3000' } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/dev/mail', remoteAddress: '::ffff:127.0.0.1', headers: { host: '127.0.0.1:3000' } })).statusCode).toBe(200);
    const refused = [
      { remoteAddress: '192.168.1.20' },
      { remoteAddress: '::ffff:10.0.0.5' },
      { headers: { 'x-forwarded-for': '127.0.0.1' } },
      { headers: { forwarded: 'for=127.0.0.1' } },
      // DNS rebinding: a page on evil.example whose name now points at 127.0.0.1.
      { headers: { host: 'evil.example:3000' } },
      { headers: { host: 'localhost.evil.example' } },
    ];
    for (const options of refused) {
      for (const url of ['/dev/mail', '/dev/mail/1']) {
        const answer = await t.app.inject({ method: 'GET', url, ...options });
        expect(answer.statusCode, JSON.stringify(options)).toBe(404);
        expect(answer.body).not.toContain('dev-token');
      }
    }
  });

  it('is the only public route the mailbox adds', () => {
    const publicDev = t.app.registeredRoutes.filter((route) => route.isPublic && route.url.startsWith('/dev')).map((r) => `${r.method} ${r.url}`);
    expect(publicDev.sort()).toEqual(['GET /dev/mail', 'GET /dev/mail/:number', 'HEAD /dev/mail', 'HEAD /dev/mail/:number']);
  });
});

describe('/dev/mail elsewhere', () => {
  it.each([
    ['production, even when the settings ask for it', { env: 'production' as const, mail: { ...noSmtp, devMailPage: true } }],
    ['tests, unless enabled', {}],
  ])('is absent in %s', async (_where, overrides) => {
    const t = await createTestApp(overrides);
    try {
      expect(t.app.mailer.mailbox).toBeUndefined();
      expect(t.app.hasRoute({ method: 'GET', url: '/dev/mail' })).toBe(false);
      expect((await t.app.inject({ method: 'GET', url: '/dev/mail' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
