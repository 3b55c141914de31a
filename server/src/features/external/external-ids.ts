import { BadRequest } from '../../http/errors.js';
import type { ExternalRef } from './queries.js';

// Deezer's ids are numbers; the other catalogues' ids as the audio proxy accepts them.
const DEEZER_TRACK = /^(?:deezer-)?(\d{1,20})$/;
const OTHER_TRACK = /^(youtube|soundcloud)-([A-Za-z0-9_-]{1,64})$/;
const DEEZER_ARTIST = /^deezer-(\d{1,20})$/;

export const TRACK_ID_MESSAGE = 'Track id must look like deezer-916424.';

/**
 * The track of POST /api/songs/external-{trackId}/refresh-url: a song's id (`deezer-916424`), or
 * a bare Deezer track number.
 */
export function parseTrackRef(raw: string): ExternalRef {
  const deezer = DEEZER_TRACK.exec(raw);
  if (deezer) return { source: 'deezer', externalId: deezer[1]! };
  const other = OTHER_TRACK.exec(raw);
  if (other) return { source: other[1] as 'youtube' | 'soundcloud', externalId: other[2]! };
  throw new BadRequest(TRACK_ID_MESSAGE);
}

/** A Deezer artist's id as the artist route names it (`deezer-1424821`); undefined for any other id. */
export function parseArtistRef(raw: string): ExternalRef | undefined {
  const match = DEEZER_ARTIST.exec(raw);
  return match ? { source: 'deezer', externalId: match[1]! } : undefined;
}
