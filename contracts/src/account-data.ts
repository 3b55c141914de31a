import { z } from 'zod';

/* ---------- Your data (Settings → Your data, issue 18) ---------- */

/**
 * GET /api/account/data-export: the listener's latest copy of their data. 'preparing' while the job
 * builds it; 'ready' once the link is e-mailed (until `expiresAt`); 'downloaded' and 'expired' once
 * it is gone; 'failed' when it could not be made; 'none' before any was asked for.
 */
export const DATA_EXPORT_STATUSES = ['none', 'preparing', 'ready', 'downloaded', 'expired', 'failed'] as const;
export const dataExportStateSchema = z.object({
  status: z.enum(DATA_EXPORT_STATUSES),
  requestedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type DataExportState = z.infer<typeof dataExportStateSchema>;

/** POST /api/account/data-export/download: the token from the e-mailed link's fragment. */
export const dataExportDownloadRequestSchema = z.object({
  token: z.string({ error: 'The download link is missing its token.' }).min(1, 'The download link is missing its token.').max(200),
});
export type DataExportDownloadRequest = z.infer<typeof dataExportDownloadRequestSchema>;

/** POST /api/account/delete: the password, and with two-factor on a code (TOTP or backup code). */
export const deleteAccountRequestSchema = z.object({
  password: z.string({ error: 'Enter your password.' }).min(1, 'Enter your password.').max(1000),
  code: z.string().trim().max(20, 'That code is too long.').optional(),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

/** The answer: signed out everywhere, and deleted for good at `purgeAt` unless the listener signs in before. */
export const accountDeletionSchema = z.object({ purgeAt: z.string(), message: z.string() });
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;
