import { z } from 'zod';
import { currentPasswordSchema } from './auth.js';
import {
  BILLING_PERIOD_PATTERN,
  NOTIFICATION_ACTIONS,
  PAYMENT_METHOD_TYPES,
  SIGN_IN_EXPIRED_MESSAGE,
  SUBSCRIPTION_PLANS,
  SUBSCRIPTION_RENEWALS,
  SUBSCRIPTION_STATUSES,
  SUPPORT_MESSAGE_MAX_LENGTH,
  TRANSACTION_STATUSES,
  TWO_FACTOR_CODE_LENGTH,
} from './constants.js';

/* ---------- Notifications (spec sections 2, 3, 7) ---------- */

export const notificationSchema = z.object({
  id: z.number().int(),
  /** What raised it: welcome, release-live, release-rejected, subscription, two-factor. */
  kind: z.string(),
  title: z.string(),
  message: z.string(),
  /** What the listener can do from it (NOTIFICATION_ACTION_LABELS names the button); null for news. */
  action: z.enum(NOTIFICATION_ACTIONS).nullable(),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/notifications/unread-count */
export const unreadCountSchema = z.object({ count: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** POST /api/notifications/mark-all-read */
export const markAllReadResponseSchema = z.object({ updated: z.number().int() });
export type MarkAllReadResponse = z.infer<typeof markAllReadResponseSchema>;

/* ---------- Stats (spec section 3) ---------- */

export const userStatsSchema = z.object({
  totalPlayCount: z.number().int(),
  minutesStreamed: z.number().int(),
  songsLiked: z.number().int(),
  playlistsCreated: z.number().int(),
  followingCount: z.number().int(),
  /** Listeners following the artists this user created by uploading. */
  followersCount: z.number().int(),
});
export type UserStats = z.infer<typeof userStatsSchema>;

/* ---------- Artist follow ---------- */

/** GET, POST and DELETE /api/artists/{id}/follow */
export const followStateSchema = z.object({ isFollowing: z.boolean() });
export type FollowState = z.infer<typeof followStateSchema>;

/* ---------- Profile ---------- */

const optionalTrimmed = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional();

/**
 * PATCH /api/user/profile. Every field optional; an empty or unchanged value changes nothing
 * (spec section 5), except bio and phone, which an empty string clears. A new e-mail address also
 * needs currentPassword: the server asks for it only then, since only it knows the stored address.
 */
export const updateProfileRequestSchema = z
  .object({
    firstName: optionalTrimmed('First name', 100),
    lastName: optionalTrimmed('Last name', 100),
    email: z
      .string({ error: 'Email must be text' })
      .trim()
      .max(254, 'Email is too long')
      .transform((value) => value.toLowerCase())
      .pipe(z.union([z.literal(''), z.email({ error: 'Please enter a valid email address' })]))
      .optional(),
    bio: optionalTrimmed('Bio', 500),
    phone: z
      .string({ error: 'Phone must be text' })
      .trim()
      .regex(/^(\+?[0-9][0-9 ()-]{5,19})?$/, 'Please enter a valid phone number')
      .optional(),
    currentPassword: currentPasswordSchema.optional(),
  })
  .strict();
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

/* ---------- Two-factor (spec sections 2, 4, 5, 7) ---------- */

const totpCode = z
  .string({ error: 'Please enter the 6-digit code.' })
  .regex(new RegExp(`^\\d{${TWO_FACTOR_CODE_LENGTH}}$`), 'Please enter the 6-digit code.');

export const twoFactorStatusSchema = z.object({ enabled: z.boolean() });
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** POST /api/auth/2fa/setup */
export const twoFactorSetupSchema = z.object({
  /** Base32 secret, the one the server keeps as pending until verify. */
  tempSecret: z.string(),
  /** Shown once; the server keeps only their hashes. */
  backupCodes: z.array(z.string()),
  /** The otpauth:// URI as a PNG data URL. */
  qrCode: z.string(),
  /** The secret grouped in fours for typing. */
  manualEntryKey: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** POST /api/auth/2fa/verify: the server checks tempSecret is the one it issued to this user. */
export const twoFactorVerifyRequestSchema = z.object({
  token: totpCode,
  tempSecret: z.string({ error: 'tempSecret is required' }).min(1, 'tempSecret is required').max(128),
  backupCodes: z.array(z.string().max(32)).max(20).optional(),
  currentPassword: currentPasswordSchema,
});
export type TwoFactorVerifyRequest = z.infer<typeof twoFactorVerifyRequestSchema>;

/** POST /api/auth/2fa/disable */
export const twoFactorDisableRequestSchema = z.object({ token: totpCode, currentPassword: currentPasswordSchema });
export type TwoFactorDisableRequest = z.infer<typeof twoFactorDisableRequestSchema>;

/**
 * POST /api/auth/login answers this (and sets no session) when the account has two-factor on;
 * the sign-in finishes at POST /api/auth/login/2fa.
 */
export const loginChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
});
export type LoginChallenge = z.infer<typeof loginChallengeSchema>;

/** POST /api/auth/login/2fa: a 6-digit code from the app, or one unused backup code. */
export const loginSecondStepRequestSchema = z.object({
  challenge: z.string({ error: SIGN_IN_EXPIRED_MESSAGE }).min(1).max(128),
  code: z
    .string({ error: 'Please enter your code.' })
    .trim()
    .min(1, 'Please enter your code.')
    .max(32, 'That code is not valid.'),
});
export type LoginSecondStepRequest = z.infer<typeof loginSecondStepRequestSchema>;

/* ---------- Subscription and billing (spec sections 3, 4, 9) ---------- */

export const subscriptionSchema = z.object({
  subscriptionPlan: z.enum(SUBSCRIPTION_PLANS),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
  /** ISO date-time; null on the free plan. */
  nextBillingDate: z.string().nullable(),
  paymentMethodType: z.enum(PAYMENT_METHOD_TYPES),
  /** The real card's last 4 digits from the payment provider; null when no card is on file. */
  paymentMethodLast4: z.string().nullable(),
  /** The card's brand ('visa', 'mastercard', 'verve'); null when no card is on file. */
  paymentMethodBrand: z.string().nullable(),
  /** 'provider': a card subscription that renews by itself; 'none': a pass that ends; 'local': no payment provider. */
  renewal: z.enum(SUBSCRIPTION_RENEWALS),
  /** Past due: Premium lasts until then unless the renewal is paid. */
  graceEndsAt: z.string().nullable(),
  /** What the listener gets now: a canceled premium keeps premium until its billing date. */
  effectivePlan: z.enum(SUBSCRIPTION_PLANS),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/**
 * POST /api/user/subscription: the fields of spec section 7. The server decides: it accepts only an
 * allowed transition, and checks that the dates and amounts a client sends are the ones it would set.
 */
export const subscriptionUpdateRequestSchema = z
  .object({
    subscriptionPlan: z.enum(SUBSCRIPTION_PLANS, { error: `subscriptionPlan must be one of ${SUBSCRIPTION_PLANS.join(', ')}` }),
    subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES, { error: `subscriptionStatus must be one of ${SUBSCRIPTION_STATUSES.join(', ')}` }),
    nextBillingDate: z.string({ error: 'nextBillingDate must be an ISO date-time or null' }).nullable(),
    paymentMethodType: z.enum(PAYMENT_METHOD_TYPES, { error: `paymentMethodType must be one of ${PAYMENT_METHOD_TYPES.join(', ')}` }),
    paymentMethodLast4: z.string({ error: 'paymentMethodLast4 must be text or null' }).nullable(),
  })
  .partial()
  .strict();
export type SubscriptionUpdateRequest = z.infer<typeof subscriptionUpdateRequestSchema>;

export const transactionSchema = z.object({
  id: z.number().int(),
  /** Minor units: 300000 is ₦3,000. */
  amount: z.number().int(),
  currency: z.string(),
  transactionType: z.string(),
  /** success, pending, failed or refunded. */
  status: z.enum(TRANSACTION_STATUSES),
  billingPeriod: z.string(),
  /** The payment provider's reference; null for the server's own pending charges. */
  reference: z.string().nullable(),
  /** card, bank_transfer or ussd; null when nothing was paid through a provider. */
  channel: z.string().nullable(),
  paidAt: z.string().nullable(),
  /** The end of the Premium term it paid for. */
  periodEnd: z.string().nullable(),
  createdAt: z.string(),
});
export type Transaction = z.infer<typeof transactionSchema>;

/** POST /api/user/transactions: only the premium charge the server would create itself. */
export const createTransactionRequestSchema = z
  .object({
    amount: z.number().int(),
    currency: z.string(),
    transactionType: z.string(),
    status: z.string(),
    billingPeriod: z.string().regex(BILLING_PERIOD_PATTERN, 'billingPeriod must be YYYY-MM'),
  })
  .strict();
export type CreateTransactionRequest = z.infer<typeof createTransactionRequestSchema>;

/* ---------- Support (spec sections 5, 9) ---------- */

/** POST /api/support/requests: goes ahead only with some text (spec section 5). */
export const supportRequestSchema = z.object({
  message: z
    .string({ error: 'Please tell us how we can help.' })
    .trim()
    .min(1, 'Please tell us how we can help.')
    .max(SUPPORT_MESSAGE_MAX_LENGTH, `Please keep your message under ${SUPPORT_MESSAGE_MAX_LENGTH} characters.`),
});
export type SupportRequest = z.infer<typeof supportRequestSchema>;

export const supportRequestReceiptSchema = z.object({ id: z.number().int(), createdAt: z.string() });
export type SupportRequestReceipt = z.infer<typeof supportRequestReceiptSchema>;
