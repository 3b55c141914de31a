import type { Song } from '@kora/contracts';
import type { PlaybackContext, RepeatMode } from './player-types';

/** A source of numbers in [0, 1), injectable so shuffles can be tested. */
export type Random = () => number;

export type Queue = { songs: Song[]; index: number };

export function isSameSong(a: Song, b: Song): boolean {
  return a.id === b.id;
}

/** Fisher–Yates: every order equally likely. */
export function shuffleSongs(songs: readonly Song[], random: Random = Math.random): Song[] {
  const shuffled = [...songs];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
  }
  return shuffled;
}

/** The current song first, the others shuffled after it: shuffling never interrupts what is playing. */
export function shuffleAround(songs: readonly Song[], current: Song, random: Random = Math.random): Song[] {
  return [current, ...shuffleSongs(songs.filter((song) => !isSameSong(song, current)), random)];
}

type BuildQueueInput = {
  song: Song;
  context: PlaybackContext | null;
  /** The whole catalogue (GET /api/songs), used when the song was started without a context. */
  allSongs: readonly Song[];
  shuffle: boolean;
  random?: Random;
};

/**
 * Spec section 4: next and previous move within the playback context when there is one,
 * otherwise through a shuffled queue of all songs. A song missing from its list is put first.
 */
export function buildQueue({ song, context, allSongs, shuffle, random = Math.random }: BuildQueueInput): Queue {
  if (!context || context.songs.length === 0) return { songs: shuffleAround(allSongs, song, random), index: 0 };
  if (shuffle) return { songs: shuffleAround(context.songs, song, random), index: 0 };
  const index = context.songs.findIndex((candidate) => isSameSong(candidate, song));
  if (index === -1) return { songs: [song, ...context.songs], index: 0 };
  return { songs: context.songs, index };
}

/** Shuffle on: reshuffle around the current song. Off: back to the context's order (a catalogue queue stays shuffled). */
export function reorderForShuffle(queue: Queue, context: PlaybackContext | null, shuffle: boolean, random: Random = Math.random): Queue {
  const current = queue.songs[queue.index];
  if (!current) return queue;
  if (shuffle) return { songs: shuffleAround(queue.songs, current, random), index: 0 };
  if (!context || context.songs.length === 0) return queue;
  return buildQueue({ song: current, context, allSongs: [], shuffle: false });
}

/** Next and previous wrap around both ends of the list (spec section 4: "move cyclically"). */
export function stepIndex(length: number, index: number, step: 1 | -1): number {
  if (length <= 0) return -1;
  return (index + step + length) % length;
}

export function cycleRepeatMode(mode: RepeatMode): RepeatMode {
  if (mode === 'off') return 'all';
  if (mode === 'all') return 'one';
  return 'off';
}

export type EndAction = { type: 'replay' } | { type: 'play'; index: number } | { type: 'stop' };

/**
 * What happens when a song ends. The buttons always wrap (spec), but the end of a song is where
 * repeat modes differ: "one" replays it, "all" wraps from the last song to the first, and "off"
 * plays on to the end of the queue and then stops, so "all" means something.
 */
export function decideOnEnd(repeat: RepeatMode, queueLength: number, index: number): EndAction {
  if (repeat === 'one') return { type: 'replay' };
  if (queueLength <= 0) return { type: 'stop' };
  if (repeat === 'off' && index >= queueLength - 1) return { type: 'stop' };
  const next = stepIndex(queueLength, index, 1);
  return next === index ? { type: 'replay' } : { type: 'play', index: next };
}

/** The song that will play after this one ends by itself, worth fetching ahead; null when none or the same one. */
export function findUpcomingSong(repeat: RepeatMode, queue: Queue): Song | null {
  const action = decideOnEnd(repeat, queue.songs.length, queue.index);
  return action.type === 'play' ? (queue.songs[action.index] ?? null) : null;
}

/** "Up next": the songs after the current one in play order, wrapping round as next does. */
export function listUpNext(queue: Queue): Array<{ song: Song; index: number }> {
  const { songs, index } = queue;
  const upNext: Array<{ song: Song; index: number }> = [];
  for (let offset = 1; offset < songs.length; offset++) {
    const position = (index + offset) % songs.length;
    upNext.push({ song: songs[position]!, index: position });
  }
  return upNext;
}
