import { PRODUCT_NAME } from '@kora/contracts';

const plural = (count: number, one: string, other: string) => `${count.toLocaleString('en-NG')} ${count === 1 ? one : other}`;
const minutes = (count: number) => plural(count, 'minute', 'minutes');
const hours = (count: number) => plural(count, 'hour', 'hours');
const days = (count: number) => plural(count, 'day', 'days');

// Dates in UTC, named as such: Kora keeps no time zone per listener (as the billing notices do).
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
});

/**
 * Every word of Kora's e-mails in English, grouped by e-mail. A translation is another object of
 * this shape (its own plurals and date format included); the templates only pick strings and
 * never build sentences themselves.
 */
export const en = {
  lang: 'en',
  dateTime: (date: Date) => dateTimeFormat.format(date),
  layout: {
    greeting: (name: string) => `Hi ${name},`,
    greetingWithoutName: 'Hi,',
    signOff: `The ${PRODUCT_NAME} team`,
    linkFallback: 'If the button does not work, copy this link into your browser:',
    footer: `You are receiving this e-mail because it is the address of a ${PRODUCT_NAME} account. ${PRODUCT_NAME} will never ask for your password by e-mail.`,
  },
  passwordReset: {
    subject: `Reset your ${PRODUCT_NAME} password`,
    preview: 'Choose a new password with the link inside.',
    heading: 'Reset your password',
    intro: `We received a request to reset the password of your ${PRODUCT_NAME} account.`,
    action: 'Choose a new password',
    expiry: (validMinutes: number) => `The link works within ${minutes(validMinutes)}.`,
    notYou: 'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
  },
  emailConfirmation: {
    subject: `Confirm your e-mail address for ${PRODUCT_NAME}`,
    preview: 'One tap to confirm this address.',
    heading: 'Confirm your e-mail address',
    intro: (address: string) => `Please confirm that ${address} is the e-mail address of your ${PRODUCT_NAME} account.`,
    action: 'Confirm my address',
    expiry: (validHours: number) => `The link works within ${hours(validHours)}.`,
    notYou: `If you did not create a ${PRODUCT_NAME} account or add this address, you can ignore this e-mail.`,
  },
  emailChanged: {
    subject: `Your ${PRODUCT_NAME} e-mail address is being changed`,
    preview: 'Your account is moving to another e-mail address.',
    heading: 'Your e-mail address is being changed',
    intro: (newAddress: string) =>
      `We received a request to change the e-mail address of your ${PRODUCT_NAME} account to ${newAddress}. It takes effect once it is confirmed from that address; this address then no longer receives our e-mails.`,
    notYou: 'If you did not ask for this, undo it now: your account keeps this address (or gets it back) and every device is signed out. Then choose a new password.',
    action: 'Undo this change',
    expiry: (validDays: number) => `The link works within ${days(validDays)}.`,
  },
  newSignIn: {
    subject: `New sign-in to ${PRODUCT_NAME}`,
    preview: 'Your account was just signed in to.',
    heading: 'New sign-in to your account',
    intro: `Your ${PRODUCT_NAME} account was just signed in to.`,
    when: 'When',
    device: 'Device',
    address: 'IP address',
    itWasYou: 'If this was you, there is nothing to do.',
    notYou: 'If it was not you, change your password now and turn on two-factor authentication.',
    action: 'Review security settings',
  },
  passwordChanged: {
    subject: `Your ${PRODUCT_NAME} password was changed`,
    preview: 'The password of your account was just changed.',
    heading: 'Your password was changed',
    intro: (at: string) => `The password of your ${PRODUCT_NAME} account was changed on ${at}.`,
    notYou: 'If you did not change it, reset your password now with the link below.',
    action: 'Reset my password',
  },
  dataExportReady: {
    subject: `Your ${PRODUCT_NAME} data is ready to download`,
    preview: 'The copy of your data you asked for is ready.',
    heading: 'Your data is ready',
    intro: `The copy of your ${PRODUCT_NAME} data you asked for is ready to download.`,
    action: 'Download my data',
    expiry: (until: string) => `The link works until ${until}; after that, ask for a new copy in Settings.`,
  },
  accountDeleted: {
    subject: `Your ${PRODUCT_NAME} account is being deleted`,
    preview: 'Sign in within 7 days to keep it.',
    heading: 'Your account is being deleted',
    intro: (at: string) =>
      `You asked us to delete your ${PRODUCT_NAME} account on ${at}. You are signed out everywhere, your uploads are taken down, and your playlists and profile are out of view.`,
    undo: (until: string) =>
      `Changed your mind? Sign in with your e-mail address and password before ${until} and your account comes back as it was. After that it is deleted for good, with your playlists, likes, plays and uploads, and cannot be brought back.`,
    action: 'Sign in to keep my account',
    final: 'Unless you sign in again, this is the last e-mail we send to this address.',
  },
};

export type MailStrings = typeof en;
