import { type MailContent, renderMail } from './layout.js';
import { en, type MailStrings } from './strings-en.js';

/**
 * The account e-mails. Each is a function of its typed facts returning { subject, text, html };
 * the words come from a MailStrings (English unless another is given), the look from layout.ts.
 */

/** The listener's first name, for the greeting. */
type Greeted = { name?: string };

export function passwordResetMail(params: Greeted & { resetUrl: string; validMinutes: number }, strings: MailStrings = en): MailContent {
  const s = strings.passwordReset;
  return renderMail(
    {
      subject: s.subject,
      preview: s.preview,
      heading: s.heading,
      name: params.name,
      blocks: [
        { kind: 'paragraph', text: s.intro },
        { kind: 'button', label: s.action, url: params.resetUrl },
        { kind: 'paragraph', text: s.expiry(params.validMinutes) },
        { kind: 'note', text: s.notYou },
      ],
    },
    strings,
  );
}

export function emailConfirmationMail(
  params: Greeted & { address: string; confirmUrl: string; validHours: number },
  strings: MailStrings = en,
): MailContent {
  const s = strings.emailConfirmation;
  return renderMail(
    {
      subject: s.subject,
      preview: s.preview,
      heading: s.heading,
      name: params.name,
      blocks: [
        { kind: 'paragraph', text: s.intro(params.address) },
        { kind: 'button', label: s.action, url: params.confirmUrl },
        { kind: 'paragraph', text: s.expiry(params.validHours) },
        { kind: 'note', text: s.notYou },
      ],
    },
    strings,
  );
}

/** Sent to the old address when a change of the account's address is asked for, with a link that undoes it. */
export function emailChangedMail(
  params: Greeted & { newAddress: string; undoUrl: string; validDays: number },
  strings: MailStrings = en,
): MailContent {
  const s = strings.emailChanged;
  return renderMail(
    {
      subject: s.subject,
      preview: s.preview,
      heading: s.heading,
      name: params.name,
      blocks: [
        { kind: 'paragraph', text: s.intro(params.newAddress) },
        { kind: 'paragraph', text: s.notYou },
        { kind: 'button', label: s.action, url: params.undoUrl },
        { kind: 'note', text: s.expiry(params.validDays) },
      ],
    },
    strings,
  );
}

export function newSignInMail(
  params: Greeted & { at: Date; device: string; ipAddress: string; securityUrl: string },
  strings: MailStrings = en,
): MailContent {
  const s = strings.newSignIn;
  return renderMail(
    {
      subject: s.subject,
      preview: s.preview,
      heading: s.heading,
      name: params.name,
      blocks: [
        { kind: 'paragraph', text: s.intro },
        {
          kind: 'facts',
          rows: [
            { label: s.when, value: strings.dateTime(params.at) },
            { label: s.device, value: params.device },
            { label: s.address, value: params.ipAddress },
          ],
        },
        { kind: 'paragraph', text: s.itWasYou },
        { kind: 'paragraph', text: s.notYou },
        { kind: 'button', label: s.action, url: params.securityUrl },
      ],
    },
    strings,
  );
}

export function passwordChangedMail(params: Greeted & { at: Date; resetUrl: string }, strings: MailStrings = en): MailContent {
  const s = strings.passwordChanged;
  return renderMail(
    {
      subject: s.subject,
      preview: s.preview,
      heading: s.heading,
      name: params.name,
      blocks: [
        { kind: 'paragraph', text: s.intro(strings.dateTime(params.at)) },
        { kind: 'paragraph', text: s.notYou },
        { kind: 'button', label: s.action, url: params.resetUrl },
      ],
    },
    strings,
  );
}

export function dataExportReadyMail(params: Greeted & { downloadUrl: string; expiresAt: Date }, strings: MailStrings = en): MailContent {
  const s = strings.dataExportReady;
  return renderMail(
    {
      subject: s.subject,
      preview: s.preview,
      heading: s.heading,
      name: params.name,
      blocks: [
        { kind: 'paragraph', text: s.intro },
        { kind: 'button', label: s.action, url: params.downloadUrl },
        { kind: 'note', text: s.expiry(strings.dateTime(params.expiresAt)) },
      ],
    },
    strings,
  );
}

/**
 * Sent as an account is deleted: when it becomes permanent, and that signing in before then undoes
 * it (features/account-data). The last e-mail to the address unless the listener comes back.
 */
export function accountDeletedMail(params: Greeted & { deletedAt: Date; permanentAt: Date; signInUrl: string }, strings: MailStrings = en): MailContent {
  const s = strings.accountDeleted;
  return renderMail(
    {
      subject: s.subject,
      preview: s.preview,
      heading: s.heading,
      name: params.name,
      blocks: [
        { kind: 'paragraph', text: s.intro(strings.dateTime(params.deletedAt)) },
        { kind: 'paragraph', text: s.undo(strings.dateTime(params.permanentAt)) },
        { kind: 'button', label: s.action, url: params.signInUrl },
        { kind: 'note', text: s.final },
      ],
    },
    strings,
  );
}
