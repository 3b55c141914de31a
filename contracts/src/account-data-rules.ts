/* ---------- Your data (Settings → Your data): constants and messages, without zod ---------- */

/** How long the e-mailed link to a data export works. */
export const DATA_EXPORT_LINK_HOURS = 24;
/** How long a deleted account can still be brought back by signing in. */
export const ACCOUNT_DELETION_GRACE_DAYS = 7;
/** The page the export's e-mailed link opens: `${origin}/account/export#token=…`, for the signed-in owner only. */
export const DATA_EXPORT_PAGE = '/account/export';
export const DATA_EXPORT_TOKEN_PARAM = 'token';

export const DATA_EXPORT_REQUESTED_MESSAGE = 'We are preparing a copy of your data. We will e-mail you a link when it is ready.';
export const DATA_EXPORT_BUSY_MESSAGE = 'A copy of your data is already being prepared. We will e-mail you when it is ready.';
export const DATA_EXPORT_NOT_VALID_MESSAGE = 'This download link is not valid. Open the newest link we sent you, or ask for a new copy in Settings.';
export const DATA_EXPORT_USED_MESSAGE = 'This download link has already been used. Ask for a new copy in Settings.';
export const DATA_EXPORT_EXPIRED_MESSAGE = 'This download link has expired. Ask for a new copy in Settings.';
/** Made for another account: refused, and the link stays usable by its owner. */
export const DATA_EXPORT_FOREIGN_MESSAGE =
  'This download link was made for another account. Sign out, then sign in to the account it was sent to.';

export const DELETION_CODE_REQUIRED_MESSAGE = 'Enter the 6-digit code from your authenticator app, or a backup code.';
