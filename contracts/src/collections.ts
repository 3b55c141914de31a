import { z } from 'zod';
import {
  COLLECTION_PAGE_MAX,
  COLLECTION_PAGE_SIZE,
  DEFAULT_PLAYLIST_DESCRIPTION,
  PLAYLIST_DESCRIPTION_MAX_LENGTH,
  PLAYLIST_NAME_MAX_LENGTH,
  PLAYLIST_NAME_REQUIRED_MESSAGE,
} from './constants.js';

/**
 * Likes and playlists (spec sections 3, 5 and 7). Playlist create and edit are multipart; their
 * text fields are validated with these schemas after the files are taken out.
 */

const playlistName = z
  .string({ error: PLAYLIST_NAME_REQUIRED_MESSAGE })
  .trim()
  .min(1, PLAYLIST_NAME_REQUIRED_MESSAGE)
  .max(PLAYLIST_NAME_MAX_LENGTH, `Playlist name must be at most ${PLAYLIST_NAME_MAX_LENGTH} characters.`);

const playlistDescription = z
  .string({ error: 'Description must be text.' })
  .trim()
  .max(PLAYLIST_DESCRIPTION_MAX_LENGTH, `Description must be at most ${PLAYLIST_DESCRIPTION_MAX_LENGTH} characters.`);

/** POST /api/playlists text fields. createdBy is accepted (the spec's client sends 'user') but the server names the creator. */
export const createPlaylistFieldsSchema = z.object({
  name: playlistName,
  description: playlistDescription.optional().transform((value) => value || DEFAULT_PLAYLIST_DESCRIPTION),
  createdBy: z.string().max(100, 'createdBy is too long.').optional(),
});
export type CreatePlaylistFields = z.input<typeof createPlaylistFieldsSchema>;

/** PATCH /api/playlists/{id} text fields: a name, when sent, must not be blank. */
export const updatePlaylistFieldsSchema = z.object({
  name: playlistName.optional(),
  description: playlistDescription.optional(),
});
export type UpdatePlaylistFields = z.input<typeof updatePlaylistFieldsSchema>;

const localSongId = z
  .number({ error: 'songId must be the id of a song in your library.' })
  .int('songId must be the id of a song in your library.')
  .positive('songId must be the id of a song in your library.');

/** POST /api/playlists/{id}/songs: appends a song (a song is in a playlist at most once). */
export const addPlaylistSongSchema = z.object({ songId: localSongId });
export type AddPlaylistSong = z.infer<typeof addPlaylistSongSchema>;

/** PATCH /api/playlists/{id}/songs/{songId}: moves the song to this 0-based position. */
export const movePlaylistSongSchema = z.object({
  position: z
    .number({ error: 'position must be a number.' })
    .int('position must be a whole number.')
    .min(0, 'position must not be negative.'),
});
export type MovePlaylistSong = z.infer<typeof movePlaylistSongSchema>;

/** ?limit=&offset= of GET /api/liked-songs and GET /api/playlists/{id}/songs. */
export const pageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(COLLECTION_PAGE_MAX, `limit must be at most ${COLLECTION_PAGE_MAX}`)
    .default(COLLECTION_PAGE_SIZE),
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int('offset must be a whole number')
    .min(0, 'offset must not be negative')
    .default(0),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** GET /api/songs/{id}/liked, GET /api/playlists/{id}/liked, and the answer of every like or unlike. */
export const likedStatusSchema = z.object({ isLiked: z.boolean() });
export type LikedStatus = z.infer<typeof likedStatusSchema>;

/** GET /api/liked-songs/count and GET /api/liked-playlists/count. */
export const countSchema = z.object({ count: z.number().int() });
export type CountResponse = z.infer<typeof countSchema>;

/** DELETE answers of playlists and their songs. */
export const playlistChangeSchema = z.object({ message: z.string() });
export type PlaylistChange = z.infer<typeof playlistChangeSchema>;
