import { describe, expect, it, vi } from 'vitest';
import {
  captureSession,
  createSessionSaver,
  createSessionStore,
  parseSession,
  SESSION_SAVE_INTERVAL_MS,
  sessionKey,
  type SavedSession,
} from './player-session';
import type { PlaybackContext, PlayerState } from './player-types';
import { buildSong, buildSongs } from './test-songs';

const songs = buildSongs(4);
const playlist: PlaybackContext = { type: 'playlist', id: 9, songs };

function playerState(patch: Partial<PlayerState> = {}): PlayerState {
  return {
    currentSong: songs[2]!,
    isPlaying: true,
    volume: 75,
    currentTime: 61,
    duration: 120,
    repeat: 'one',
    shuffle: true,
    showLargePlayer: true,
    context: playlist,
    queue: songs,
    queueIndex: 2,
    streamLabel: 'MP3 128 kbps',
    ...patch,
  };
}

const session: SavedSession = {
  song: songs[2]!,
  queue: songs,
  queueIndex: 2,
  context: playlist,
  position: 61.4,
  shuffle: true,
  repeat: 'one',
};

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    key: (index: number) => [...items.keys()][index] ?? null,
    get length() {
      return items.size;
    },
  };
}

describe('capturing and reading a session', () => {
  it('keeps the song, the queue with its context, the exact position, shuffle and repeat', () => {
    expect(captureSession(playerState(), 61.4)).toEqual(session);
    expect(captureSession(playerState({ currentSong: null }), 0)).toBeNull();
  });

  it('reads back what was saved', () => {
    expect(parseSession(JSON.stringify({ version: 1, ...session }))).toEqual(session);
    const noContext = { ...session, context: null };
    expect(parseSession(JSON.stringify({ version: 1, ...noContext }))).toEqual(noContext);
  });

  it('refuses a missing, corrupt, older or malformed session', () => {
    expect(parseSession(null)).toBeNull();
    expect(parseSession('{not json')).toBeNull();
    expect(parseSession(JSON.stringify(session))).toBeNull();
    expect(parseSession(JSON.stringify({ version: 0, ...session }))).toBeNull();
    expect(parseSession(JSON.stringify({ version: 1, ...session, position: 'late' }))).toBeNull();
    expect(parseSession(JSON.stringify({ version: 1, ...session, repeat: 'twice' }))).toBeNull();
    expect(parseSession(JSON.stringify({ version: 1, ...session, song: { id: 3, title: 'No artist' } }))).toBeNull();
    const badContext = { ...playlist, type: 'radio' };
    expect(parseSession(JSON.stringify({ version: 1, ...session, context: badContext }))).toBeNull();
  });

  it('shrinks a queue that does not hold the song at its index to the song alone', () => {
    const stray = { ...session, queueIndex: 0 };
    expect(parseSession(JSON.stringify({ version: 1, ...stray }))).toMatchObject({ queue: [songs[2]], queueIndex: 0 });
  });
});

describe('the stored session of one listener', () => {
  it('saves under the listener\'s key, loads it back and forgets it on null', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage, 7);
    store.save(session);
    expect(storage.items.has(sessionKey(7))).toBe(true);
    expect(store.load()).toEqual(session);
    store.save(null);
    expect(storage.items.has(sessionKey(7))).toBe(false);
    expect(store.load()).toBeNull();
  });

  it('never hands one listener another account\'s session, and removes it from the browser', () => {
    const storage = memoryStorage({ 'kora-volume': '40' });
    createSessionStore(storage, 7).save(session);
    expect(createSessionStore(storage, 8).load()).toBeNull();
    expect(storage.items.has(sessionKey(7))).toBe(false);
    expect(storage.items.get('kora-volume')).toBe('40');
  });

  it('removes a session it cannot read', () => {
    const storage = memoryStorage({ [sessionKey(7)]: '{"version":1}' });
    expect(createSessionStore(storage, 7).load()).toBeNull();
    expect(storage.items.size).toBe(0);
  });

  it('survives storage that refuses writes', () => {
    const storage = memoryStorage();
    storage.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(() => createSessionStore(storage, 7).save(session)).not.toThrow();
    warn.mockRestore();
  });
});

describe('saving while the song plays', () => {
  function setUp() {
    let time = 1_000;
    const save = vi.fn();
    const saver = createSessionSaver({ initial: playerState(), save, now: () => time });
    return { saver, save, advance: (ms: number) => (time += ms) };
  }

  it('writes a new position at most once per interval, not on every time update', () => {
    const { saver, save, advance } = setUp();
    for (let second = 62; second < 66; second++) {
      advance(1_000);
      saver.offer(playerState({ currentTime: second }), second);
    }
    expect(save).not.toHaveBeenCalled();
    advance(1_000);
    saver.offer(playerState({ currentTime: 66 }), 66.2);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenLastCalledWith(expect.objectContaining({ position: 66.2 }));
    advance(SESSION_SAVE_INTERVAL_MS - 1);
    saver.offer(playerState({ currentTime: 70 }), 70);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('writes another song, queue, shuffle or repeat at once', () => {
    const { saver, save } = setUp();
    saver.offer(playerState({ currentSong: songs[3]!, queueIndex: 3, currentTime: 0 }), 0);
    saver.offer(playerState({ currentSong: songs[3]!, queueIndex: 3, currentTime: 0, repeat: 'off' }), 0);
    expect(save).toHaveBeenCalledTimes(2);
    expect(save).toHaveBeenLastCalledWith(expect.objectContaining({ song: songs[3], repeat: 'off' }));
  });

  it('ignores changes that are not part of the session (volume, playing, the large player)', () => {
    const { saver, save, advance } = setUp();
    advance(SESSION_SAVE_INTERVAL_MS * 2);
    saver.offer(playerState({ volume: 20, isPlaying: false, showLargePlayer: false }), 61);
    expect(save).not.toHaveBeenCalled();
  });

  it('forgets the session once nothing is loaded, and flushes the exact position on demand', () => {
    const { saver, save } = setUp();
    saver.flush(playerState({ currentSong: buildSong(5), queue: [buildSong(5)], queueIndex: 0 }), 12.3);
    expect(save).toHaveBeenLastCalledWith(expect.objectContaining({ position: 12.3 }));
    saver.offer(playerState({ currentSong: null, queue: [], queueIndex: -1 }), 0);
    expect(save).toHaveBeenLastCalledWith(null);
  });
});
