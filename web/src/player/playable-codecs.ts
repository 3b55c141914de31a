/** What a media element answers about a type: '' for no, 'maybe' or 'probably' for yes. */
type CanPlay = { canPlayType(type: string): string };

/** Opus in WebM, the savers' renditions (server/src/jobs/renditions.ts). */
const OPUS_IN_WEBM = 'audio/webm; codecs="opus"';

let opus: boolean | undefined;

/**
 * Whether this browser plays Opus in WebM, asked once of an audio element: the savers then stream
 * Opus (?codecs=opus), and where it does not (older Safari) they stay on the lowest MP3.
 */
export function browserPlaysOpus(element: CanPlay | null = typeof document === 'undefined' ? null : document.createElement('audio')): boolean {
  opus ??= element !== null && element.canPlayType(OPUS_IN_WEBM) !== '';
  return opus;
}
