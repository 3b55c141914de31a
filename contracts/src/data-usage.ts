import { z } from 'zod';
import type { AudioCodec } from './constants.js';

/**
 * What the server counts, per listener and device (issue 16): song streams, downloads, previews
 * relayed by the audio proxy, and images (covers and artist pictures).
 */
export const DATA_USAGE_KINDS = ['stream', 'download', 'preview', 'cover'] as const;
export type DataUsageKind = (typeof DATA_USAGE_KINDS)[number];

/** The monthly data limit a listener may set, in megabytes; the users table checks the same range. */
export const DATA_LIMIT_MB = { min: 50, max: 1_000_000 } as const;
/** Share of the monthly limit at which the app warns; at the whole of it, it streams the extreme saver. */
export const DATA_LIMIT_NOTICE_SHARE = 0.8;
/** Megabytes as the app shows them (1024 × 1024 bytes), so a 500 MB limit is what the meter calls 500 MB. */
export const BYTES_PER_MB = 1024 * 1024;

/** The quality label of audio a listener was sent: the rendition ('opus-48', 'mp3-128') or the original upload. */
export type AudioQualityLabel = `${AudioCodec}-${number}` | 'original';

export function renditionQualityLabel(rendition: { codec: AudioCodec; bitrateKbps: number } | undefined): AudioQualityLabel {
  return rendition ? `${rendition.codec}-${rendition.bitrateKbps}` : 'original';
}

/** The UTC day ('2025-07-14') the meter counts a moment in: the same day on every server and device. */
export function usageDayOf(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}

/** The UTC month ('2025-07') a moment falls in: the month the limit counts, and the extreme saver lasts. */
export function usageMonthOf(moment: Date): string {
  return moment.toISOString().slice(0, 7);
}

const bytes = z.number().int().nonnegative();

/** One listener's (or one device's) figures, in bytes. */
export const dataUsageFiguresSchema = z.object({
  today: bytes,
  thisMonth: bytes,
  lastMonth: bytes,
  /** This month's audio (streams and downloads) by rendition, largest first. */
  byQuality: z.array(z.object({ quality: z.string(), bytes })),
  /** This month by kind, largest first; kinds with nothing sent are left out. */
  byKind: z.array(z.object({ kind: z.enum(DATA_USAGE_KINDS), bytes })),
});
export type DataUsageFigures = z.infer<typeof dataUsageFiguresSchema>;

/** GET /api/data-usage, and the answer to PUT /api/data-usage/limit. */
export const dataUsageSchema = z.object({
  /** The UTC day the figures call today, YYYY-MM-DD. */
  day: z.string(),
  /** The UTC month they call this month, YYYY-MM. */
  month: z.string(),
  account: dataUsageFiguresSchema,
  /** The same figures for the device that asked (its device cookie). */
  device: dataUsageFiguresSchema,
  /** The monthly limit in megabytes; null is no limit. */
  limitMb: z.number().int().nullable(),
});
export type DataUsage = z.infer<typeof dataUsageSchema>;

const LIMIT_MESSAGE = `limitMb must be a whole number of megabytes from ${DATA_LIMIT_MB.min} to ${DATA_LIMIT_MB.max}, or null for no limit`;

/** PUT /api/data-usage/limit. */
export const dataLimitRequestSchema = z.object(
  {
    limitMb: z
      .number({ error: LIMIT_MESSAGE })
      .int(LIMIT_MESSAGE)
      .min(DATA_LIMIT_MB.min, LIMIT_MESSAGE)
      .max(DATA_LIMIT_MB.max, LIMIT_MESSAGE)
      .nullable(),
  },
  { error: 'The body must be {"limitMb": number | null}' },
);
export type DataLimitRequest = z.infer<typeof dataLimitRequestSchema>;
