import type { Song } from '@kora/contracts';

/** The crossfade choices of spec section 3, in seconds; 0 is none. */
export const CROSSFADE_SECONDS = [0, 2, 5, 10] as const;
export type CrossfadeSeconds = (typeof CROSSFADE_SECONDS)[number];

/**
 * How one song hands over to the next when it plays to its end:
 * - 'crossfade': the next starts `seconds` before the end, fading in while this one fades out;
 * - 'gapless': the next (the following track of the same album) starts the instant this one ends;
 * - null: the next starts after this one's 'ended' event, as a browser's own gap allows.
 */
export type TransitionPlan = { kind: 'crossfade'; seconds: number } | { kind: 'gapless' } | null;

/** The next song is asked for this long before its start, so its first seconds are buffered in time. */
export const PRELOAD_LEAD_SECONDS = 15;
/**
 * A gapless start is scheduled this much before the end: play() on a buffered element takes a few
 * tens of milliseconds to make sound, and a few milliseconds of overlap are inaudible where a gap is not.
 */
export const GAPLESS_LEAD_SECONDS = 0.04;

/** Crossfades are never longer than half of either song, so a short song is not all fade. */
const MAX_FADE_SHARE = 0.5;

function isNextAlbumTrack(current: Song, next: Song): boolean {
  return current.album !== null && next.album !== null && current.album.id === next.album.id;
}

/**
 * The hand-over from `current` to `next`, from the settings. Gapless applies to consecutive
 * tracks of one album played in order (a shuffled queue puts unrelated songs side by side).
 */
export function planTransition(options: {
  current: Song;
  next: Song | null;
  /** This song's length as the element knows it (the song's own field can be rounded). */
  duration: number;
  crossfadeSeconds: number;
  gapless: boolean;
  shuffle: boolean;
}): TransitionPlan {
  const { current, next, duration, crossfadeSeconds, gapless, shuffle } = options;
  if (!next || !(duration > 0) || !Number.isFinite(duration)) return null;
  if (crossfadeSeconds > 0) {
    const nextDuration = next.duration ?? Infinity;
    const seconds = Math.min(crossfadeSeconds, duration * MAX_FADE_SHARE, nextDuration * MAX_FADE_SHARE);
    return seconds > 0 ? { kind: 'crossfade', seconds } : null;
  }
  if (gapless && !shuffle && isNextAlbumTrack(current, next)) return { kind: 'gapless' };
  return null;
}

/** Seconds into the current song at which the next one starts. */
export function transitionStartsAt(plan: Exclude<TransitionPlan, null>, duration: number): number {
  return Math.max(0, duration - (plan.kind === 'crossfade' ? plan.seconds : GAPLESS_LEAD_SECONDS));
}

/** What to do at this point of the current song. */
export function transitionStep(plan: TransitionPlan, currentTime: number, duration: number): 'wait' | 'preload' | 'start' {
  if (!plan) return 'wait';
  const startAt = transitionStartsAt(plan, duration);
  if (currentTime >= startAt) return 'start';
  return currentTime >= startAt - PRELOAD_LEAD_SECONDS ? 'preload' : 'wait';
}
