import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';

describe('mail settings', () => {
  it('log e-mails from a placeholder sender without SMTP_URL', () => {
    expect(loadConfig({}).mail).toEqual({ smtpUrl: undefined, from: { address: 'no-reply@kora.invalid', name: 'Kora' }, devMailPage: false });
  });

  it('keep the /dev/mail page for development without SMTP only', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).mail.devMailPage).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).mail.devMailPage).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).mail.devMailPage).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', SMTP_URL: 'smtp://mail.example:587', MAIL_FROM: 'a@kora.example' }).mail.devMailPage).toBe(false);
  });

  it('read MAIL_FROM as a name and an address, or an address alone', () => {
    const smtp = { SMTP_URL: 'smtps://user:pass@mail.example:465', PUBLIC_ORIGIN: 'https://kora.example' };
    expect(loadConfig({ ...smtp, MAIL_FROM: 'Kora Music <No-Reply@Kora.example>' }).mail).toEqual({
      smtpUrl: 'smtps://user:pass@mail.example:465',
      from: { address: 'no-reply@kora.example', name: 'Kora Music' },
      devMailPage: false,
    });
    expect(loadConfig({ ...smtp, MAIL_FROM: '"Kora" <hello@kora.example>' }).mail.from).toEqual({ address: 'hello@kora.example', name: 'Kora' });
    expect(loadConfig({ ...smtp, MAIL_FROM: 'hello@kora.example' }).mail.from).toEqual({ address: 'hello@kora.example', name: 'Kora' });
  });

  it('refuse an SMTP server without a sender, and senders that are not one address', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example:587' })).toThrow(/MAIL_FROM: needed with SMTP_URL/);
    for (const from of ['not an address', 'Kora <a@b.example>, Evil <c@d.example>', 'Ko"ra <a@kora.example>', 'Kora <a@kora.example']) {
      expect(() => loadConfig({ MAIL_FROM: from }), from).toThrow(ConfigError);
    }
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example', MAIL_FROM: 'a@kora.example' })).toThrow(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
  });
});
