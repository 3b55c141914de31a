import { z } from 'zod';
import { DATA_LIMIT_MB, DATA_USAGE_KINDS } from './data-usage-units.js';

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
