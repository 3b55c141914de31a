import type { MailAddress } from './mail-address.js';
import { createDevMailbox, type Mailer, type MailLog, messageIdOf } from './mailer.js';

/**
 * Without SMTP_URL nothing is sent: each e-mail is written to the log instead, with its text in
 * development and tests (so a reset link can be followed on a laptop) but not in production,
 * where the log may be kept and read by others and the links are as good as passwords. In
 * development the last ones are also kept for /dev/mail.
 */
export function createLogMailer({
  from,
  log,
  withText,
  keepForDevPage,
}: {
  from: MailAddress;
  log: MailLog;
  withText: boolean;
  keepForDevPage: boolean;
}): Mailer {
  const mailbox = keepForDevPage ? createDevMailbox() : undefined;
  return {
    from,
    mailbox,
    async send(mail) {
      const messageId = messageIdOf(mail, from);
      const details = { to: mail.to.address, subject: mail.subject, messageId };
      if (withText) log.info({ ...details, text: mail.text }, 'E-mail not sent (SMTP_URL is not set); its text follows');
      else log.warn(details, 'E-mail not sent: SMTP_URL is not set');
      mailbox?.add({ ...mail, from, messageId, sentAt: new Date() });
      return { messageId };
    },
  };
}
