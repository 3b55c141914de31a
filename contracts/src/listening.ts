import { z } from 'zod';
import { OPTIONAL_CODECS, STREAM_QUALITIES } from './constants.js';

/**
 * POST /api/songs/{id}/play. The body may be absent (spec section 7: "or no body in one view").
 * minutesPlayed is what the player heard; the server credits it only as far as the clock allows.
 */
export const recordPlayRequestSchema = z
  .object({
    minutesPlayed: z
      .number({ error: 'minutesPlayed must be a number' })
      .min(0, 'minutesPlayed must not be negative')
      .max(24 * 60, 'minutesPlayed is too large'),
  })
  .partial();
export type RecordPlayRequest = z.infer<typeof recordPlayRequestSchema>;

export const recordPlayResponseSchema = z.object({
  recorded: z.boolean(),
  playCount: z.number().int(),
  /**
   * Seconds credited to the listener: never more than the song's length, nor than has passed since
   * their last counted play. 0 when the report is not counted (recorded: false).
   */
  secondsCounted: z.number().int(),
});
export type RecordPlayResponse = z.infer<typeof recordPlayResponseSchema>;

export const streamQuerySchema = z.object({
  quality: z.enum(STREAM_QUALITIES, { error: `quality must be one of ${STREAM_QUALITIES.join(', ')}` }).default('auto'),
  /** What the player plays beside MP3, comma-separated (codecs=opus); MP3 only when absent. */
  codecs: z
    .string()
    .optional()
    .transform((value, context) => {
      const codecs = value ? value.split(',') : [];
      const unknown = codecs.filter((codec) => !(OPTIONAL_CODECS as readonly string[]).includes(codec));
      if (unknown.length > 0) {
        context.addIssue({ code: 'custom', message: `codecs must be a comma-separated list of ${OPTIONAL_CODECS.join(', ')}` });
        return z.NEVER;
      }
      return new Set(codecs as OptionalCodec[]);
    }),
});
export type OptionalCodec = (typeof OPTIONAL_CODECS)[number];
export type StreamQuality = (typeof STREAM_QUALITIES)[number];
