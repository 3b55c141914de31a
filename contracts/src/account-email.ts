import { z } from 'zod';
import { LINK_NOT_VALID_MESSAGE } from './account-email-rules.js';
import { emailAddressSchema, newPasswordSchema } from './auth.js';

/* The account's e-mail links (issue 18); their rules and messages are in account-email-rules.ts. */

/** POST /api/auth/password/forgot: always 202 with PASSWORD_RESET_REQUESTED_MESSAGE. */
export const forgotPasswordRequestSchema = z.object({ email: emailAddressSchema }).strict();
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

/** The token of a link, from the page's fragment; the server checks its form before anything else. */
const linkToken = z.string({ error: LINK_NOT_VALID_MESSAGE }).min(1, LINK_NOT_VALID_MESSAGE).max(128, LINK_NOT_VALID_MESSAGE);

/**
 * POST /api/auth/password/reset/check, /api/account/email/confirm, /api/account/email/change/confirm
 * and /api/account/email/change/undo: the link's token and nothing else.
 */
export const linkTokenRequestSchema = z.object({ token: linkToken }).strict();
export type LinkTokenRequest = z.infer<typeof linkTokenRequestSchema>;

/** POST /api/auth/password/reset: the link's token and the new password; nobody is signed in by it. */
export const resetPasswordRequestSchema = z.object({ token: linkToken, newPassword: newPasswordSchema }).strict();
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** The answer of a reset link's check: the account's address, for the page and password managers. */
export const passwordResetLinkSchema = z.object({ email: z.string() });
export type PasswordResetLink = z.infer<typeof passwordResetLinkSchema>;

/** What a used link did, and the account's address now. */
export const accountLinkResultSchema = z.object({ message: z.string(), email: z.string() });
export type AccountLinkResult = z.infer<typeof accountLinkResultSchema>;

/** GET /api/account/email: the address, whether it is confirmed, and a change waiting for its link. */
export const accountEmailSchema = z.object({
  email: z.string(),
  emailConfirmed: z.boolean(),
  emailConfirmationNeeded: z.boolean(),
  /** The address a change waits to move to, until its link is opened (or it expires). */
  pendingEmail: z.string().nullable(),
  pendingUntil: z.string().nullable(),
});
export type AccountEmail = z.infer<typeof accountEmailSchema>;
