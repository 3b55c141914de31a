import type { MailAddress } from './mail-address.js';
import type { MailContent } from './templates/layout.js';

/** One e-mail on its way out; `id` is fixed when it is queued, so every attempt sends the same Message-ID. */
export type OutgoingMail = MailContent & { id: string; to: MailAddress };

type LogFn = (details: object, message: string) => void;
export type MailLog = { info: LogFn; warn: LogFn };

/** An e-mail as the development mailbox keeps it for /dev/mail. */
export type DevMail = OutgoingMail & { number: number; from: MailAddress; messageId: string; sentAt: Date };

export type DevMailbox = {
  add(mail: Omit<DevMail, 'number'>): void;
  /** Newest first. */
  list(): readonly DevMail[];
  find(number: number): DevMail | undefined;
};

export type Mailer = {
  from: MailAddress;
  /** Sends (or, without SMTP, logs) one e-mail; resolves once the server accepted it. */
  send(mail: OutgoingMail, signal?: AbortSignal): Promise<{ messageId: string }>;
  /** The mailbox /dev/mail shows, kept only in development without SMTP. */
  mailbox: DevMailbox | undefined;
};

/** The SMTP server refused the recipient for good (a 5xx to RCPT TO): another attempt would be refused too. */
export class MailRefused extends Error {}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's mailer: the mail job's worker sends through it, /dev/mail reads its mailbox. */
    readonly mailer: Mailer;
  }
}

/** `<id@domain of MAIL_FROM>`: the same for every attempt of one e-mail, so a duplicate can be told apart. */
export function messageIdOf(mail: OutgoingMail, from: MailAddress): string {
  return `<${mail.id}@${from.address.slice(from.address.lastIndexOf('@') + 1)}>`;
}

const DEV_MAILBOX_SIZE = 50;

/** The last e-mails, in this process's memory: for one developer's laptop, never for a shared server. */
export function createDevMailbox(size = DEV_MAILBOX_SIZE): DevMailbox {
  const mails: DevMail[] = [];
  let next = 1;
  return {
    add(mail) {
      mails.unshift({ ...mail, number: next++ });
      mails.splice(size);
    },
    list: () => mails,
    find: (number) => mails.find((mail) => mail.number === number),
  };
}
