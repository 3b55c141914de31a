import fs from 'node:fs/promises';
import path from 'node:path';
import type { UploadResponse } from '@kora/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/client.js';
import { type FormEntry, multipartBody } from '../helpers/multipart.js';
import type { TestApp } from '../helpers/test-app.js';
import { queryRows } from '../helpers/query-rows.js';

export type LibraryUpload = {
  audio?: Buffer;
  filename?: string;
  title?: string;
  artist?: string;
  album?: string;
  cover?: Buffer;
};

/** The Library dialog's form, in the order the web app sends it. */
export function libraryEntries({ audio, filename = 'song.mp3', title, artist, album, cover }: LibraryUpload): [string, FormEntry][] {
  return [
    ...(audio ? [['audioFile', { data: audio, filename, type: 'audio/mpeg' }] as [string, FormEntry]] : []),
    ...(title === undefined ? [] : [['title', title] as [string, FormEntry]]),
    ...(artist === undefined ? [] : [['artist', artist] as [string, FormEntry]]),
    ...(album === undefined ? [] : [['album', album] as [string, FormEntry]]),
    ...(cover ? [['coverFile', { data: cover, filename: 'cover.png', type: 'image/png' }] as [string, FormEntry]] : []),
  ];
}

export type TrackUpload = {
  audio?: Buffer;
  filename?: string;
  title?: string;
  featuredArtists?: string;
  producers?: string;
  lyrics?: string;
  explicitContent?: string;
  instrumental?: Buffer;
};

export type ReleaseUpload = {
  releaseType?: string;
  artist?: string;
  genre?: string;
  language?: string;
  albumTitle?: string;
  albumCover?: Buffer;
  tracks: TrackUpload[];
};

/** The release wizard's form (spec section 7), fields in the wizard's order. */
export function releaseEntries({ tracks, albumCover, ...fields }: ReleaseUpload): [string, FormEntry][] {
  const entries: [string, FormEntry][] = [];
  for (const [name, value] of Object.entries({ releaseType: 'ep', artist: 'Tems', genre: 'afrobeats', language: 'english', ...fields })) {
    if (value !== undefined) entries.push([name, value]);
  }
  if (albumCover) entries.push(['albumCover', { data: albumCover, filename: 'cover.png', type: 'image/png' }]);
  tracks.forEach((track, index) => {
    const field = (name: string) => `tracks[${index}][${name}]`;
    if (track.audio) entries.push([field('audioFile'), { data: track.audio, filename: track.filename ?? `track-${index + 1}.mp3`, type: 'audio/mpeg' }]);
    for (const name of ['title', 'featuredArtists', 'producers', 'lyrics', 'explicitContent'] as const) {
      if (track[name] !== undefined) entries.push([field(name), track[name]]);
    }
    if (track.instrumental) entries.push([field('instrumentalFile'), { data: track.instrumental, filename: `instrumental-${index + 1}.wav`, type: 'audio/wav' }]);
  });
  return entries;
}

export async function sendUpload(app: FastifyInstance, cookie: string | undefined, url: '/api/upload' | '/api/upload-music', entries: [string, FormEntry][]) {
  const body = await multipartBody(entries);
  return app.inject({ method: 'POST', url, headers: { ...(cookie ? { cookie } : {}), ...body.headers }, payload: body.payload });
}

/** Uploads and expects success; returns the answer's release. */
export async function uploadOk(app: FastifyInstance, cookie: string, url: '/api/upload' | '/api/upload-music', entries: [string, FormEntry][]) {
  const response = await sendUpload(app, cookie, url, entries);
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  return (response.json() as UploadResponse).release;
}

/** Every file under the test app's media folder (temporary files included), relative to it. */
export async function listMediaFiles(t: TestApp): Promise<string[]> {
  const root = path.join(t.config.dataDir, 'media');
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** Row counts of every table an upload writes. */
export async function countUploadRows(db: Db) {
  const count = async (table: string) => {
    const [row] = await queryRows<{ count: number }>(db, sql.raw(`select count(*)::int as count from ${table}`));
    return row!.count;
  };
  const tables = ['releases', 'songs', 'albums', 'artists', 'song_featured_artists', 'uploads', 'jobs'] as const;
  return Object.fromEntries(await Promise.all(tables.map(async (table) => [table, await count(table)] as const))) as Record<(typeof tables)[number], number>;
}
