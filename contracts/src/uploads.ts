import { z } from 'zod';
import {
  DEFAULT_ALBUM_TITLE,
  MISSING_INFORMATION_MESSAGE,
  RELEASE_GENRES,
  RELEASE_LANGUAGES,
  RELEASE_TYPES,
  TITLE_AND_ARTIST_REQUIRED_MESSAGE,
} from './constants.js';

/**
 * Uploads (spec sections 3, 5 and 7). Both calls are multipart: the server streams the files to
 * storage and validates these text fields; files are judged by their content, not these.
 */

const text = (max: number, label: string) =>
  z.string({ error: `${label} must be text.` }).trim().max(max, `${label} must be at most ${max} characters.`);

/** POST /api/upload text fields (the file fields are audioFile and optional coverFile). */
export const libraryUploadFieldsSchema = z.object({
  title: text(200, 'Title').min(1, TITLE_AND_ARTIST_REQUIRED_MESSAGE),
  artist: text(200, 'Artist').min(1, TITLE_AND_ARTIST_REQUIRED_MESSAGE),
  album: text(200, 'Album')
    .optional()
    .transform((value) => value || DEFAULT_ALBUM_TITLE),
});
export type LibraryUploadFields = z.input<typeof libraryUploadFieldsSchema>;

const lowercased = <T extends readonly string[]>(values: T) => values.map((value) => value.toLowerCase());
export const RELEASE_GENRE_VALUES = lowercased(RELEASE_GENRES);
export const RELEASE_LANGUAGE_VALUES = lowercased(RELEASE_LANGUAGES);

/** POST /api/upload-music release fields (file fields: albumCover, tracks[i][audioFile], tracks[i][instrumentalFile]). */
export const releaseUploadFieldsSchema = z.object({
  releaseType: z.enum(RELEASE_TYPES, { error: `releaseType must be one of ${RELEASE_TYPES.join(', ')}.` }),
  artist: text(200, 'Artist').min(1, MISSING_INFORMATION_MESSAGE),
  genre: z.enum(RELEASE_GENRE_VALUES as [string, ...string[]], { error: 'Choose a genre from the list.' }),
  language: z.enum(RELEASE_LANGUAGE_VALUES as [string, ...string[]], { error: 'Choose a language from the list.' }),
  albumTitle: text(200, 'Album title').optional(),
});
export type ReleaseUploadFields = z.input<typeof releaseUploadFieldsSchema>;

/** tracks[i][…] text fields of POST /api/upload-music. */
export const releaseTrackFieldsSchema = z.object({
  title: text(200, 'Track title').min(1, MISSING_INFORMATION_MESSAGE),
  featuredArtists: text(300, 'Featured artists').optional(),
  producers: text(300, 'Producers').optional(),
  lyrics: text(20_000, 'Lyrics').optional(),
  explicitContent: z.enum(['true', 'false'], { error: 'explicitContent must be true or false.' }).default('false'),
});
export type ReleaseTrackFields = z.input<typeof releaseTrackFieldsSchema>;

/** 'withdrawn': taken down while the uploader's account was being deleted (Settings → Your data). */
export const RELEASE_STATUSES = ['processing', 'live', 'rejected', 'withdrawn'] as const;
export const releaseStatusSchema = z.enum(RELEASE_STATUSES);
export type ReleaseStatus = z.infer<typeof releaseStatusSchema>;

/** A release as its uploader sees it ("My releases"): status, the reason of a rejection, progress. */
export const releaseSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** 'library' for the Library's single-song upload. */
  releaseType: z.enum([...RELEASE_TYPES, 'library']),
  artist: z.object({ id: z.number().int(), name: z.string() }),
  status: releaseStatusSchema,
  rejectionReason: z.string().nullable(),
  /** 0 to 100 while processing. */
  progress: z.number().int(),
  coverUrl: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  tracks: z.array(z.object({ id: z.number().int(), title: z.string(), status: releaseStatusSchema, duration: z.number().nullable() })),
});
export type Release = z.infer<typeof releaseSchema>;

/** The answer of POST /api/upload and POST /api/upload-music (201). */
export const uploadResponseSchema = z.object({ success: z.literal(true), message: z.string(), release: releaseSchema });
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

const KILOBYTE = 1024;
const MEGABYTE = 1024 * KILOBYTE;
const GIGABYTE = 1024 * MEGABYTE;

/** '2 GB', '1.5 GB', '120 MB', '300 KB': rounded down, so what is left is never overstated. */
export function formatStorageSize(bytes: number): string {
  const floor = (value: number, digits: number) => Math.floor(value * 10 ** digits) / 10 ** digits;
  if (bytes >= GIGABYTE) return `${floor(bytes / GIGABYTE, 1)} GB`;
  if (bytes >= MEGABYTE) return `${Math.floor(bytes / MEGABYTE)} MB`;
  return `${Math.floor(Math.max(0, bytes) / KILOBYTE)} KB`;
}

/** The 413 of an upload that would take a listener past their storage quota (UPLOAD_QUOTA_MB). */
export function storageQuotaMessage(quotaBytes: number, remainingBytes: number): string {
  return `This upload would go over your ${formatStorageSize(quotaBytes)} storage. You have ${formatStorageSize(remainingBytes)} left.`;
}
