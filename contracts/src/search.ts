import { z } from 'zod';
import { artistSchema, songSchema, songSourceSchema } from './catalogue.js';
import { SEARCH_QUERY_MAX_LENGTH } from './constants.js';

export const searchQuerySchema = z.object({
  q: z
    .string({ error: 'Enter something to search for.' })
    .trim()
    .min(1, 'Enter something to search for.')
    .max(SEARCH_QUERY_MAX_LENGTH, `Searches are limited to ${SEARCH_QUERY_MAX_LENGTH} characters.`),
});

export const searchResponseSchema = z.object({
  songs: z.array(songSchema),
  artists: z.array(artistSchema),
  /** Result counts per source, for the chips. */
  sources: z.partialRecord(songSourceSchema, z.number().int()),
  /** External catalogues that could not answer this time (their results are simply missing). */
  unavailableSources: z.array(songSourceSchema),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
