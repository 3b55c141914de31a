import { DEFAULT_VOLUME, PLAYBACK_RESTART_DELAY_MS, VOLUME_POLL_MS, type Song, type StreamQuality } from '@kora/contracts';
import type { Mixer } from './audio-graph';
import { createPlayTracker, type QualifiedPlay } from './play-tracker';
import type { SavedSession } from './player-session';
import type { PlaybackContext, PlayerActions, PlayerState } from './player-types';
import { createPreviewRecovery } from './preview-recovery';
import {
  buildQueue,
  cycleRepeatMode,
  decideOnEnd,
  isSameSong,
  reorderForShuffle,
  shuffleAround,
  stepIndex,
  type Queue,
  type Random,
} from './queue';
import type { StreamDescription } from './stream-label';
import { getStreamUrl } from './stream-url';
import { planTransition, transitionStartsAt, transitionStep, type TransitionPlan } from './transition-plan';
import { clampVolume, getElementVolumeToWrite, getVolumeToAdopt, readStoredVolume, storeVolume } from './volume';

/** The part of the <audio> element the player drives; tests hand in a fake. */
export type AudioLike = Pick<
  HTMLAudioElement,
  | 'src'
  | 'currentTime'
  | 'duration'
  | 'volume'
  | 'paused'
  | 'error'
  | 'preload'
  | 'buffered'
  | 'networkState'
  | 'play'
  | 'pause'
  | 'load'
  | 'removeAttribute'
  | 'setAttribute'
  | 'addEventListener'
  | 'removeEventListener'
>;

export type PlayerControllerDeps = {
  /** The whole catalogue (GET /api/songs) for a song started without a context: cached copy and loader. */
  catalogue: { getCached: () => Song[] | undefined; load: () => Promise<Song[]> };
  recordPlay: (play: QualifiedPlay) => void;
  /** A working preview URL for an external song whose URL failed (spec section 4); rejects when there is none. */
  refreshPreviewUrl: (song: Song) => Promise<string>;
  /** The toast of a song that cannot play: a local file, or an external preview whose recovery failed. */
  reportAudioError: (song: Song) => void;
  readStreamingQuality: () => StreamQuality;
  /** Why a song cannot start now (offline and not downloaded), said instead of starting it; null when it can. */
  unavailable?: (song: Song) => string | null;
  /** Tells the listener why a song did not start. */
  reportUnavailable?: (message: string) => void;
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** The song, queue and position of the last visit: shown at once, loaded paused at that position. */
  restoredSession?: SavedSession | null;
  /** Crossfade, gapless and loudness normalization as the settings say now. */
  readPlayback?: () => PlaybackSettings;
  /** The Web Audio mixer once it exists (after the first tap, where the browser has Web Audio); fades need it. */
  getMixer?: () => Mixer<AudioLike> | null;
  /** What a stream serves ("Opus 48 kbps"), asked without downloading audio; null when it cannot be told. */
  describeStream?: (song: Song, url: string, signal: AbortSignal) => Promise<StreamDescription | null>;
  /**
   * Watches the playing song's buffer at each 'timeupdate' (Auto's adaptive quality): true when the
   * song should reload at the quality asked for now, a lower one, before its buffer runs dry.
   */
  watchBuffer?: (element: AudioLike, playingKbps: number | null) => boolean;
  random?: Random;
  now?: () => number;
};

export type PlayerController = {
  getState: () => PlayerState;
  subscribe: (listener: () => void) => () => void;
  /** Connects the one <audio> element; returns the disconnect. */
  /**
   * Connects the <audio> elements: the one that plays, and a second one the next song loads into
   * ahead of a crossfade or gapless start (without it, songs change on 'ended'). Returns the disconnect.
   */
  attach: (audio: AudioLike, spare?: AudioLike) => () => void;
  /** The URL a song's stream would load now, at the quality the player would ask (for the next song's preload). */
  streamUrl: (song: Song) => string | null;
  /** Applies the normalization setting to what plays now (the settings changed). */
  refreshLoudness: () => void;
  /** Records the current song now if it qualifies (the page is going away). */
  settlePlay: () => void;
  /** Media keys and the lock screen ask for play or pause outright, not a toggle. */
  setPlaying: (playing: boolean) => void;
  /** Seeks from the exact position, not the once-a-second one in the state. */
  seekBy: (seconds: number) => void;
  /** Seconds into the current song, exact where the element knows it (for saving the session). */
  getPosition: () => number;
  actions: PlayerActions;
};

type StartMode = 'now' | 'after-restart-delay';

export type PlaybackSettings = { crossfadeSeconds: number; gapless: boolean; normalizeVolume: boolean };

/**
 * Within this much of a song's hand-over the start is timed, not left to the next 'timeupdate'
 * (about every 250 ms), so a gapless start lands on the end of the song.
 */
const TIMED_START_WINDOW_SECONDS = 1;
/** A faded-out song is stopped this long after its fade, in case its 'ended' never comes. */
const OUTGOING_STOP_MARGIN_SECONDS = 0.5;

/**
 * The player's state and every transition of spec section 4, outside React so it can be tested
 * with a fake audio element. The element is the truth for playing and time; its events feed the state.
 */
export function createPlayerController(deps: PlayerControllerDeps): PlayerController {
  const random = deps.random ?? Math.random;
  const tracker = createPlayTracker({ onQualified: deps.recordPlay, now: deps.now });
  const listeners = new Set<() => void>();
  const initialVolume = readStoredVolume(deps.storage);
  let volumeBeforeMute = initialVolume > 0 ? initialVolume : DEFAULT_VOLUME;
  let audio: AudioLike | null = null;
  /** The other element: the next song loads into it before a hand-over, then the two swap roles. */
  let spare: AudioLike | null = null;
  /** The URL the spare holds for the coming hand-over, if any. */
  let spareUrl: string | null = null;
  /** The element still sounding after a hand-over (fading out, or its last milliseconds), until it stops. */
  let outgoing: AudioLike | null = null;
  let outgoingStop: ReturnType<typeof setTimeout> | undefined;
  let handOverTimer: ReturnType<typeof setTimeout> | undefined;
  let describing: AbortController | null = null;
  let describedUrl: string | null = null;
  /** The bitrate of what plays, as the server named it; null until known. */
  let streamKbps: number | null = null;
  let loadedUrl: string | null = null;
  let pendingStart: ReturnType<typeof setTimeout> | undefined;
  const restored = deps.restoredSession ?? null;
  // The restored song until the listener does anything with the player: an error then means the
  // saved song is gone (deleted, 404), and it is dropped without a word.
  let isRestoredUntouched = restored !== null;
  let cuedElement: AudioLike | null = null;
  let state: PlayerState = {
    currentSong: restored?.song ?? null,
    isPlaying: false,
    volume: initialVolume,
    currentTime: restored?.position ?? 0,
    duration: restored?.song.duration ?? 0,
    repeat: restored?.repeat ?? 'off',
    shuffle: restored?.shuffle ?? false,
    showLargePlayer: false,
    context: restored?.context ?? null,
    queue: restored?.queue ?? [],
    queueIndex: restored?.queueIndex ?? -1,
    streamLabel: null,
  };

  function setState(patch: Partial<PlayerState>): void {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  }

  const recovery = createPreviewRecovery({
    refreshPreviewUrl: deps.refreshPreviewUrl,
    reportAudioError: deps.reportAudioError,
    applyFreshUrl,
    replay: replayCurrent,
  });

  function cancelPendingStart(): void {
    clearTimeout(pendingStart);
    pendingStart = undefined;
  }

  function requestPlay(): void {
    pendingStart = undefined;
    if (!audio || !state.currentSong) return;
    const element = audio;
    // Rejected when a newer load or pause supersedes it, or when the browser wants a gesture first.
    element.play().catch(() => setState({ isPlaying: !element.paused }));
  }

  /** Loads the restored song into the element, paused at its saved position (the metadata only, until played). */
  function cueRestoredSong(element: AudioLike): void {
    const song = state.currentSong;
    const url = song && getStreamUrl(song, deps.readStreamingQuality());
    if (!url) {
      dropRestoredSession();
      return;
    }
    cuedElement = element;
    loadedUrl = url;
    element.src = url;
    applyLoudness(element, song);
    forgetStreamLabel();
    // Before the metadata has loaded this is where playback will start.
    element.currentTime = state.currentTime;
  }

  function dropRestoredSession(): void {
    isRestoredUntouched = false;
    loadedUrl = null;
    if (audio) {
      audio.removeAttribute('src');
      audio.load();
    }
    setState({ currentSong: null, queue: [], queueIndex: -1, context: null, currentTime: 0, duration: 0, isPlaying: false });
  }

  function loadSong(requested: Song, queue: Queue, context: PlaybackContext | null, mode: StartMode): void {
    isRestoredUntouched = false;
    cancelPendingStart();
    cancelHandOver();
    recovery.startLoad();
    tracker.settle();
    const song = recovery.withFreshUrl(requested);
    setState({
      currentSong: song,
      queue: queue.songs,
      queueIndex: queue.index,
      context,
      currentTime: 0,
      duration: song.duration ?? 0,
    });
    if (!audio) return;
    const url = getStreamUrl(song, deps.readStreamingQuality());
    if (!url) {
      loadedUrl = null;
      audio.pause();
      audio.removeAttribute('src');
      audio.load();
      setState({ isPlaying: false });
      deps.reportAudioError(song);
      return;
    }
    applyLoudness(audio, song);
    forgetStreamLabel();
    // The same file again (repeat, a one-song queue) restarts without downloading anything.
    if (url === loadedUrl && !audio.error) audio.currentTime = 0;
    else {
      loadedUrl = url;
      // Played now or in a moment (a pick): buffer on past the metadata the element's attribute allows,
      // or play() finds the pipeline suspended and waits for the stream again (issue 20).
      audio.preload = 'auto';
      audio.src = url;
    }
    if (mode === 'now') requestPlay();
    else pendingStart = setTimeout(requestPlay, PLAYBACK_RESTART_DELAY_MS);
  }

  /** Says why the song cannot start now, if it cannot. */
  function refuses(song: Song): boolean {
    const reason = deps.unavailable?.(song) ?? null;
    if (reason !== null) deps.reportUnavailable?.(reason);
    return reason !== null;
  }

  function startSong(song: Song, context: PlaybackContext | undefined, mode: StartMode): void {
    // Issue 20's play start: the listener asked for a song here (bench/play-start.ts; traces show it too).
    performance.mark('kora:play-request');
    if (refuses(song)) return;
    const listContext = context && context.songs.length > 0 ? context : null;
    const cached = deps.catalogue.getCached();
    const queue = buildQueue({ song, context: listContext, allSongs: cached ?? [], shuffle: state.shuffle, random });
    loadSong(song, queue, listContext, mode);
    if (!listContext && !cached) void fillCatalogueQueue(song);
  }

  /** Without a context the queue is the shuffled catalogue; when it was not loaded yet, it joins once it is. */
  async function fillCatalogueQueue(song: Song): Promise<void> {
    let allSongs: Song[];
    try {
      allSongs = await deps.catalogue.load();
    } catch (error) {
      console.warn('Could not load the songs to queue after this one', error);
      return;
    }
    const current = state.currentSong;
    if (!current || !isSameSong(current, song) || state.context || state.queue.length > 1) return;
    setState({ queue: shuffleAround(allSongs, song, random), queueIndex: 0 });
  }

  function playAt(index: number): void {
    const song = state.queue[index];
    if (song && !refuses(song)) loadSong(song, { songs: state.queue, index }, state.context, 'now');
  }

  function restartCurrent(): void {
    if (!audio) return;
    audio.currentTime = 0;
    requestPlay();
  }

  function togglePlay(): void {
    if (!audio || !state.currentSong) return;
    isRestoredUntouched = false;
    cancelPendingStart();
    if (audio.paused) requestPlay();
    else {
      // A pause in the middle of a crossfade ends it: the song fading out does not play on alone.
      stopOutgoing();
      clearHandOverTimer();
      audio.pause();
    }
  }

  function seek(seconds: number): void {
    if (!audio || !state.currentSong) return;
    const max = state.duration > 0 ? state.duration : (state.currentSong.duration ?? Infinity);
    const target = Math.min(Math.max(0, seconds), max);
    clearHandOverTimer();
    audio.currentTime = target;
    setState({ currentTime: target });
  }

  function setVolume(next: number): void {
    const volume = clampVolume(next);
    if (volume > 0) volumeBeforeMute = volume;
    if (volume === state.volume) return;
    setState({ volume });
    storeVolume(deps.storage, volume);
    writeElementVolume();
  }

  function writeElementVolume(): void {
    for (const element of [audio, outgoing, spare]) {
      if (!element) continue;
      const elementVolume = getElementVolumeToWrite(state.volume, element.volume);
      if (elementVolume !== null) element.volume = elementVolume;
    }
  }

  /** The song's track gain where normalization is on (0 dB where it is off or the song is not measured). */
  function applyLoudness(element: AudioLike, song: Song): void {
    const normalize = deps.readPlayback?.().normalizeVolume ?? false;
    deps.getMixer?.()?.setTrackGain(element, normalize ? (song.trackGainDb ?? 0) : 0);
  }

  /** A new file is loading: what the last one was is no longer true. */
  function forgetStreamLabel(): void {
    describing?.abort();
    describedUrl = null;
    streamKbps = null;
    if (state.streamLabel !== null) setState({ streamLabel: null });
  }

  /**
   * Asks what the stream serves once it sounds, for the player to show: a song restored at load, or
   * skipped before it played, costs no request. An answer for an earlier file is dropped.
   */
  function describeStream(): void {
    const song = state.currentSong;
    const url = loadedUrl;
    if (!deps.describeStream || !song || !url || url === describedUrl) return;
    describing?.abort();
    describedUrl = url;
    const request = new AbortController();
    describing = request;
    deps.describeStream(song, url, request.signal).then(
      (description) => {
        if (request.signal.aborted) return;
        streamKbps = description?.kbps ?? null;
        setState({ streamLabel: description?.label ?? null });
      },
      () => undefined,
    );
  }

  /** The song that follows when this one ends, as the queue and repeat mode say. */
  function upcomingSong(): { song: Song; index: number } | null {
    const action = decideOnEnd(state.repeat, state.queue.length, state.queueIndex);
    const song = action.type === 'play' ? state.queue[action.index] : undefined;
    return song && action.type === 'play' ? { song, index: action.index } : null;
  }

  function planHandOver(element: AudioLike, next: Song): TransitionPlan {
    const current = state.currentSong;
    const settings = deps.readPlayback?.();
    if (!current || !settings || !spare) return null;
    return planTransition({
      current,
      next,
      duration: element.duration,
      // A fade needs the mixer: without Web Audio a song ends as it always did.
      crossfadeSeconds: deps.getMixer?.() ? settings.crossfadeSeconds : 0,
      gapless: settings.gapless,
      shuffle: state.shuffle,
    });
  }

  /**
   * On each 'timeupdate' of the playing song: loads the next song into the spare element a little
   * before the hand-over, and times the hand-over itself once it is near.
   */
  function advanceHandOver(element: AudioLike): void {
    if (element.paused || handOverTimer !== undefined || !spare) return;
    const next = upcomingSong();
    const plan = next && planHandOver(element, next.song);
    if (!next || !plan || transitionStep(plan, element.currentTime, element.duration) === 'wait') return;
    // Offline and not downloaded: the song ends as usual, and the next one says why it cannot start.
    if (deps.unavailable?.(next.song)) return;
    const song = recovery.withFreshUrl(next.song);
    const url = getStreamUrl(song, deps.readStreamingQuality());
    if (!url) return;
    if (spareUrl !== url) {
      spareUrl = url;
      spare.preload = 'auto';
      spare.src = url;
    }
    const delay = transitionStartsAt(plan, element.duration) - element.currentTime;
    if (delay > TIMED_START_WINDOW_SECONDS) return;
    handOverTimer = setTimeout(
      () => {
        handOverTimer = undefined;
        handOver(plan, song, next.index);
      },
      Math.max(0, delay * 1000),
    );
  }

  /** Starts the next song in the spare element and makes it the playing one; the other fades out or ends. */
  function handOver(plan: Exclude<TransitionPlan, null>, song: Song, index: number): void {
    const previous = audio;
    const incoming = spare;
    const url = spareUrl;
    if (!previous || !incoming || !url || previous.paused || incoming.error) return;
    stopOutgoing();
    tracker.settle();
    recovery.startLoad();
    audio = incoming;
    spare = previous;
    spareUrl = null;
    markRoles();
    outgoing = previous;
    loadedUrl = url;
    const mixer = deps.getMixer?.();
    if (plan.kind === 'crossfade' && mixer) {
      mixer.fade(previous, 1, 0, plan.seconds);
      mixer.fade(incoming, 0, 1, plan.seconds);
    } else mixer?.fade(incoming, 1, 1, 0);
    // Gapless: the song handing over has only its last milliseconds left, and stops on 'ended'.
    const stopAfter = plan.kind === 'crossfade' ? plan.seconds : 0;
    outgoingStop = setTimeout(stopOutgoing, (stopAfter + OUTGOING_STOP_MARGIN_SECONDS) * 1000);
    applyLoudness(incoming, song);
    writeElementVolume();
    setState({ currentSong: song, queueIndex: index, currentTime: 0, duration: song.duration ?? 0 });
    forgetStreamLabel();
    requestPlay();
  }

  /** Silences the song that handed over, and readies its element to be the next spare. */
  function stopOutgoing(): void {
    clearTimeout(outgoingStop);
    outgoingStop = undefined;
    const element = outgoing;
    if (!element) return;
    outgoing = null;
    element.pause();
    element.removeAttribute('src');
    element.load();
    deps.getMixer?.()?.fade(element, 1, 1, 0);
  }

  function clearHandOverTimer(): void {
    clearTimeout(handOverTimer);
    handOverTimer = undefined;
  }

  /** Another song was chosen: any hand-over under way or prepared is dropped. */
  function cancelHandOver(): void {
    clearHandOverTimer();
    stopOutgoing();
    if (spare && spareUrl) {
      spare.removeAttribute('src');
      spare.load();
    }
    spareUrl = null;
  }

  function handlePause(): void {
    tracker.pause();
    setState({ isPlaying: false });
  }

  /** Plays are counted for library songs only; the server refuses external ones. */
  function handlePlaying(): void {
    // Sound starts: the end of issue 20's play start, timed from the click (bench/play-start.ts).
    performance.mark('kora:playing');
    if (state.currentSong?.source === 'local') tracker.resume(state.currentSong.id);
    describeStream();
  }

  /** The state moves once a second: as fine as the m:ss labels and the seek bar's steps can show. */
  function handleTimeUpdate(element: AudioLike): void {
    if (Math.floor(element.currentTime) !== Math.floor(state.currentTime)) setState({ currentTime: element.currentTime });
  }

  function handleDurationChange(element: AudioLike): void {
    if (Number.isFinite(element.duration) && element.duration > 0) setState({ duration: element.duration });
  }

  function handleEnded(): void {
    tracker.settle();
    const action = decideOnEnd(state.repeat, state.queue.length, state.queueIndex);
    if (action.type === 'replay') restartCurrent();
    else if (action.type === 'play') playAt(action.index);
  }

  function handleError(element: AudioLike): void {
    const song = state.currentSong;
    // An element without a source (nothing loaded yet, or just cleared) has nothing to report.
    if (!song || !loadedUrl) return;
    if (isRestoredUntouched) {
      dropRestoredSession();
      return;
    }
    cancelPendingStart();
    setState({ isPlaying: false });
    if (song.isExternal) recovery.handleFailure(song, element.currentTime);
    else deps.reportAudioError(song);
  }

  /** The song with its fresh URL wherever the player holds it, so next and previous reach it too. */
  function applyFreshUrl(song: Song, freshUrl: string): void {
    const refresh = (candidate: Song) => (isSameSong(candidate, song) ? { ...candidate, fileUrl: freshUrl } : candidate);
    setState({
      currentSong: state.currentSong && refresh(state.currentSong),
      queue: state.queue.map(refresh),
      context: state.context && { ...state.context, songs: state.context.songs.map(refresh) },
    });
  }

  function replayCurrent(position: number): void {
    const song = state.currentSong;
    const url = song && getStreamUrl(song, deps.readStreamingQuality());
    if (!audio || !url) return;
    cancelHandOver();
    loadedUrl = url;
    audio.src = url;
    forgetStreamLabel();
    // Before the new source has loaded this is where it will start.
    if (position > 0) audio.currentTime = position;
    requestPlay();
  }

  /** The events of one element; only the playing element's count, and the outgoing one's end stops it. */
  function listen(element: AudioLike): () => void {
    const whenPlaying = (handler: () => void) => () => {
      if (element === audio) handler();
    };
    const handlers: Array<[string, () => void]> = [
      ['play', whenPlaying(() => setState({ isPlaying: true }))],
      ['pause', whenPlaying(handlePause)],
      // Only sound counts: 'playing' is when it starts, 'waiting' is a stall on a slow connection.
      ['playing', whenPlaying(handlePlaying)],
      ['waiting', whenPlaying(() => tracker.pause())],
      [
        'timeupdate',
        whenPlaying(() => {
          handleTimeUpdate(element);
          watchBuffer(element);
          advanceHandOver(element);
        }),
      ],
      // A stalled song sends no 'timeupdate', but its download still makes progress (or none).
      ['progress', whenPlaying(() => watchBuffer(element))],
      [
        'seeked',
        whenPlaying(() => {
          clearHandOverTimer();
          setState({ currentTime: element.currentTime });
        }),
      ],
      ['durationchange', whenPlaying(() => handleDurationChange(element))],
      [
        'ended',
        () => {
          if (element === outgoing) stopOutgoing();
          else if (element === audio) handleEnded();
        },
      ],
      ['error', whenPlaying(() => handleError(element))],
    ];
    for (const [type, handler] of handlers) element.addEventListener(type, handler);
    return () => {
      for (const [type, handler] of handlers) element.removeEventListener(type, handler);
    };
  }

  function watchBuffer(element: AudioLike): void {
    if (deps.watchBuffer?.(element, streamKbps)) switchDown(element);
  }

  /** Auto chose a lower quality while the song plays: it goes on from where it is, in the lighter file. */
  function switchDown(element: AudioLike): void {
    const song = state.currentSong;
    const url = song && getStreamUrl(recovery.withFreshUrl(song), deps.readStreamingQuality());
    if (!url || url === loadedUrl || element.paused) return;
    replayCurrent(element.currentTime);
  }

  /** Says in the page which element is the playing one, for tools and tests: the two swap at each hand-over. */
  function markRoles(): void {
    audio?.setAttribute('data-role', 'playing');
    spare?.setAttribute('data-role', 'spare');
  }

  function attach(element: AudioLike, second?: AudioLike): () => void {
    audio = element;
    spare = second ?? null;
    markRoles();
    writeElementVolume();
    const stopListening = [element, ...(second ? [second] : [])].map(listen);
    if (isRestoredUntouched && cuedElement !== element) cueRestoredSong(element);
    const volumePoll = setInterval(() => {
      if (!audio) return;
      const adopted = getVolumeToAdopt(state.volume, audio.volume);
      if (adopted === null) return;
      setState({ volume: adopted });
      storeVolume(deps.storage, adopted);
    }, VOLUME_POLL_MS);

    return () => {
      for (const stop of stopListening) stop();
      clearInterval(volumePoll);
      cancelPendingStart();
      cancelHandOver();
      describing?.abort();
      recovery.cancel();
      tracker.settle();
      audio?.pause();
      audio = null;
      spare = null;
    };
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    attach,
    streamUrl: (song) => getStreamUrl(song, deps.readStreamingQuality()),
    refreshLoudness() {
      if (audio && state.currentSong) applyLoudness(audio, state.currentSong);
    },
    settlePlay: () => tracker.settle(),
    setPlaying(playing) {
      if (audio && audio.paused === playing) togglePlay();
    },
    seekBy(seconds) {
      if (audio) seek(audio.currentTime + seconds);
    },
    getPosition() {
      // Until the restored song is played the element may not know the position yet; the state does.
      return audio && loadedUrl && !isRestoredUntouched ? audio.currentTime : state.currentTime;
    },
    actions: {
      playSong(song, context) {
        startSong(song, context, 'now');
        setState({ showLargePlayer: true });
      },
      toggleSongPlayback(song, context) {
        if (state.currentSong && isSameSong(state.currentSong, song)) togglePlay();
        else startSong(song, context, 'now');
      },
      pickSong(song, context) {
        audio?.pause();
        setState({ isPlaying: false });
        startSong(song, context, 'after-restart-delay');
      },
      playQueueIndex: playAt,
      togglePlay,
      next() {
        if (state.currentSong) playAt(stepIndex(state.queue.length, state.queueIndex, 1));
      },
      previous() {
        if (state.currentSong) playAt(stepIndex(state.queue.length, state.queueIndex, -1));
      },
      seek,
      setVolume,
      toggleMute() {
        setVolume(state.volume > 0 ? 0 : volumeBeforeMute);
      },
      toggleShuffle() {
        const shuffle = !state.shuffle;
        const queue = reorderForShuffle({ songs: state.queue, index: state.queueIndex }, state.context, shuffle, random);
        setState({ shuffle, queue: queue.songs, queueIndex: queue.index });
      },
      cycleRepeat() {
        setState({ repeat: cycleRepeatMode(state.repeat) });
      },
      setShowLargePlayer(open) {
        setState({ showLargePlayer: open });
      },
    },
  };
}
