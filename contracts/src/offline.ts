import { z } from 'zod';
import { DOWNLOAD_QUALITIES, OFFLINE_PLAYS_BATCH_MAX } from './constants.js';

/** POST /api/offline/licence: the signed licence (offline-licence.ts) and when it ends. */
export const offlineLicenceResponseSchema = z.object({
  licence: z.string(),
  /** ISO 8601. */
  expiresAt: z.string(),
});
export type OfflineLicenceResponse = z.infer<typeof offlineLicenceResponseSchema>;

/** GET /api/offline/licence-key: the public key licences are verified with, as a JWK. */
export const offlineLicenceKeySchema = z.object({
  kty: z.literal('EC'),
  crv: z.literal('P-256'),
  x: z.string(),
  y: z.string(),
});


/** GET /api/songs/{id}/download?quality=. */
export const downloadQuerySchema = z.object({
  quality: z.enum(DOWNLOAD_QUALITIES, { error: `quality must be one of ${DOWNLOAD_QUALITIES.join(', ')}` }).default('high'),
});


/** How far ahead of the server's clock a device's playedAt may be and still count as now. */
export const OFFLINE_PLAY_CLOCK_SKEW_MINUTES = 5;

export const offlinePlaySchema = z.object({
  /** Made by the device when the play is kept: sending it again is recognized as the same play. */
  clientId: z.uuid({ error: 'clientId must be a UUID' }),
  songId: z.number({ error: 'songId must be a number' }).int('songId must be a whole number').positive('songId must be positive'),
  /** When the listening ended (as an online report is sent then), ISO 8601 with a time zone. */
  playedAt: z.iso.datetime({ offset: true, error: 'playedAt must be an ISO 8601 date and time' }),
  secondsPlayed: z
    .number({ error: 'secondsPlayed must be a number' })
    .min(0, 'secondsPlayed must not be negative')
    .max(24 * 60 * 60, 'secondsPlayed is too large'),
});
export type OfflinePlay = z.infer<typeof offlinePlaySchema>;

/** POST /api/plays/offline. */
export const offlinePlaysRequestSchema = z.object({
  plays: z
    .array(offlinePlaySchema, { error: 'plays must be a list' })
    .min(1, 'plays must hold at least one play')
    .max(OFFLINE_PLAYS_BATCH_MAX, `plays must hold at most ${OFFLINE_PLAYS_BATCH_MAX} plays`),
});
export type OfflinePlaysRequest = z.infer<typeof offlinePlaysRequestSchema>;

/**
 * recorded: counted now. duplicate: this clientId was already recorded for the listener (nothing
 * changed). not-counted: valid but not a play (under 30 seconds, or the listener's other plays
 * leave no room for it). rejected: out of bounds or not a library song; never worth resending.
 */
export const OFFLINE_PLAY_STATUSES = ['recorded', 'duplicate', 'not-counted', 'rejected'] as const;
export type OfflinePlayStatus = (typeof OFFLINE_PLAY_STATUSES)[number];

export const offlinePlayResultSchema = z.object({
  clientId: z.string(),
  status: z.enum(OFFLINE_PLAY_STATUSES),
  message: z.string().optional(),
});
export type OfflinePlayResult = z.infer<typeof offlinePlayResultSchema>;

/** One result per play, in the request's order. */
export const offlinePlaysResponseSchema = z.object({ results: z.array(offlinePlayResultSchema) });
export type OfflinePlaysResponse = z.infer<typeof offlinePlaysResponseSchema>;
