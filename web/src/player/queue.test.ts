import { describe, expect, it } from 'vitest';
import type { PlaybackContext } from './player-types';
import {
  buildQueue,
  cycleRepeatMode,
  decideOnEnd,
  findUpcomingSong,
  listUpNext,
  reorderForShuffle,
  shuffleAround,
  shuffleSongs,
  stepIndex,
} from './queue';
import { buildSong, buildSongs } from './test-songs';

/** A repeatable random source, so a shuffle can be told apart from the original order. */
function seededRandom(seed = 7): () => number {
  let value = seed;
  return () => {
    value = (value * 16807) % 2147483647;
    return (value - 1) / 2147483646;
  };
}

const ids = (songs: { id: number | string }[]) => songs.map((song) => song.id);

describe('shuffleSongs', () => {
  it('keeps every song exactly once and changes the order', () => {
    const songs = buildSongs(10);
    const shuffled = shuffleSongs(songs, seededRandom());
    expect([...ids(shuffled)].sort((a, b) => Number(a) - Number(b))).toEqual(ids(songs));
    expect(ids(shuffled)).not.toEqual(ids(songs));
    expect(ids(songs)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});

describe('shuffleAround', () => {
  it('puts the current song first and every other song once after it', () => {
    const songs = buildSongs(6);
    const shuffled = shuffleAround(songs, songs[3]!, seededRandom());
    expect(shuffled[0]!.id).toBe(4);
    expect(ids(shuffled.slice(1)).sort()).toEqual([1, 2, 3, 5, 6]);
  });

  it('adds a current song that is not in the list', () => {
    const stranger = buildSong('deezer-9');
    expect(ids(shuffleAround(buildSongs(2), stranger, seededRandom()))).toEqual(['deezer-9', expect.any(Number), expect.any(Number)]);
  });
});

describe('buildQueue', () => {
  const songs = buildSongs(5);
  const album: PlaybackContext = { type: 'album', id: 3, songs };

  it('uses the context in its own order, at the chosen song', () => {
    expect(buildQueue({ song: songs[2]!, context: album, allSongs: [], shuffle: false })).toEqual({ songs, index: 2 });
  });

  it('shuffles the context around the chosen song when shuffle is on', () => {
    const queue = buildQueue({ song: songs[2]!, context: album, allSongs: [], shuffle: true, random: seededRandom() });
    expect(queue.index).toBe(0);
    expect(queue.songs[0]!.id).toBe(3);
    expect(ids(queue.songs).sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('puts a song missing from its context first', () => {
    const stranger = buildSong(99);
    expect(ids(buildQueue({ song: stranger, context: album, allSongs: [], shuffle: false }).songs)).toEqual([99, 1, 2, 3, 4, 5]);
  });

  it('without a context, queues the whole catalogue shuffled, starting at the song', () => {
    const allSongs = buildSongs(8);
    const queue = buildQueue({ song: allSongs[5]!, context: null, allSongs, shuffle: false, random: seededRandom() });
    expect(queue.index).toBe(0);
    expect(queue.songs[0]!.id).toBe(6);
    expect(ids(queue.songs).sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(ids(queue.songs)).not.toEqual([6, 1, 2, 3, 4, 5, 7, 8]);
  });

  it('treats an empty context like none', () => {
    const allSongs = buildSongs(3);
    const queue = buildQueue({ song: allSongs[0]!, context: { type: 'search', songs: [] }, allSongs, shuffle: false });
    expect(queue.songs).toHaveLength(3);
  });
});

describe('reorderForShuffle', () => {
  const songs = buildSongs(6);
  const playlist: PlaybackContext = { type: 'playlist', id: 1, songs };

  it('shuffling on keeps the current song and moves it to the front', () => {
    const queue = reorderForShuffle({ songs, index: 4 }, playlist, true, seededRandom());
    expect(queue.index).toBe(0);
    expect(queue.songs[0]!.id).toBe(5);
    expect(ids(queue.songs).sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("shuffling off returns to the context's order at the current song", () => {
    const shuffled = reorderForShuffle({ songs, index: 4 }, playlist, true, seededRandom());
    expect(reorderForShuffle(shuffled, playlist, false)).toEqual({ songs, index: 4 });
  });

  it('shuffling off a catalogue queue keeps it as it is', () => {
    const queue = { songs: shuffleSongs(songs, seededRandom()), index: 2 };
    expect(reorderForShuffle(queue, null, false)).toBe(queue);
  });
});

describe('stepIndex', () => {
  it('moves cyclically both ways', () => {
    expect(stepIndex(3, 0, 1)).toBe(1);
    expect(stepIndex(3, 2, 1)).toBe(0);
    expect(stepIndex(3, 0, -1)).toBe(2);
    expect(stepIndex(1, 0, 1)).toBe(0);
    expect(stepIndex(0, 0, 1)).toBe(-1);
  });
});

describe('cycleRepeatMode', () => {
  it('cycles off, all, one, off', () => {
    expect(cycleRepeatMode('off')).toBe('all');
    expect(cycleRepeatMode('all')).toBe('one');
    expect(cycleRepeatMode('one')).toBe('off');
  });
});

describe('decideOnEnd', () => {
  it('repeat one replays the song', () => {
    expect(decideOnEnd('one', 5, 2)).toEqual({ type: 'replay' });
  });

  it('plays the next song in the middle of the queue whatever the repeat', () => {
    expect(decideOnEnd('off', 5, 2)).toEqual({ type: 'play', index: 3 });
    expect(decideOnEnd('all', 5, 2)).toEqual({ type: 'play', index: 3 });
  });

  it('at the last song, repeat all wraps to the first and repeat off stops', () => {
    expect(decideOnEnd('all', 5, 4)).toEqual({ type: 'play', index: 0 });
    expect(decideOnEnd('off', 5, 4)).toEqual({ type: 'stop' });
  });

  it('repeat all with a single song replays it', () => {
    expect(decideOnEnd('all', 1, 0)).toEqual({ type: 'replay' });
  });
});

describe('findUpcomingSong', () => {
  const songs = buildSongs(3);

  it('is the song that plays when this one ends', () => {
    expect(findUpcomingSong('off', { songs, index: 0 })?.id).toBe(2);
    expect(findUpcomingSong('all', { songs, index: 2 })?.id).toBe(1);
  });

  it('is nothing when the player will stop or replay', () => {
    expect(findUpcomingSong('off', { songs, index: 2 })).toBeNull();
    expect(findUpcomingSong('one', { songs, index: 0 })).toBeNull();
    expect(findUpcomingSong('off', { songs: [], index: -1 })).toBeNull();
  });
});

describe('listUpNext', () => {
  it('lists the songs after the current one, wrapping round, with their queue positions', () => {
    const songs = buildSongs(4);
    expect(listUpNext({ songs, index: 2 }).map(({ song, index }) => [song.id, index])).toEqual([
      [4, 3],
      [1, 0],
      [2, 1],
    ]);
    expect(listUpNext({ songs: [], index: -1 })).toEqual([]);
  });
});
