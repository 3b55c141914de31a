import { SONG_SOURCES, type Song } from '@kora/contracts';
import { PLAYBACK_CONTEXT_TYPES, REPEAT_MODES, type PlaybackContext, type PlayerState } from './player-types';
import { isSameSong } from './queue';

/**
 * What survives a reload: the current song, the queue with its context, the position, shuffle and
 * repeat. Saved per listener, so another account signing in on the same browser never sees it.
 */
export type SavedSession = {
  song: Song;
  queue: Song[];
  queueIndex: number;
  context: PlaybackContext | null;
  /** Seconds into the song. */
  position: number;
  shuffle: boolean;
  repeat: PlayerState['repeat'];
};

/** Bumped when the saved shape changes: an older one is dropped, not misread. */
const SESSION_VERSION = 1;
const SESSION_KEY_PREFIX = 'kora-player-session:';
/** The position is written at most this often while a song plays (and at once when the page hides). */
export const SESSION_SAVE_INTERVAL_MS = 5_000;

export function sessionKey(userId: number): string {
  return `${SESSION_KEY_PREFIX}${userId}`;
}

/** The session to save from the player's state, or null when nothing is loaded. */
export function captureSession(state: PlayerState, position: number): SavedSession | null {
  if (!state.currentSong) return null;
  return {
    song: state.currentSong,
    queue: state.queue,
    queueIndex: state.queueIndex,
    context: state.context,
    position: Math.max(0, position),
    shuffle: state.shuffle,
    repeat: state.repeat,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The fields the player reads; a song saved by an older build without them is not played. */
function isSong(value: unknown): value is Song {
  if (!isRecord(value)) return false;
  const { id, title, artist, fileUrl, isExternal, source, duration } = value;
  return (
    (typeof id === 'number' || typeof id === 'string') &&
    typeof title === 'string' &&
    isRecord(artist) &&
    typeof artist.name === 'string' &&
    (fileUrl === null || typeof fileUrl === 'string') &&
    typeof isExternal === 'boolean' &&
    (duration === null || typeof duration === 'number') &&
    SONG_SOURCES.some((known) => known === source)
  );
}

function isSongList(value: unknown): value is Song[] {
  return Array.isArray(value) && value.every(isSong);
}

function readContext(value: unknown): PlaybackContext | null | undefined {
  if (value === null) return null;
  if (!isRecord(value) || !isSongList(value.songs)) return undefined;
  const type = PLAYBACK_CONTEXT_TYPES.find((known) => known === value.type);
  if (!type) return undefined;
  const { id } = value;
  if (id !== undefined && typeof id !== 'string' && typeof id !== 'number') return undefined;
  return { type, songs: value.songs, ...(id === undefined ? {} : { id }) };
}

/**
 * A saved session as JSON, or null when it is missing, corrupt or of another version. A queue
 * that no longer holds the song at its index shrinks to the song alone rather than play a stranger.
 */
export function parseSession(raw: string | null): SavedSession | null {
  let stored: unknown;
  try {
    stored = JSON.parse(raw ?? 'null');
  } catch {
    return null;
  }
  if (!isRecord(stored) || stored.version !== SESSION_VERSION) return null;
  const { song, queue, queueIndex, position, shuffle, repeat } = stored;
  const context = readContext(stored.context);
  const repeatMode = REPEAT_MODES.find((known) => known === repeat);
  if (!isSong(song) || !isSongList(queue) || context === undefined || !repeatMode) return null;
  if (typeof position !== 'number' || !Number.isFinite(position) || typeof shuffle !== 'boolean') return null;
  const atIndex = typeof queueIndex === 'number' ? queue[queueIndex] : undefined;
  const queueHoldsSong = atIndex !== undefined && isSameSong(atIndex, song);
  return {
    song,
    queue: queueHoldsSong ? queue : [song],
    queueIndex: queueHoldsSong ? (queueIndex as number) : 0,
    context,
    position: Math.max(0, position),
    shuffle,
    repeat: repeatMode,
  };
}

export type SessionStore = {
  load: () => SavedSession | null;
  /** Null forgets the session (nothing is loaded any more). */
  save: (session: SavedSession | null) => void;
};

type SessionStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

/**
 * One listener's saved session in browser storage. Loading also removes sessions other accounts
 * left on this browser (an expired sign-in does not pass through Sign Out, which clears storage).
 */
export function createSessionStore(storage: SessionStorage, userId: number): SessionStore {
  const key = sessionKey(userId);

  function forgetOtherListeners(): void {
    const others: string[] = [];
    for (let index = 0; index < storage.length; index++) {
      const candidate = storage.key(index);
      if (candidate?.startsWith(SESSION_KEY_PREFIX) && candidate !== key) others.push(candidate);
    }
    for (const other of others) storage.removeItem(other);
  }

  return {
    load() {
      try {
        forgetOtherListeners();
        const raw = storage.getItem(key);
        const session = parseSession(raw);
        if (raw !== null && !session) storage.removeItem(key);
        return session;
      } catch {
        // Storage the browser blocks: the player simply starts empty.
        return null;
      }
    },
    save(session) {
      try {
        if (session) storage.setItem(key, JSON.stringify({ version: SESSION_VERSION, ...session }));
        else storage.removeItem(key);
      } catch (error) {
        // A full or blocked storage costs only the restore after a reload.
        console.warn('Could not save the player for the next visit', error);
      }
    },
  };
}

/** A change worth saving at once: another song, queue, context, or shuffle and repeat. */
function changesQueue(before: PlayerState, after: PlayerState): boolean {
  return (
    before.currentSong !== after.currentSong ||
    before.queue !== after.queue ||
    before.queueIndex !== after.queueIndex ||
    before.context !== after.context ||
    before.shuffle !== after.shuffle ||
    before.repeat !== after.repeat
  );
}

export type SessionSaver = {
  /** Called on every state change: saves a new song or queue at once, a new position at most every interval. */
  offer: (state: PlayerState, position: number) => void;
  /** Saves now (the page is hiding). */
  flush: (state: PlayerState, position: number) => void;
};

export function createSessionSaver(options: {
  initial: PlayerState;
  save: SessionStore['save'];
  now?: () => number;
  intervalMs?: number;
}): SessionSaver {
  const now = options.now ?? Date.now;
  const intervalMs = options.intervalMs ?? SESSION_SAVE_INTERVAL_MS;
  let saved = options.initial;
  let savedAt = now();

  function write(state: PlayerState, position: number): void {
    saved = state;
    savedAt = now();
    options.save(captureSession(state, position));
  }

  return {
    offer(state, position) {
      if (changesQueue(saved, state)) write(state, position);
      else if (state.currentTime !== saved.currentTime && now() - savedAt >= intervalMs) write(state, position);
    },
    flush: write,
  };
}
