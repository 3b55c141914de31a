import { z } from 'zod';
import { SONG_SOURCES } from './constants.js';

/** Entity shapes of spec section 3. Local ids are numbers, external ids strings. */
export const songSourceSchema = z.enum(SONG_SOURCES);
export type SongSource = z.infer<typeof songSourceSchema>;

export const artistSchema = z.object({
  id: z.union([z.number().int(), z.string()]),
  name: z.string(),
  bio: z.string().nullable().optional(),
  imageUrl: z.string().nullable().optional(),
  deezerId: z.string().nullable().optional(),
  /**
   * GET /api/artists/{id}: the listener whose profile this is (their uploads made it, and only theirs
   * are credited to it), or null for the catalogue's own artists. A listener's "Burna Boy" is not the catalogue's.
   */
  owner: z.object({ id: z.number().int(), name: z.string() }).nullable().optional(),
  /**
   * GET /api/artists/{id} of a library artist: how many songs /songs?role=own and /songs?role=featured
   * hold, so the page can say it while it lists a page at a time. A catalogue's artist has none.
   */
  songCount: z.number().int().optional(),
  featuredSongCount: z.number().int().optional(),
});
export type Artist = z.infer<typeof artistSchema>;

export const albumSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  coverUrl: z.string().nullable(),
  /** The cover's average colour ('#rrggbb'): the placeholder shown until the cover loads; null when unknown. Always sent by the server. */
  coverColor: z.string().nullable().optional(),
  releaseYear: z.number().int().nullable(),
  description: z.string().nullable().optional(),
  artist: z.object({ id: z.number().int(), name: z.string() }),
});
export type Album = z.infer<typeof albumSchema>;

export const songSchema = z.object({
  id: z.union([z.number().int(), z.string()]),
  title: z.string(),
  artist: artistSchema.pick({ id: true, name: true, imageUrl: true, deezerId: true }),
  album: z.object({ id: z.number().int(), title: z.string(), coverUrl: z.string().nullable() }).nullable(),
  coverArtUrl: z.string().nullable(),
  /** coverArtUrl's average colour ('#rrggbb'), the placeholder until it loads; null when unknown (external covers). Always sent by the server. */
  coverColor: z.string().nullable().optional(),
  fileUrl: z.string().nullable(),
  duration: z.number().nullable(),
  isExternal: z.boolean(),
  isPreview: z.boolean(),
  externalId: z.string().nullable(),
  deezerId: z.string().nullable(),
  playCount: z.number().int(),
  /**
   * Decibels the player applies toward -14 LUFS ("Normalize volume"), never taking the song's measured
   * true peak past -1 dBTP; null for external songs and songs not measured yet (played as they are).
   */
  trackGainDb: z.number().nullable(),
  isFeatured: z.boolean().optional(),
  /** "ft." credits in billing order, for local songs that credit other artists. */
  featuredArtists: z.array(z.object({ id: z.number().int(), name: z.string() })).optional(),
  source: songSourceSchema,
});
export type Song = z.infer<typeof songSchema>;

export const playlistSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  coverUrl: z.string().nullable(),
  /** The cover's average colour ('#rrggbb'): the placeholder shown until the cover loads; null when unknown. Always sent by the server. */
  coverColor: z.string().nullable().optional(),
  isEditorial: z.boolean(),
  /** The creator's name ("Created by …"): the owner's, or the editors' for editorial playlists. */
  createdBy: z.string(),
  /** The signed-in listener owns it: only then may they edit it, delete it or change its songs. */
  isOwner: z.boolean(),
  /** All its songs, including those on later pages. */
  songCount: z.number().int(),
  /** GET /api/playlists/{id}: the first page of songs in order; later pages from /api/playlists/{id}/songs. */
  songs: z.array(songSchema).optional(),
});
export type Playlist = z.infer<typeof playlistSchema>;
