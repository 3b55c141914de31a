import type { AudioCodec } from './constants.js';

/**
 * The data meter's units, kinds and calendar (issue 16), kept apart from its zod schemas so the
 * app's first script can use them without carrying zod.
 */

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
