import { REFRESH_RETRY_DELAY_MS, type Song } from '@kora/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPlayerController, type AudioLike, type PlayerControllerDeps } from './player-controller';
import type { SavedSession } from './player-session';
import type { PlaybackContext } from './player-types';
import { FakeAudio, memoryStorage } from './test-audio';
import { buildSong, buildSongs } from './test-songs';
import { VOLUME_STORAGE_KEY } from './volume';

function setUp(
  options: {
    catalogue?: Song[] | null;
    storage?: ReturnType<typeof memoryStorage>;
    restoredSession?: SavedSession;
    unavailable?: (song: Song) => string | null;
  } = {},
) {
  const catalogueSongs = options.catalogue === undefined ? buildSongs(6) : options.catalogue;
  const deps = {
    catalogue: {
      getCached: vi.fn(() => catalogueSongs ?? undefined),
      load: vi.fn(async () => buildSongs(6)),
    },
    recordPlay: vi.fn(),
    refreshPreviewUrl: vi.fn(async (_song: Song) => FRESH_URL),
    reportAudioError: vi.fn(),
    readStreamingQuality: () => 'medium' as const,
    storage: options.storage ?? memoryStorage(),
    restoredSession: options.restoredSession,
    unavailable: options.unavailable,
    reportUnavailable: vi.fn(),
  } satisfies PlayerControllerDeps;
  const controller = createPlayerController(deps);
  const audio = new FakeAudio();
  const detach = controller.attach(audio as unknown as AudioLike);
  return { controller, actions: controller.actions, audio, deps, detach, state: () => controller.getState() };
}

const album: PlaybackContext = { type: 'album', id: 4, songs: buildSongs(3) };

const EXPIRED_URL = 'https://cdn.example/p.mp3?hdnea=exp=1';
const FRESH_URL = 'https://cdn.example/p.mp3?hdnea=exp=2';

function buildPreview(id: string): Song {
  return buildSong(id, { isExternal: true, isPreview: true, source: 'deezer', fileUrl: EXPIRED_URL });
}

function proxyUrl(fileUrl: string, trackId: string): string {
  return `/api/audio-proxy?${new URLSearchParams({ url: fileUrl, trackId }).toString()}`;
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('starting songs', () => {
  it('does not start a song that cannot play now (offline, not downloaded), says why, and skips to nothing', () => {
    const kept = new Set([2]);
    const { actions, audio, state, deps } = setUp({ unavailable: (song) => (kept.has(song.id as number) ? null : 'Not downloaded') });
    actions.playSong(album.songs[0]!, album);
    expect(state().currentSong).toBeNull();
    expect(audio.src).toBe('');
    expect(deps.reportUnavailable).toHaveBeenCalledWith('Not downloaded');

    actions.playSong(album.songs[1]!, album);
    expect(state().currentSong).toBe(album.songs[1]);
    // Next is the third song, not downloaded: the current one stays.
    actions.next();
    expect(state().currentSong).toBe(album.songs[1]);
    expect(deps.reportUnavailable).toHaveBeenCalledTimes(2);
  });

  it('playSong makes the song current, plays its stream in the chosen quality and opens the large player', () => {
    const { actions, audio, state } = setUp();
    actions.playSong(album.songs[1]!, album);
    expect(state()).toMatchObject({ currentSong: album.songs[1], isPlaying: true, showLargePlayer: true, queueIndex: 1, context: album });
    expect(audio.src).toBe('/api/songs/2/stream?quality=medium');
    expect(audio.paused).toBe(false);
  });

  it('toggleSongPlayback pauses the current song, resumes it, and plays another without opening the large player', () => {
    const { actions, audio, state } = setUp();
    const [first, second] = album.songs;
    actions.toggleSongPlayback(first!, album);
    expect(state()).toMatchObject({ currentSong: first, isPlaying: true, showLargePlayer: false });
    actions.toggleSongPlayback(first!, album);
    expect(audio.paused).toBe(true);
    expect(state().isPlaying).toBe(false);
    actions.toggleSongPlayback(first!, album);
    expect(state().isPlaying).toBe(true);
    actions.toggleSongPlayback(second!, album);
    expect(state().currentSong).toBe(second);
    expect(audio.src).toBe('/api/songs/2/stream?quality=medium');
  });

  it('pickSong stops, sets the song, and starts it 100 ms later', () => {
    const { actions, audio, state } = setUp();
    actions.playSong(album.songs[0]!, album);
    actions.pickSong(album.songs[2]!, album);
    expect(state()).toMatchObject({ currentSong: album.songs[2], isPlaying: false });
    expect(audio.src).toBe('/api/songs/3/stream?quality=medium');
    // It buffers meanwhile, past the metadata, so play() finds it ready.
    expect(audio.preload).toBe('auto');
    vi.advanceTimersByTime(99);
    expect(audio.paused).toBe(true);
    vi.advanceTimersByTime(1);
    expect(audio.paused).toBe(false);
    expect(state().isPlaying).toBe(true);
  });

  it('native play and pause events set the playing flag', () => {
    const { actions, audio, state } = setUp();
    actions.playSong(album.songs[0]!, album);
    audio.pause();
    expect(state().isPlaying).toBe(false);
    void audio.play();
    expect(state().isPlaying).toBe(true);
  });

  it('togglePlay does nothing without a song', () => {
    const { actions, audio } = setUp();
    actions.togglePlay();
    expect(audio.paused).toBe(true);
  });
});

describe('next and previous', () => {
  it('move cyclically within the context', () => {
    const { actions, state } = setUp();
    actions.playSong(album.songs[2]!, album);
    actions.next();
    expect(state().currentSong?.id).toBe(1);
    actions.previous();
    actions.previous();
    expect(state().currentSong?.id).toBe(2);
  });

  it('without a context, go through the whole catalogue, shuffled, starting from the song', () => {
    const { actions, state } = setUp();
    const catalogue = buildSongs(6);
    actions.playSong(catalogue[3]!);
    expect(state().context).toBeNull();
    expect(state().queue[0]?.id).toBe(4);
    const heard = new Set([state().currentSong?.id]);
    for (let i = 0; i < 5; i++) {
      actions.next();
      heard.add(state().currentSong?.id);
    }
    expect(heard.size).toBe(6);
    actions.next();
    expect(state().currentSong?.id).toBe(4);
  });

  it('queue the catalogue once it has loaded when it was not cached', async () => {
    const { actions, deps, state } = setUp({ catalogue: null });
    actions.playSong(buildSong(5));
    expect(state().queue).toHaveLength(1);
    await vi.waitFor(() => expect(state().queue).toHaveLength(6));
    expect(deps.catalogue.load).toHaveBeenCalledOnce();
    expect(state()).toMatchObject({ queueIndex: 0, currentSong: { id: 5 } });
  });

  it('playQueueIndex plays a song from "Up next" and keeps the queue', () => {
    const { actions, state } = setUp();
    actions.playSong(album.songs[0]!, album);
    actions.playQueueIndex(2);
    expect(state()).toMatchObject({ currentSong: album.songs[2], queueIndex: 2, queue: album.songs, isPlaying: true });
  });
});

describe('the end of a song', () => {
  it('plays the next one', () => {
    const { actions, audio, state } = setUp();
    actions.playSong(album.songs[0]!, album);
    audio.finish();
    expect(state()).toMatchObject({ currentSong: album.songs[1], isPlaying: true });
  });

  it('with repeat off, stops after the last song of the queue', () => {
    const { actions, audio, state } = setUp();
    actions.playSong(album.songs[2]!, album);
    audio.finish();
    expect(state()).toMatchObject({ currentSong: album.songs[2], isPlaying: false });
  });

  it('with repeat all, wraps to the first song', () => {
    const { actions, audio, state } = setUp();
    actions.cycleRepeat();
    expect(state().repeat).toBe('all');
    actions.playSong(album.songs[2]!, album);
    audio.finish();
    expect(state()).toMatchObject({ currentSong: album.songs[0], isPlaying: true });
  });

  it('with repeat one, replays the song from the start', () => {
    const { actions, audio, state } = setUp();
    actions.cycleRepeat();
    actions.cycleRepeat();
    expect(state().repeat).toBe('one');
    actions.playSong(album.songs[1]!, album);
    audio.duration = 90;
    audio.finish();
    expect(state()).toMatchObject({ currentSong: album.songs[1], isPlaying: true });
    expect(audio.currentTime).toBe(0);
    actions.cycleRepeat();
    expect(state().repeat).toBe('off');
  });
});

describe('play tracking', () => {
  it('records a song switched away from after 31 s, and not one left after 29 s', () => {
    const { actions, deps } = setUp();
    actions.playSong(album.songs[0]!, album);
    vi.advanceTimersByTime(29_000);
    actions.next();
    expect(deps.recordPlay).not.toHaveBeenCalled();
    vi.advanceTimersByTime(31_000);
    actions.next();
    expect(deps.recordPlay).toHaveBeenCalledExactlyOnceWith({ songId: 2, secondsPlayed: 31 });
  });

  it('records a song that played to its end, counting only the time it was not paused', () => {
    const { actions, audio, deps } = setUp();
    actions.playSong(album.songs[0]!, album);
    vi.advanceTimersByTime(20_000);
    audio.pause();
    vi.advanceTimersByTime(60_000);
    void audio.play();
    vi.advanceTimersByTime(15_000);
    audio.finish();
    expect(deps.recordPlay).toHaveBeenCalledExactlyOnceWith({ songId: 1, secondsPlayed: 35 });
  });

  it('does not count a stall while the stream buffers', () => {
    const { actions, audio, deps, controller } = setUp();
    actions.playSong(album.songs[0]!, album);
    vi.advanceTimersByTime(20_000);
    audio.emit('waiting');
    vi.advanceTimersByTime(30_000);
    audio.emit('playing');
    vi.advanceTimersByTime(5_000);
    controller.settlePlay();
    expect(deps.recordPlay).not.toHaveBeenCalled();
  });
  it('does not count external previews, which the server refuses', () => {
    const { actions, deps } = setUp();
    const preview = buildSong('deezer-1', { isExternal: true, source: 'deezer', fileUrl: 'https://cdn.example/p.mp3' });
    actions.playSong(preview);
    vi.advanceTimersByTime(31_000);
    actions.next();
    expect(deps.recordPlay).not.toHaveBeenCalled();
  });
});

describe('volume', () => {
  it('starts at 75 on the element and remembers a change', () => {
    const storage = memoryStorage();
    const { actions, audio, state } = setUp({ storage });
    expect(state().volume).toBe(75);
    expect(audio.volume).toBe(0.75);
    actions.setVolume(40);
    expect(audio.volume).toBe(0.4);
    expect(storage.getItem(VOLUME_STORAGE_KEY)).toBe('40');
    expect(setUp({ storage }).state().volume).toBe(40);
  });

  it("adopts the element's own volume changes on the next poll", () => {
    const { audio, state } = setUp();
    audio.volume = 0.2;
    vi.advanceTimersByTime(499);
    expect(state().volume).toBe(75);
    vi.advanceTimersByTime(1);
    expect(state().volume).toBe(20);
  });

  it('mute goes to 0 and back to the volume before', () => {
    const { actions, audio, state } = setUp();
    actions.setVolume(60);
    actions.toggleMute();
    expect(state().volume).toBe(0);
    expect(audio.volume).toBe(0);
    actions.toggleMute();
    expect(state().volume).toBe(60);
  });
});

describe('seek, shuffle and the large player', () => {
  it('seek moves the element within the song', () => {
    const { actions, audio, state } = setUp();
    actions.playSong(album.songs[0]!, album);
    audio.duration = 100;
    audio.emit('durationchange');
    actions.seek(42);
    expect(audio.currentTime).toBe(42);
    expect(state().currentTime).toBe(42);
    actions.seek(500);
    expect(audio.currentTime).toBe(100);
  });

  it('shuffle keeps the current song and turning it off restores the order', () => {
    const { actions, state } = setUp();
    const songs = buildSongs(8);
    actions.playSong(songs[5]!, { type: 'playlist', id: 1, songs });
    actions.toggleShuffle();
    expect(state()).toMatchObject({ shuffle: true, queueIndex: 0, currentSong: songs[5] });
    expect(state().queue[0]).toBe(songs[5]);
    actions.toggleShuffle();
    expect(state()).toMatchObject({ shuffle: false, queueIndex: 5, queue: songs });
  });

  it('setShowLargePlayer opens and closes it', () => {
    const { actions, state } = setUp();
    actions.setShowLargePlayer(true);
    expect(state().showLargePlayer).toBe(true);
    actions.setShowLargePlayer(false);
    expect(state().showLargePlayer).toBe(false);
  });
});

describe('audio errors', () => {
  it('reports a failing file and stops', () => {
    const { actions, audio, deps, state } = setUp();
    actions.playSong(album.songs[0]!, album);
    audio.pause();
    audio.emit('error');
    expect(deps.reportAudioError).toHaveBeenCalledExactlyOnceWith(album.songs[0]);
    expect(state().isPlaying).toBe(false);
  });

  it('reports a song without a file and stops the one before', () => {
    const { actions, audio, deps } = setUp();
    actions.playSong(album.songs[0]!, album);
    const broken = buildSong(9, { fileUrl: null });
    actions.playSong(broken);
    expect(deps.reportAudioError).toHaveBeenCalledExactlyOnceWith(broken);
    expect(audio.paused).toBe(true);
    expect(audio.src).toBe('');
  });

  it('ignores errors of an element with nothing loaded', () => {
    const { audio, deps } = setUp();
    audio.emit('error');
    expect(deps.reportAudioError).not.toHaveBeenCalled();
  });
});

describe('an external preview that fails', () => {
  const preview = buildPreview('deezer-916424');
  const discover: PlaybackContext = { type: 'search', songs: [preview, buildPreview('deezer-7'), album.songs[0]!] };

  function failAt(audio: FakeAudio, seconds: number) {
    audio.currentTime = seconds;
    audio.paused = true;
    audio.emit('error');
  }

  it('gets a fresh URL and plays again from where it stopped, a second later', async () => {
    const { actions, audio, deps, state } = setUp();
    actions.playSong(preview, discover);
    expect(audio.src).toBe(proxyUrl(EXPIRED_URL, 'deezer-916424'));
    failAt(audio, 12);
    expect(deps.refreshPreviewUrl).toHaveBeenCalledExactlyOnceWith(preview);
    expect(state().isPlaying).toBe(false);

    await vi.advanceTimersByTimeAsync(REFRESH_RETRY_DELAY_MS - 1);
    expect(audio.src).toBe(proxyUrl(EXPIRED_URL, 'deezer-916424'));
    await vi.advanceTimersByTimeAsync(1);
    expect(audio.src).toBe(proxyUrl(FRESH_URL, 'deezer-916424'));
    expect(audio.currentTime).toBe(12);
    expect(state().isPlaying).toBe(true);
    expect(deps.reportAudioError).not.toHaveBeenCalled();
  });

  it('keeps the fresh URL in the current song, the queue and the context, and for later plays', async () => {
    const { actions, audio, state } = setUp();
    actions.playSong(preview, discover);
    failAt(audio, 0);
    await vi.advanceTimersByTimeAsync(REFRESH_RETRY_DELAY_MS);
    expect(state().currentSong?.fileUrl).toBe(FRESH_URL);
    expect(state().queue[0]?.fileUrl).toBe(FRESH_URL);
    expect(state().context?.songs[0]?.fileUrl).toBe(FRESH_URL);
    expect(state().queue[1]?.fileUrl).toBe(EXPIRED_URL);

    actions.next();
    // A page still holds the song with its expired URL.
    actions.playSong(preview, discover);
    expect(audio.src).toBe(proxyUrl(FRESH_URL, 'deezer-916424'));
  });

  it("retries once per load: a second failure says 'Preview Unavailable'", async () => {
    const { actions, audio, deps, state } = setUp();
    actions.playSong(preview, discover);
    failAt(audio, 3);
    await vi.advanceTimersByTimeAsync(REFRESH_RETRY_DELAY_MS);
    failAt(audio, 3);
    await vi.advanceTimersByTimeAsync(REFRESH_RETRY_DELAY_MS);
    expect(deps.refreshPreviewUrl).toHaveBeenCalledOnce();
    expect(deps.reportAudioError).toHaveBeenCalledExactlyOnceWith(state().currentSong);
    expect(state().isPlaying).toBe(false);

    // Playing it again is a new load with its own recovery.
    actions.next();
    actions.previous();
    failAt(audio, 0);
    expect(deps.refreshPreviewUrl).toHaveBeenCalledTimes(2);
  });

  it('reports at once when no fresh URL can be had', async () => {
    const { actions, audio, deps } = setUp();
    deps.refreshPreviewUrl.mockRejectedValueOnce(new Error('502: {"message":"Deezer could not be reached. Try again later."}'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    actions.playSong(preview, discover);
    failAt(audio, 5);
    await vi.advanceTimersByTimeAsync(0);
    expect(deps.reportAudioError).toHaveBeenCalledExactlyOnceWith(preview);
    await vi.advanceTimersByTimeAsync(REFRESH_RETRY_DELAY_MS);
    expect(audio.src).toBe(proxyUrl(EXPIRED_URL, 'deezer-916424'));
    warn.mockRestore();
  });

  it('drops the retry when the listener picks another song during the wait', async () => {
    const { actions, audio, deps, state } = setUp();
    actions.playSong(preview, discover);
    failAt(audio, 8);
    await vi.advanceTimersByTimeAsync(REFRESH_RETRY_DELAY_MS / 2);
    actions.playSong(album.songs[1]!, album);
    await vi.advanceTimersByTimeAsync(REFRESH_RETRY_DELAY_MS);
    expect(audio.src).toBe('/api/songs/2/stream?quality=medium');
    expect(audio.currentTime).toBe(0);
    expect(state().currentSong).toBe(album.songs[1]);
    expect(deps.reportAudioError).not.toHaveBeenCalled();
  });

  it('drops a refresh that answers after another song started, failed or not', async () => {
    const { actions, audio, deps, state } = setUp();
    let answer: { resolve: (url: string) => void; reject: (error: Error) => void } | undefined;
    deps.refreshPreviewUrl.mockImplementation(() => new Promise<string>((resolve, reject) => (answer = { resolve, reject })));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    actions.playSong(preview, discover);
    failAt(audio, 8);
    actions.playSong(album.songs[1]!, album);
    answer?.resolve(FRESH_URL);
    await vi.advanceTimersByTimeAsync(REFRESH_RETRY_DELAY_MS);
    expect(audio.src).toBe('/api/songs/2/stream?quality=medium');
    expect(audio.currentTime).toBe(0);
    expect(state().isPlaying).toBe(true);

    actions.playSong(buildPreview('deezer-7'), discover);
    failAt(audio, 0);
    actions.playSong(album.songs[1]!, album);
    answer?.reject(new Error('502: down'));
    await vi.advanceTimersByTimeAsync(REFRESH_RETRY_DELAY_MS);
    expect(deps.reportAudioError).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('does not refresh a local file', () => {
    const { actions, audio, deps } = setUp();
    actions.playSong(album.songs[0]!, album);
    failAt(audio, 0);
    expect(deps.refreshPreviewUrl).not.toHaveBeenCalled();
    expect(deps.reportAudioError).toHaveBeenCalledExactlyOnceWith(album.songs[0]);
  });
});

describe('detaching the element', () => {
  it('pauses it and records a song that qualified', () => {
    const { actions, audio, deps, detach } = setUp();
    actions.playSong(album.songs[0]!, album);
    vi.advanceTimersByTime(40_000);
    detach();
    expect(audio.paused).toBe(true);
    expect(deps.recordPlay).toHaveBeenCalledExactlyOnceWith({ songId: 1, secondsPlayed: 40 });
  });
});

describe('a session restored after a reload', () => {
  const saved: SavedSession = {
    song: album.songs[1]!,
    queue: album.songs,
    queueIndex: 1,
    context: album,
    position: 42.5,
    shuffle: false,
    repeat: 'all',
  };

  it('shows the song, queue and position at once, loaded paused at that position, the large player closed', () => {
    const { audio, state, controller } = setUp({ restoredSession: saved });
    expect(state()).toMatchObject({
      currentSong: album.songs[1],
      queue: album.songs,
      queueIndex: 1,
      context: album,
      currentTime: 42.5,
      repeat: 'all',
      isPlaying: false,
      showLargePlayer: false,
    });
    expect(audio.src).toBe('/api/songs/2/stream?quality=medium');
    expect(audio.currentTime).toBe(42.5);
    expect(audio.paused).toBe(true);
    // The metadata only: a song restored after a reload costs no data until it is played.
    expect(audio.preload).toBe('metadata');
    expect(controller.getPosition()).toBe(42.5);
  });

  it('plays on from the saved position when the listener presses play, and next follows the saved queue', () => {
    const { actions, audio, state } = setUp({ restoredSession: saved });
    actions.togglePlay();
    expect(audio.paused).toBe(false);
    expect(audio.currentTime).toBe(42.5);
    expect(state().isPlaying).toBe(true);
    actions.next();
    expect(state().currentSong).toBe(album.songs[2]);
  });

  it('drops a saved song that no longer loads, without a toast', () => {
    const { audio, state, deps } = setUp({ restoredSession: saved });
    audio.emit('error');
    expect(deps.reportAudioError).not.toHaveBeenCalled();
    expect(state()).toMatchObject({ currentSong: null, queue: [], queueIndex: -1, context: null, currentTime: 0 });
    expect(audio.src).toBe('');
  });

  it('reports an error as usual once the listener has pressed play', () => {
    const { actions, audio, state, deps } = setUp({ restoredSession: saved });
    actions.togglePlay();
    audio.emit('error');
    expect(deps.reportAudioError).toHaveBeenCalledWith(album.songs[1]);
    expect(state().currentSong).toBe(album.songs[1]);
  });

  it('loads the song only once when the element is attached again (React strict mode)', () => {
    const { controller, audio, detach } = setUp({ restoredSession: saved });
    detach();
    audio.currentTime = 50;
    controller.attach(audio as unknown as AudioLike);
    expect(audio.currentTime).toBe(50);
  });

  it('starts empty without a saved session', () => {
    const { state, audio } = setUp();
    expect(state()).toMatchObject({ currentSong: null, queue: [], queueIndex: -1, currentTime: 0 });
    expect(audio.src).toBe('');
  });
});
