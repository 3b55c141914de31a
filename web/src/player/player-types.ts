import type { Song } from '@kora/contracts';

export type RepeatMode = 'off' | 'all' | 'one';

/** Where a song was started from: next/previous move cyclically within these songs (spec section 4). */
export type PlaybackContext = {
  type: 'playlist' | 'album' | 'artist' | 'search' | 'library' | 'home' | 'queue';
  id?: string | number;
  songs: Song[];
};

/** What pages and components may use of the player (web/src/player owns the implementation). */
export type PlayerApi = {
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

  /** Selecting a song: it becomes current, starts playing, and the large player opens. */
  playSong: (song: Song, context?: PlaybackContext) => void;
  /** Card and play buttons: pause if this song is current and playing, otherwise play it. */
  toggleSongPlayback: (song: Song, context?: PlaybackContext) => void;
  /** Library and search picks: stop, set the song, start 100 ms later (spec section 4). */
  pickSong: (song: Song, context?: PlaybackContext) => void;
  togglePlay: () => void;
  next: () => void;
  previous: () => void;
  seek: (seconds: number) => void;
  setVolume: (volume: number) => void;
  toggleShuffle: () => void;
  cycleRepeat: () => void;
  setShowLargePlayer: (open: boolean) => void;
};
