import { z } from 'zod';
import { playlistSchema, songSchema } from './catalogue.js';

/** Quick picks on Home: a 2x3 grid on a phone, 3x2 on a wide screen. */
export const HOME_QUICK_PICKS = 6;
/** Two rows of five on a wide screen: enough to choose from without burying the rest of the page. */
export const HOME_TRENDING_LIMIT = 10;
/** The listener's own playlists Home shows; the Library lists them all. */
export const HOME_OWN_PLAYLISTS_LIMIT = 6;
/** Starter picks for a listener with little history: this many trending songs, then editorial playlists to make six. */
export const HOME_STARTER_SONGS = 4;
/** One page of 'Browse all': whole rows at 2, 3, 4 and 6 columns. */
export const BROWSE_PAGE_SIZE = 12;
export const BROWSE_PAGE_MAX = 60;

/** A song or a playlist, where Home offers either (quick picks, the hero). */
export const homePickSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('song'), song: songSchema }),
  z.object({ kind: z.literal('playlist'), playlist: playlistSchema }),
]);
export type HomePick = z.infer<typeof homePickSchema>;

/** ?limit=&cursor= of GET /api/songs/browse: the cursor is the nextCursor of the page before. */
export const songPageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(BROWSE_PAGE_MAX, `limit must be at most ${BROWSE_PAGE_MAX}`)
    .default(BROWSE_PAGE_SIZE),
  cursor: z
    .string()
    .regex(/^[1-9]\d{0,15}$/, 'cursor must be the nextCursor of an earlier page')
    .transform(Number)
    .optional(),
});
export type SongPageQuery = z.input<typeof songPageQuerySchema>;

/** One page of the catalogue, newest first; nextCursor is null on the last page. */
export const songPageSchema = z.object({ songs: z.array(songSchema), nextCursor: z.string().nullable() });
export type SongPage = z.infer<typeof songPageSchema>;

/** GET /api/home: everything Home's first screen and shelves show, in one answer. */
export const homeSchema = z.object({
  /** The listener's last plays, one per song, latest first. */
  recentlyPlayed: z.array(songSchema).max(HOME_QUICK_PICKS),
  /** Trending songs and editorial playlists to start from while recentlyPlayed cannot fill the quick picks; else empty. */
  starterPicks: z.array(homePickSchema).max(HOME_QUICK_PICKS),
  /** The editorial playlist of the day, or the top trending song when no editorial playlist has songs. */
  hero: homePickSchema.nullable(),
  trending: z.array(songSchema).max(HOME_TRENDING_LIMIT),
  editorialPlaylists: z.array(playlistSchema),
  ownPlaylists: z.array(playlistSchema).max(HOME_OWN_PLAYLISTS_LIMIT),
  /** The first page of 'Browse all'; later pages from GET /api/songs/browse?cursor=. */
  browse: songPageSchema,
});
export type Home = z.infer<typeof homeSchema>;
