import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './constants.js';

/** An e-mail address as Kora keeps it: trimmed and lowercased here, the one place addresses are normalized. */
export const emailAddressSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email({ error: 'Please enter a valid email address' }))
  .transform((value) => value.toLowerCase());

const requiredName = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} must be at most 100 characters`);

export const signupRequestSchema = z.object({
  email: emailAddressSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(256, 'Password must be at most 256 characters'),
  firstName: requiredName('First name'),
  lastName: requiredName('Last name'),
});
export type SignupRequest = z.infer<typeof signupRequestSchema>;

export const loginRequestSchema = z.object({
  email: emailAddressSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(256, 'Password is too long'),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  bio: z.string().nullable(),
  phone: z.string().nullable(),
  createdAt: z.string(),
  /** The address was confirmed through a link sent to it. */
  emailConfirmed: z.boolean(),
  /**
   * Unconfirmed, and this server asks for confirmation (it can send e-mail): the app shows its
   * banner, and uploads and payments wait for the confirmation.
   */
  emailConfirmationNeeded: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const CURRENT_PASSWORD_REQUIRED = 'Please enter your current password.';

/**
 * The password asked again before a change a stolen session must not make alone: a new password,
 * a new e-mail address, two-factor on or off.
 */
export const currentPasswordSchema = z
  .string({ error: CURRENT_PASSWORD_REQUIRED })
  .min(1, CURRENT_PASSWORD_REQUIRED)
  .max(256, 'Password is too long');

/** POST /api/auth/password: a signed-in listener changes their password (Settings, Password Reset). */
/** A new password, as a change or a reset sets it. */
export const newPasswordSchema = z
  .string({ error: 'Please enter a new password.' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(256, 'Password must be at most 256 characters');

export const changePasswordRequestSchema = z.object({
  currentPassword: currentPasswordSchema,
  newPassword: newPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;
