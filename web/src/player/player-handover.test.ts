import type { Song } from '@kora/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Mixer } from './audio-graph';
import { createPlayerController, type AudioLike, type PlaybackSettings } from './player-controller';
import type { PlaybackContext } from './player-types';
import { FakeAudio, memoryStorage } from './test-audio';
import { buildSong } from './test-songs';

const record = { id: 4, title: 'Ọ̀nà', coverUrl: null };
const tracks = [1, 2, 3].map((id) => buildSong(id, { album: record, duration: 100, trackGainDb: -3 - id }));
const album: PlaybackContext = { type: 'album', id: 4, songs: tracks };
const mixed: PlaybackContext = { type: 'playlist', id: 9, songs: [buildSong(11), buildSong(12), buildSong(13)] };

function setUp(
  options: { playback?: Partial<PlaybackSettings>; mixer?: boolean; describe?: (song: Song) => Promise<string | null> } = {},
) {
  const playback: PlaybackSettings = { crossfadeSeconds: 0, gapless: true, normalizeVolume: true, ...options.playback };
  const fades: Array<[FakeAudio, number, number, number]> = [];
  const gains = new Map<FakeAudio, number>();
  const mixer: Mixer<AudioLike> = {
    setTrackGain: (element, decibels) => void gains.set(element as unknown as FakeAudio, decibels),
    fade: (element, from, to, seconds) => void fades.push([element as unknown as FakeAudio, from, to, seconds]),
  };
  const deps = {
    catalogue: { getCached: () => [], load: async () => [] },
    recordPlay: vi.fn(),
    refreshPreviewUrl: vi.fn(async () => 'x'),
    reportAudioError: vi.fn(),
    readStreamingQuality: () => 'medium' as const,
    storage: memoryStorage(),
    readPlayback: () => playback,
    getMixer: () => (options.mixer === false ? null : mixer),
    describeStream: options.describe
      ? async (song: Song) => {
          const label = await options.describe!(song);
          return label === null ? null : { label, kbps: Number(/\d+/.exec(label)?.[0] ?? Number.NaN) };
        }
      : undefined,
  };
  const controller = createPlayerController(deps);
  const first = new FakeAudio();
  const second = new FakeAudio();
  controller.attach(first as unknown as AudioLike, second as unknown as AudioLike);
  return { controller, actions: controller.actions, first, second, playback, fades, gains, deps, state: () => controller.getState() };
}

/** The element's clock moves to `seconds`, with the 'timeupdate' a browser sends. */
function playTo(element: FakeAudio, seconds: number): void {
  element.currentTime = seconds;
  element.emit('timeupdate');
}

function startAlbum(setup: ReturnType<typeof setUp>, context = album): void {
  setup.actions.playSong(context.songs[0]!, context);
  setup.first.duration = 100;
  setup.first.emit('durationchange');
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('crossfade', () => {
  it('loads the next song ahead, starts it the set seconds before the end, fades the two across and stops the old one', () => {
    const setup = setUp({ playback: { crossfadeSeconds: 2 } });
    const { first, second, fades, state } = setup;
    startAlbum(setup);
    playTo(first, 80);
    expect(second.src).toBe('');
    playTo(first, 84);
    // 15 s before the fade: the next song loads into the other element, in full.
    expect(second.src).toBe('/api/songs/2/stream?quality=medium');
    expect(second.preload).toBe('auto');
    expect(first.attributes.get('data-role')).toBe('playing');
    expect(second.paused).toBe(true);

    playTo(first, 97.5);
    vi.advanceTimersByTime(499);
    expect(state().currentSong).toBe(tracks[0]);
    vi.advanceTimersByTime(1);
    // At 98 s: the next song plays and is the current one, while the first fades out.
    expect(second.paused).toBe(false);
    expect(first.paused).toBe(false);
    expect(state()).toMatchObject({ currentSong: tracks[1], queueIndex: 1, isPlaying: true, currentTime: 0 });
    expect(fades).toEqual([
      [first, 1, 0, 2],
      [second, 0, 1, 2],
    ]);
    expect(second.attributes.get('data-role')).toBe('playing');
    expect(first.attributes.get('data-role')).toBe('spare');

    vi.advanceTimersByTime(2500);
    expect(first.paused).toBe(true);
    expect(first.src).toBe('');
    expect(second.paused).toBe(false);
    // The element that faded out is whole again for its next turn.
    expect(fades.at(-1)).toEqual([first, 1, 1, 0]);
  });

  it('keeps the playing flag and the song when the fading element pauses and ends', () => {
    const setup = setUp({ playback: { crossfadeSeconds: 5 } });
    const { first, second, state } = setup;
    startAlbum(setup);
    playTo(first, 85);
    playTo(first, 95);
    vi.advanceTimersByTime(0);
    expect(state().currentSong).toBe(tracks[1]);
    first.finish();
    expect(state()).toMatchObject({ currentSong: tracks[1], isPlaying: true });
    expect(first.src).toBe('');
    // The next hand-over goes the other way: the first element is now the spare.
    second.duration = 100;
    second.emit('durationchange');
    playTo(second, 85);
    expect(first.src).toBe('/api/songs/3/stream?quality=medium');
  });

  it('counts the first song as played when the next takes over', () => {
    const setup = setUp({ playback: { crossfadeSeconds: 2 } });
    const { first, deps } = setup;
    startAlbum(setup);
    vi.advanceTimersByTime(60_000);
    playTo(first, 84);
    playTo(first, 98);
    vi.advanceTimersByTime(0);
    expect(deps.recordPlay).toHaveBeenCalledWith(expect.objectContaining({ songId: 1 }));
  });

  it('stops the fading song at once when the listener pauses, skips or picks another song', () => {
    const setup = setUp({ playback: { crossfadeSeconds: 5 } });
    const { first, second, actions, state } = setup;
    startAlbum(setup);
    playTo(first, 85);
    playTo(first, 95);
    vi.advanceTimersByTime(0);
    actions.togglePlay();
    expect(first.paused).toBe(true);
    expect(second.paused).toBe(true);
    expect(state().isPlaying).toBe(false);

    const again = setUp({ playback: { crossfadeSeconds: 5 } });
    startAlbum(again);
    playTo(again.first, 85);
    playTo(again.first, 95);
    vi.advanceTimersByTime(0);
    again.actions.next();
    expect(again.first.paused).toBe(true);
    expect(again.state().currentSong).toBe(tracks[2]);
    expect(again.second.src).toBe('/api/songs/3/stream?quality=medium');
  });

  it('drops the prepared next song when the listener chooses another before the fade', () => {
    const setup = setUp({ playback: { crossfadeSeconds: 5 } });
    const { first, second, actions, state } = setup;
    startAlbum(setup);
    playTo(first, 85);
    expect(second.src).not.toBe('');
    actions.playQueueIndex(2);
    expect(second.src).toBe('');
    expect(first.src).toBe('/api/songs/3/stream?quality=medium');
    expect(state().currentSong).toBe(tracks[2]);
  });

  it('does not fade without Web Audio: the song ends and the next starts as before', () => {
    const setup = setUp({ playback: { crossfadeSeconds: 5, gapless: false }, mixer: false });
    const { first, second, state } = setup;
    startAlbum(setup);
    playTo(first, 95);
    vi.advanceTimersByTime(1000);
    expect(second.src).toBe('');
    expect(state().currentSong).toBe(tracks[0]);
    first.finish();
    expect(state().currentSong).toBe(tracks[1]);
    expect(first.src).toBe('/api/songs/2/stream?quality=medium');
  });

  it('does not hand over when the song repeats, or at the end of the queue with repeat off', () => {
    const setup = setUp({ playback: { crossfadeSeconds: 5 } });
    startAlbum(setup);
    setup.actions.cycleRepeat();
    setup.actions.cycleRepeat();
    expect(setup.state().repeat).toBe('one');
    playTo(setup.first, 96);
    vi.advanceTimersByTime(1000);
    expect(setup.second.src).toBe('');

    const last = setUp({ playback: { crossfadeSeconds: 5 } });
    last.actions.playSong(tracks[2]!, { type: 'album', id: 4, songs: tracks });
    last.actions.playSong(tracks[2]!, { type: 'album', id: 4, songs: [tracks[2]!] });
    last.first.duration = 100;
    playTo(last.first, 96);
    vi.advanceTimersByTime(1000);
    expect(last.second.src).toBe('');
  });
});

describe('gapless', () => {
  it("starts the album's next track just before the end, at full level, and lets the first one end by itself", () => {
    const setup = setUp();
    const { first, second, fades, state } = setup;
    startAlbum(setup);
    playTo(first, 90);
    expect(second.src).toBe('/api/songs/2/stream?quality=medium');
    playTo(first, 99.5);
    // Timed to 99.96 s, not left to the next 'timeupdate' a quarter of a second later.
    vi.advanceTimersByTime(440);
    expect(second.paused).toBe(true);
    vi.advanceTimersByTime(30);
    expect(second.paused).toBe(false);
    expect(state().currentSong).toBe(tracks[1]);
    expect(fades).toEqual([[second, 1, 1, 0]]);
    expect(first.paused).toBe(false);
    first.finish();
    expect(first.src).toBe('');
    expect(state()).toMatchObject({ currentSong: tracks[1], isPlaying: true });
  });

  it('leaves songs of different albums, or a shuffled album, to end as usual', () => {
    const setup = setUp();
    startAlbum(setup, mixed);
    playTo(setup.first, 99.5);
    vi.advanceTimersByTime(1000);
    expect(setup.second.src).toBe('');

    const shuffled = setUp();
    shuffled.actions.toggleShuffle();
    startAlbum(shuffled);
    playTo(shuffled.first, 99.5);
    vi.advanceTimersByTime(1000);
    expect(shuffled.second.src).toBe('');
  });

  it('waits for a seek: a timed start is dropped when the listener seeks back', () => {
    const setup = setUp();
    const { first, second, actions, state } = setup;
    startAlbum(setup);
    playTo(first, 99.5);
    actions.seek(10);
    first.emit('seeked');
    vi.advanceTimersByTime(1000);
    expect(second.paused).toBe(true);
    expect(state().currentSong).toBe(tracks[0]);
  });

  it('falls back to the usual change when the next song failed to load in the spare', () => {
    const setup = setUp();
    const { first, second, state } = setup;
    startAlbum(setup);
    playTo(first, 90);
    second.error = { code: 4 } as MediaError;
    second.emit('error');
    playTo(first, 99.99);
    vi.advanceTimersByTime(100);
    expect(state().currentSong).toBe(tracks[0]);
    first.finish();
    expect(state().currentSong).toBe(tracks[1]);
    expect(setup.deps.reportAudioError).not.toHaveBeenCalled();
  });
});

describe('loudness', () => {
  it("applies each song's track gain where normalization is on, and 0 dB where it is off", () => {
    const setup = setUp({ playback: { crossfadeSeconds: 2 } });
    const { first, second, gains, playback, controller } = setup;
    startAlbum(setup);
    expect(gains.get(first)).toBe(-4);
    playTo(first, 85);
    playTo(first, 98);
    vi.advanceTimersByTime(0);
    expect(gains.get(second)).toBe(-5);

    playback.normalizeVolume = false;
    controller.refreshLoudness();
    expect(gains.get(second)).toBe(0);
  });

  it('plays a song not measured yet at 0 dB', () => {
    const setup = setUp();
    setup.actions.playSong(buildSong(20, { trackGainDb: null }));
    expect(setup.gains.get(setup.first)).toBe(0);
  });
});

describe('what is streaming', () => {
  it('shows the answer for the current song and drops a late one for an earlier song', async () => {
    const answers = new Map<Song['id'], (label: string) => void>();
    const setup = setUp({ describe: (song) => new Promise((resolve) => answers.set(song.id, resolve)) });
    setup.actions.playSong(tracks[0]!, album);
    setup.actions.next();
    answers.get(1)!('MP3 128 kbps');
    await Promise.resolve();
    expect(setup.state().streamLabel).toBeNull();
    answers.get(2)!('Opus 48 kbps');
    await vi.waitFor(() => expect(setup.state().streamLabel).toBe('Opus 48 kbps'));
  });

  it('asks only once the song sounds, so a song skipped before it plays costs no request', () => {
    const asked: Song['id'][] = [];
    const setup = setUp({ describe: async (song) => (asked.push(song.id), 'MP3 128 kbps') });
    setup.actions.pickSong(tracks[0]!, album);
    setup.actions.pickSong(tracks[1]!, album);
    expect(asked).toEqual([]);
    vi.advanceTimersByTime(100);
    expect(asked).toEqual([2]);
    // Paused and played again: the same file, not asked again.
    setup.actions.togglePlay();
    setup.actions.togglePlay();
    expect(asked).toEqual([2]);
  });
});

describe("Auto's switch down", () => {
  it('reloads the playing song at the lower quality from where it is, only when the URL changes', () => {
    let quality: 'medium' | 'data-saver' = 'medium';
    let wantsDown = false;
    const controller = createPlayerController({
      catalogue: { getCached: () => [], load: async () => [] },
      recordPlay: vi.fn(),
      refreshPreviewUrl: vi.fn(async () => 'x'),
      reportAudioError: vi.fn(),
      readStreamingQuality: () => quality,
      storage: memoryStorage(),
      watchBuffer: () => wantsDown,
    });
    const audio = new FakeAudio();
    controller.attach(audio as unknown as AudioLike);
    controller.actions.playSong(tracks[0]!, album);
    playTo(audio, 30);
    expect(audio.src).toBe('/api/songs/1/stream?quality=medium');

    // Auto says down, but still asks for the same file: nothing reloads.
    wantsDown = true;
    playTo(audio, 31);
    expect(audio.src).toBe('/api/songs/1/stream?quality=medium');

    quality = 'data-saver';
    playTo(audio, 32);
    expect(audio.src).toBe('/api/songs/1/stream?quality=data-saver');
    expect(audio.currentTime).toBe(32);
    expect(audio.paused).toBe(false);
    expect(controller.getState().currentSong).toBe(tracks[0]);
  });
});
