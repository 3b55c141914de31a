import { describe, expect, it } from 'vitest';
import { createMailer } from './create-mailer.js';
import { createLogMailer } from './log-mailer.js';
import type { MailLog, OutgoingMail } from './mailer.js';

const from = { address: 'no-reply@kora.example', name: 'Kora' };
const mail = (n: number): OutgoingMail => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  to: { address: 'ada@example.com', name: 'Ada' },
  subject: `Mail ${n}`,
  text: `Reset: https://kora.example/reset?token=secret${n}`,
  html: `<p>${n}</p>`,
});

function capturingLog() {
  const lines: { level: string; details: object; message: string }[] = [];
  const log: MailLog = {
    info: (details, message) => lines.push({ level: 'info', details, message }),
    warn: (details, message) => lines.push({ level: 'warn', details, message }),
  };
  return { log, lines };
}

describe('the log mailer', () => {
  it('logs each e-mail with its text in development and tests, and keeps the last ones for /dev/mail', async () => {
    const { log, lines } = capturingLog();
    const mailer = createLogMailer({ from, log, withText: true, keepForDevPage: true });
    const { messageId } = await mailer.send(mail(1));
    expect(messageId).toBe('<00000000-0000-4000-8000-000000000001@kora.example>');
    expect(lines).toEqual([
      {
        level: 'info',
        details: { to: 'ada@example.com', subject: 'Mail 1', messageId, text: 'Reset: https://kora.example/reset?token=secret1' },
        message: 'E-mail not sent (SMTP_URL is not set); its text follows',
      },
    ]);
    for (let n = 2; n <= 60; n += 1) await mailer.send(mail(n));
    const kept = mailer.mailbox!.list();
    expect(kept).toHaveLength(50);
    expect(kept[0]).toMatchObject({ number: 60, subject: 'Mail 60', from, html: '<p>60</p>' });
    expect(kept.at(-1)).toMatchObject({ number: 11 });
    expect(mailer.mailbox!.find(60)?.subject).toBe('Mail 60');
    expect(mailer.mailbox!.find(10)).toBeUndefined();
  });

  it('logs no text in production, where links in logs would be as good as passwords, and keeps nothing', async () => {
    const { log, lines } = capturingLog();
    const mailer = createMailer({ env: 'production', mail: { smtpUrl: undefined, from, devMailPage: true } }, log);
    expect(mailer.mailbox).toBeUndefined();
    await mailer.send(mail(1));
    expect(lines.map((line) => line.level)).toEqual(['warn', 'warn']);
    expect(lines[0]!.message).toMatch(/^SMTP_URL is not set/);
    expect(lines[1]).toMatchObject({ details: { to: 'ada@example.com', subject: 'Mail 1' }, message: 'E-mail not sent: SMTP_URL is not set' });
    expect(JSON.stringify(lines)).not.toContain('secret1');
  });

  it('keeps a mailbox only when the settings ask for the development page', () => {
    const { log } = capturingLog();
    expect(createMailer({ env: 'development', mail: { smtpUrl: undefined, from, devMailPage: true } }, log).mailbox).toBeDefined();
    expect(createMailer({ env: 'development', mail: { smtpUrl: undefined, from, devMailPage: false } }, log).mailbox).toBeUndefined();
    expect(createMailer({ env: 'development', mail: { smtpUrl: 'smtp://127.0.0.1:2525', from, devMailPage: true } }, log).mailbox).toBeUndefined();
  });
});
