import nodemailer from 'nodemailer';
import type { MailAddress } from './mail-address.js';
import { type Mailer, MailRefused, messageIdOf } from './mailer.js';

/**
 * Sends through the SMTP server of SMTP_URL (`smtp://user:pass@host:587`, upgraded with STARTTLS
 * when the server offers it, or `smtps://…:465`). One connection per e-mail: Kora sends a few, and
 * a connection left open would only be dropped by the server between them.
 */
export function createSmtpMailer({ url, from }: { url: string; from: MailAddress }): Mailer {
  const transport = nodemailer.createTransport({
    url,
    // Well inside a job's lease, so a server that stops answering fails the attempt instead of holding it.
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
    // Every e-mail is built from strings alone: nodemailer never reads a file or a URL into one,
    // and a message with more than its one recipient is refused whatever its To: says.
    disableFileAccess: true,
    disableUrlAccess: true,
    maxRecipients: 1,
  });
  return {
    from,
    mailbox: undefined,
    async send(mail, signal) {
      const messageId = messageIdOf(mail, from);
      try {
        await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, messageId, signal });
      } catch (error) {
        if (isRecipientRefusedForGood(error)) throw new MailRefused((error as Error & { response: string }).response);
        throw error;
      }
      return { messageId };
    },
  };
}

function isRecipientRefusedForGood(error: unknown): boolean {
  const failure = error as { command?: unknown; permanent?: unknown; response?: unknown };
  return failure.command === 'RCPT TO' && failure.permanent === true && typeof failure.response === 'string';
}
