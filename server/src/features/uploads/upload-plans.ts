import {
  AUDIO_REQUIRED_MESSAGE,
  DEFAULT_ALBUM_TITLE,
  MISSING_INFORMATION_MESSAGE,
  RELEASE_GENRES,
  RELEASE_LANGUAGES,
  RELEASE_TRACK_LIMITS,
  type RELEASE_TYPES,
  libraryUploadFieldsSchema,
  releaseTrackFieldsSchema,
  releaseUploadFieldsSchema,
} from '@kora/contracts';
import { BadRequest } from '../../http/errors.js';
import { parseInput } from '../../http/validate.js';
import type { StoredAudio, StoredCover, UploadFieldKind, UploadForm, UploadFormSpec } from './upload-form.js';

type ReleaseType = (typeof RELEASE_TYPES)[number];

export type TrackPlan = {
  title: string;
  audio: StoredAudio;
  instrumental: StoredAudio | null;
  /** Names as sent, in order, without repeats (compared case-insensitively). */
  featuredArtists: string[];
  producers: string | null;
  lyrics: string | null;
  explicit: boolean;
  trackNumber: number | null;
};

/** A validated upload, its files stored: everything the one transaction of service.ts writes. */
export type UploadPlan = {
  releaseType: ReleaseType | 'library';
  title: string;
  artistName: string;
  /**
   * The album the songs go on, or null for none. `reuseOwn`: a library upload joins the uploader's
   * own album of that title by that artist when there is one (songs of one album uploaded one by one).
   */
  album: { title: string; reuseOwn: boolean } | null;
  /** The spec's spelling ('Hip-Hop', 'Yoruba'), as the catalogue stores them. */
  genre: string | null;
  language: string | null;
  cover: StoredCover | null;
  tracks: TrackPlan[];
};

const MAX_TRACKS = Math.max(...Object.values(RELEASE_TRACK_LIMITS).map((limit) => limit.max));

const countOf = (fields: Map<string, UploadFieldKind>, kind: UploadFieldKind) => [...fields.values()].filter((value) => value === kind).length;

const LIBRARY_FIELDS = new Map<string, UploadFieldKind>([
  ['audioFile', 'audio'],
  ['title', 'text'],
  ['artist', 'text'],
  ['album', 'text'],
  ['coverFile', 'cover'],
]);

/** POST /api/upload: the Library's Upload dialog (spec section 3). */
export const LIBRARY_FORM: UploadFormSpec = {
  kindOf: (name) => LIBRARY_FIELDS.get(name),
  expected: [...LIBRARY_FIELDS.keys()].join(', '),
  prefixOf: () => '',
  maxFields: countOf(LIBRARY_FIELDS, 'text'),
  maxFiles: LIBRARY_FIELDS.size - countOf(LIBRARY_FIELDS, 'text'),
  maxCovers: countOf(LIBRARY_FIELDS, 'cover'),
};

const RELEASE_FIELDS = new Map<string, UploadFieldKind>([
  ['releaseType', 'text'],
  ['artist', 'text'],
  ['genre', 'text'],
  ['language', 'text'],
  ['albumTitle', 'text'],
  ['albumCover', 'cover'],
]);
const TRACK_FIELDS = new Map<string, UploadFieldKind>([
  ['audioFile', 'audio'],
  ['title', 'text'],
  ['featuredArtists', 'text'],
  ['producers', 'text'],
  ['lyrics', 'text'],
  ['explicitContent', 'text'],
  ['instrumentalFile', 'audio'],
]);
// Indices count from 0, without leading zeros: one track has one spelling.
const TRACK_FIELD = /^tracks\[(0|[1-9]\d{0,5})\]\[([A-Za-z]+)\]$/;

function trackFieldOf(name: string): { index: number; field: string } | undefined {
  const match = TRACK_FIELD.exec(name);
  return match && TRACK_FIELDS.has(match[2]!) ? { index: Number(match[1]), field: match[2]! } : undefined;
}

/** POST /api/upload-music: the release wizard's fields (spec section 7). */
export const RELEASE_FORM: UploadFormSpec = {
  kindOf(name) {
    const track = trackFieldOf(name);
    if (!track) return RELEASE_FIELDS.get(name);
    if (track.index >= MAX_TRACKS) throw new BadRequest(`A release can have at most ${MAX_TRACKS} tracks.`);
    return TRACK_FIELDS.get(track.field);
  },
  expected: `${[...RELEASE_FIELDS.keys()].join(', ')} and ${[...TRACK_FIELDS.keys()].map((field) => `tracks[i][${field}]`).join(', ')}`,
  prefixOf(name) {
    const track = trackFieldOf(name);
    if (!track) return '';
    return track.field === 'instrumentalFile' ? `Track ${track.index + 1} instrumental: ` : `Track ${track.index + 1}: `;
  },
  maxFields: countOf(RELEASE_FIELDS, 'text') + MAX_TRACKS * countOf(TRACK_FIELDS, 'text'),
  maxFiles: RELEASE_FIELDS.size - countOf(RELEASE_FIELDS, 'text') + MAX_TRACKS * (TRACK_FIELDS.size - countOf(TRACK_FIELDS, 'text')),
  maxCovers: countOf(RELEASE_FIELDS, 'cover') + MAX_TRACKS * countOf(TRACK_FIELDS, 'cover'),
};

/** Spec section 5's Library upload rules: an audio file, then a title and an artist. */
export function planLibraryUpload(form: UploadForm): UploadPlan {
  const audio = form.audio.get('audioFile');
  if (!audio) throw new BadRequest(AUDIO_REQUIRED_MESSAGE);
  // An absent field is a blank one: the spec's message, not a type error.
  const fields = parseInput(libraryUploadFieldsSchema, {
    title: form.fields.get('title') ?? '',
    artist: form.fields.get('artist') ?? '',
    album: form.fields.get('album'),
  });
  const isUnknownAlbum = fields.album.toLowerCase() === DEFAULT_ALBUM_TITLE.toLowerCase();
  return {
    releaseType: 'library',
    title: fields.title,
    artistName: fields.artist,
    album: isUnknownAlbum ? null : { title: fields.album, reuseOwn: true },
    genre: null,
    language: null,
    cover: form.covers.get('coverFile') ?? null,
    tracks: [
      { title: fields.title, audio, instrumental: null, featuredArtists: [], producers: null, lyrics: null, explicit: false, trackNumber: null },
    ],
  };
}

/**
 * Spec section 5's release rules: the release's fields, tracks numbered 0 to n - 1 within the limits
 * of their release type, and every track with an audio file and a title; an album title unless single.
 */
export function planRelease(form: UploadForm): UploadPlan {
  const release = parseInput(releaseUploadFieldsSchema, {
    releaseType: form.fields.get('releaseType'),
    artist: form.fields.get('artist') ?? '',
    genre: form.fields.get('genre'),
    language: form.fields.get('language'),
    albumTitle: form.fields.get('albumTitle'),
  });
  const count = countTracks(form);
  const { min, max } = RELEASE_TRACK_LIMITS[release.releaseType];
  if (count < min || count > max) throw new BadRequest(trackLimitMessage(release.releaseType, count));

  const tracks = Array.from({ length: count }, (_, index): TrackPlan => {
    const field = (name: string) => form.fields.get(`tracks[${index}][${name}]`);
    const fields = parseInput(releaseTrackFieldsSchema, {
      title: field('title') ?? '',
      featuredArtists: field('featuredArtists'),
      producers: field('producers'),
      lyrics: field('lyrics'),
      explicitContent: field('explicitContent'),
    });
    const audio = form.audio.get(`tracks[${index}][audioFile]`);
    if (!audio) throw new BadRequest(MISSING_INFORMATION_MESSAGE);
    return {
      title: fields.title,
      audio,
      instrumental: form.audio.get(`tracks[${index}][instrumentalFile]`) ?? null,
      featuredArtists: splitNames(fields.featuredArtists ?? ''),
      producers: fields.producers || null,
      lyrics: fields.lyrics || null,
      explicit: fields.explicitContent === 'true',
      trackNumber: index + 1,
    };
  });
  if (release.releaseType !== 'single' && !release.albumTitle) throw new BadRequest(MISSING_INFORMATION_MESSAGE);
  // A single is titled by its album title when one was given, else by its song.
  const title = release.albumTitle || tracks[0]!.title;
  return {
    releaseType: release.releaseType,
    title,
    artistName: release.artist,
    album: { title, reuseOwn: false },
    genre: RELEASE_GENRES.find((genre) => genre.toLowerCase() === release.genre) ?? null,
    language: RELEASE_LANGUAGES.find((language) => language.toLowerCase() === release.language) ?? null,
    cover: form.covers.get('albumCover') ?? null,
    tracks,
  };
}

/** How many tracks the form holds; their indices must be 0 to n - 1. */
function countTracks(form: UploadForm): number {
  const indices = new Set<number>();
  for (const name of form.received) {
    const track = trackFieldOf(name);
    if (track) indices.add(track.index);
  }
  for (let index = 0; index < indices.size; index++) {
    if (!indices.has(index)) throw new BadRequest(`Tracks are numbered from 0 without gaps: tracks[${index}] is missing.`);
  }
  return indices.size;
}

function trackLimitMessage(releaseType: ReleaseType, count: number): string {
  const { min, max } = RELEASE_TRACK_LIMITS[releaseType];
  const name = { single: 'A single', ep: 'An EP', album: 'An album' }[releaseType];
  const allowed = min === max ? `exactly ${min} track` : `${min} to ${max} tracks`;
  return `${name} must have ${allowed} (this one has ${count}).`;
}

/** 'Wizkid, Tems , wizkid' → ['Wizkid', 'Tems']. */
function splitNames(list: string): string[] {
  const names = new Map<string, string>();
  for (const name of list.split(',').map((part) => part.trim())) {
    if (name && !names.has(name.toLowerCase())) names.set(name.toLowerCase(), name);
  }
  return [...names.values()];
}
