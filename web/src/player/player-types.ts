import type { Song } from '@kora/contracts';

export const REPEAT_MODES = ['off', 'all', 'one'] as const;
export type RepeatMode = (typeof REPEAT_MODES)[number];

export const PLAYBACK_CONTEXT_TYPES = ['playlist', 'album', 'artist', 'search', 'library', 'home', 'queue'] as const;

/** Where a song was started from: next/previous move cyclically within these songs (spec section 4). */
export type PlaybackContext = {
  type: (typeof PLAYBACK_CONTEXT_TYPES)[number];
  id?: string | number;
  songs: Song[];
};

/** The player's state as pages see it (spec section 3, "Player state"). */
export type PlayerState = {
  currentSong: Song | null;
  isPlaying: boolean;
  /** 0 to 100, default 75, remembered across reloads. */
  volume: number;
  currentTime: number;
  duration: number;
  repeat: RepeatMode;
  shuffle: boolean;
  showLargePlayer: boolean;
  context: PlaybackContext | null;
  /** The songs next/previous move through, and the index of the current one. */
  queue: Song[];
  queueIndex: number;
  /** What the stream of the current song serves, as the server names it ("Opus 48 kbps"); null until known. */
  streamLabel: string | null;
};

export type PlayerActions = {
  /** Selecting a song: it becomes current, starts playing, and the large player opens. */
  playSong: (song: Song, context?: PlaybackContext) => void;
  /** Card and play buttons: pause if this song is current and playing, otherwise play it (the large player stays as it is). */
  toggleSongPlayback: (song: Song, context?: PlaybackContext) => void;
  /** Library and search picks: stop, set the song, start 100 ms later (spec section 4). */
  pickSong: (song: Song, context?: PlaybackContext) => void;
  /** Plays the song at this position of the queue, keeping the queue ("Up next"). */
  playQueueIndex: (index: number) => void;
  togglePlay: () => void;
  next: () => void;
  previous: () => void;
  seek: (seconds: number) => void;
  setVolume: (volume: number) => void;
  /** Volume to 0, or back to where it was before muting. */
  toggleMute: () => void;
  toggleShuffle: () => void;
  cycleRepeat: () => void;
  setShowLargePlayer: (open: boolean) => void;
};

/** What pages and components may use of the player (web/src/player owns the implementation). */
export type PlayerApi = PlayerState & PlayerActions;
