import type { Config } from '../../config.js';
import { createLogMailer } from './log-mailer.js';
import type { Mailer, MailLog } from './mailer.js';
import { createSmtpMailer } from './smtp-mailer.js';

/** The SMTP mailer when SMTP_URL is set, else the log mailer (with the /dev/mail mailbox when config asks, never in production). */
export function createMailer({ mail, env }: Pick<Config, 'mail' | 'env'>, log: MailLog): Mailer {
  if (mail.smtpUrl) return createSmtpMailer({ url: mail.smtpUrl, from: mail.from });
  if (env === 'production') log.warn({}, 'SMTP_URL is not set: e-mails, password resets included, are logged instead of sent');
  return createLogMailer({ from: mail.from, log, withText: env !== 'production', keepForDevPage: mail.devMailPage && env !== 'production' });
}
