import { z } from 'zod';

/** POST /api/import/popular-music: how many chart tracks were new to the catalogue. */
export const importResponseSchema = z.object({ importedCount: z.number().int().min(0) });
export type ImportResponse = z.infer<typeof importResponseSchema>;

/** POST /api/songs/external-{trackId}/refresh-url: a preview URL that works now (spec section 7). */
export const refreshUrlResponseSchema = z.object({ success: z.literal(true), freshUrl: z.string().url() });
export type RefreshUrlResponse = z.infer<typeof refreshUrlResponseSchema>;
