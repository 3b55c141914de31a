import { describe, expect, it } from 'vitest';
import {
  accountDeletedMail,
  dataExportReadyMail,
  emailChangedMail,
  emailConfirmationMail,
  newSignInMail,
  passwordChangedMail,
  passwordResetMail,
} from './account-mails.js';
import { escapeHtml } from './html.js';
import type { MailContent } from './layout.js';
import { en, type MailStrings } from './strings-en.js';

const at = new Date('2026-03-07T13:05:00Z');
const link = 'https://kora.example/reset?token=abc&next=%2Fsettings';
const later = new Date('2026-03-14T13:05:00Z');

/** Every template with typical facts, each with its link (when it has one). */
const rendered = (strings: MailStrings = en): { name: string; mail: MailContent; url: string | undefined }[] => [
  { name: 'password reset', mail: passwordResetMail({ name: 'Ada', resetUrl: link, validMinutes: 60 }, strings), url: link },
  {
    name: 'e-mail confirmation',
    mail: emailConfirmationMail({ name: 'Ada', address: 'ada@example.com', confirmUrl: link, validHours: 24 }, strings),
    url: link,
  },
  { name: 'e-mail change', mail: emailChangedMail({ name: 'Ada', newAddress: 'new@example.com', undoUrl: link, validDays: 7 }, strings), url: link },
  {
    name: 'new sign-in',
    mail: newSignInMail({ name: 'Ada', at, device: 'Chrome on Android', ipAddress: '102.89.1.2', securityUrl: link }, strings),
    url: link,
  },
  { name: 'password changed', mail: passwordChangedMail({ name: 'Ada', at, resetUrl: link }, strings), url: link },
  { name: 'data export', mail: dataExportReadyMail({ name: 'Ada', downloadUrl: link, expiresAt: at }, strings), url: link },
  {
    name: 'account deleted',
    mail: accountDeletedMail({ name: 'Ada', deletedAt: at, permanentAt: later, signInUrl: 'https://kora.example/auth' }, strings),
    url: 'https://kora.example/auth',
  },
];

describe('account e-mails', () => {
  it.each(rendered().map((entry) => [entry.name, entry] as const))('%s has a subject, a text body and an HTML document saying the same', (_name, { mail, url }) => {
    expect(mail.subject.length).toBeGreaterThan(5);
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.text).toContain('Hi Ada,');
    expect(mail.text).toContain('The Kora team');
    expect(mail.html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(mail.html).toContain(`<title>${escapeHtml(mail.subject)}</title>`);
    expect(mail.html).toContain('Hi Ada,');
    // The product's look: the canvas, kente gold and the paper card.
    expect(mail.html).toContain('background-color:#0e0b08');
    expect(mail.html).toContain('background-color:#f5b841');
    expect(mail.html).toContain('background-color:#f7f2ea');
    if (url) {
      expect(mail.text).toContain(`\n${url}\n`);
      expect(mail.html).toContain(`href="${escapeHtml(url)}"`);
      // The link also as text under the button, for mail apps that draw no buttons.
      expect(mail.html).toContain(`>${escapeHtml(url)}</a>`);
    } else {
      expect(mail.html).not.toContain('href=');
    }
    // Every paragraph of the text body is in the HTML too.
    for (const paragraph of mail.text.split('\n\n').filter((part) => !part.includes('http') && part !== '--')) {
      for (const line of paragraph.replace(/^--\n/, '').split('\n')) {
        const [label, value] = line.includes(': ') ? line.split(': ') : [line, undefined];
        expect(mail.html).toContain(escapeHtml(label!));
        if (value) expect(mail.html).toContain(escapeHtml(value));
      }
    }
  });

  it('says what each e-mail is about', () => {
    const [reset, confirmation, change, signIn, changed, exported, deleted] = rendered().map((entry) => entry.mail);
    expect(reset).toMatchObject({ subject: 'Reset your Kora password' });
    expect(reset!.text).toContain('The link works within 60 minutes.');
    expect(confirmation!.text).toContain('Please confirm that ada@example.com is the e-mail address of your Kora account.');
    expect(confirmation!.text).toContain('The link works within 24 hours.');
    expect(change!.text).toContain('to change the e-mail address of your Kora account to new@example.com. It takes effect once it is confirmed');
    expect(change!.text).toContain('Undo this change:\n');
    expect(signIn!.text).toContain('When: 7 March 2026 at 13:05 UTC\nDevice: Chrome on Android\nIP address: 102.89.1.2');
    expect(changed!.text).toContain('was changed on 7 March 2026 at 13:05 UTC.');
    expect(exported!.text).toContain('The link works until 7 March 2026 at 13:05 UTC;');
    expect(deleted!.text).toContain('You asked us to delete your Kora account on 7 March 2026 at 13:05 UTC.');
    expect(deleted!.text).toContain('before 14 March 2026 at 13:05 UTC and your account comes back as it was');
    expect(deleted!.text).toContain('this is the last e-mail we send to this address.');
    expect(passwordResetMail({ resetUrl: link, validMinutes: 1 }).text).toContain('within 1 minute.');
  });

  it('greets no one when the name is unknown or blank', () => {
    for (const name of [undefined, '', '   ']) {
      const mail = accountDeletedMail({ name, deletedAt: at, permanentAt: later, signInUrl: link });
      expect(mail.text).toContain('\n\nHi,\n\n');
      expect(mail.html).toContain('>Hi,</p>');
    }
  });

  it('escapes what listeners typed, in the HTML only', () => {
    const name = '<img src=x onerror=alert(1)> & "Ọlá" \'Bisi\'';
    const mail = emailChangedMail({ name, newAddress: '"><script>alert(1)</script>@example.com', undoUrl: link, validDays: 7 });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('<script');
    expect(mail.html).toContain('Hi &lt;img src=x onerror=alert(1)&gt; &amp; &quot;Ọlá&quot; &#39;Bisi&#39;,');
    expect(mail.html).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;@example.com');
    expect(mail.text).toContain(`Hi ${name},`);
    const device = newSignInMail({ at, device: '</td><b>Evil</b>', ipAddress: '::1', securityUrl: link });
    expect(device.html).toContain('&lt;/td&gt;&lt;b&gt;Evil&lt;/b&gt;');
    expect(device.html).not.toContain('<b>');
  });

  it('refuses a link that is not an absolute http(s) URL', () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,hi', '/reset?token=abc', 'reset']) {
      expect(() => passwordResetMail({ resetUrl: url, validMinutes: 60 }), url).toThrow('An e-mail link must be an absolute http(s) URL.');
    }
  });

  it('takes every word from its strings, so a translation covers the whole e-mail', () => {
    // A pseudo-translation that brackets each string: any English the templates wrote themselves would show unbracketed.
    const bracket = (value: unknown): unknown => {
      if (typeof value === 'string') return `[${value}]`;
      if (typeof value === 'function') return (...args: unknown[]) => `[${(value as (...a: unknown[]) => string)(...args)}]`;
      return Object.fromEntries(Object.entries(value as object).map(([key, inner]) => [key, bracket(inner)]));
    };
    const pseudo = { ...(bracket(en) as MailStrings), lang: 'yo' };
    for (const { name, mail } of rendered(pseudo)) {
      expect(mail.subject, name).toMatch(/^\[.*\]$/);
      expect(mail.html, name).toContain('<html lang="yo">');
      const loose = mail.text
        .split('\n')
        .filter((line) => line !== '' && line !== '--' && !line.startsWith('[') && !line.startsWith('https://'));
      expect(loose, name).toEqual([]);
    }
  });
});
