/**
 * The account's e-mail links (issue 18): a forgotten password, the address confirmed, the address
 * changed. Kept apart from their zod schemas (account-email.ts) so the app's first script can show
 * the unconfirmed-address banner without carrying zod.
 */

/** How long each link works. */
export const PASSWORD_RESET_VALID_MINUTES = 30;
export const EMAIL_CONFIRMATION_VALID_HOURS = 24;
/** The link to the new address, which applies a change of address. */
export const EMAIL_CHANGE_VALID_HOURS = 24;
/** The link to the old address, which undoes a change: long enough to notice a change one did not make. */
export const EMAIL_CHANGE_UNDO_VALID_DAYS = 7;

/** The app's pages the links open; the token follows in the fragment (#token=…), which no server ever receives. */
export const ACCOUNT_LINK_PAGES = {
  resetPassword: '/reset-password',
  confirmEmail: '/confirm-email',
  changeEmail: '/change-email',
  undoEmailChange: '/undo-email-change',
  forgotPassword: '/forgot-password',
} as const;
export const LINK_TOKEN_PARAM = 'token';

/** Forgot password answers this whatever the address, so it never tells whether an account uses it. */
export const PASSWORD_RESET_REQUESTED_MESSAGE =
  'If an account uses that address, we have sent it a link to choose a new password. Check your inbox and spam folder.';
export const PASSWORD_RESET_DONE_MESSAGE = 'Your password has been changed and every device signed out. Log in with your new password.';

export const LINK_NOT_VALID_MESSAGE = 'This link is not valid. Open the newest link we sent you, or ask for a new one.';
export const LINK_EXPIRED_MESSAGE = 'This link has expired. Please ask for a new one.';
export const LINK_USED_MESSAGE = 'This link has already been used.';
/** The account's address changed after the link was sent: it no longer speaks for the account. */
export const LINK_OUTDATED_MESSAGE = 'This link was sent to an address your account no longer uses.';
export const LINK_FOREIGN_MESSAGE = 'This link was made for another account. Sign out, then open it again.';

/** Uploads and payments answer this (403) until the account's address is confirmed. */
export const EMAIL_CONFIRMATION_NEEDED_MESSAGE =
  'Please confirm your e-mail address first: open the link we sent you, or ask for a new one.';
export const CONFIRMATION_SENT_MESSAGE = 'We have sent you a new link. Check your inbox.';
export const EMAIL_ALREADY_CONFIRMED_MESSAGE = 'Your e-mail address is already confirmed.';
/** Too many links asked for one account or address: said only to a signed-in listener (forgot password stays silent). */
export const TOO_MANY_LINKS_MESSAGE = 'We have sent several links already. Please wait a few minutes before asking for another.';
