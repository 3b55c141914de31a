import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPlayTracker, type QualifiedPlay } from './play-tracker';

function startTracker() {
  const plays: QualifiedPlay[] = [];
  const tracker = createPlayTracker({ onQualified: (play) => plays.push(play) });
  return { tracker, plays };
}

const seconds = (count: number) => vi.advanceTimersByTime(count * 1000);

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('play tracker', () => {
  it('does not record a song heard for 29 seconds', () => {
    const { tracker, plays } = startTracker();
    tracker.resume(1);
    seconds(29);
    tracker.settle();
    expect(plays).toEqual([]);
  });

  it('records a song that ends after 30 seconds of sound, once', () => {
    const { tracker, plays } = startTracker();
    tracker.resume(1);
    seconds(30);
    tracker.pause();
    tracker.settle();
    tracker.settle();
    expect(plays).toEqual([{ songId: 1, secondsPlayed: 30 }]);
  });

  it('adds up the time across pauses, and the time paused does not count', () => {
    const { tracker, plays } = startTracker();
    tracker.resume(1);
    seconds(20);
    tracker.pause();
    seconds(600);
    expect(tracker.getSecondsPlayed()).toBe(20);
    tracker.resume(1);
    seconds(15);
    tracker.settle();
    expect(plays).toEqual([{ songId: 1, secondsPlayed: 35 }]);
  });

  it('resuming while already playing does not restart the clock', () => {
    const { tracker } = startTracker();
    tracker.resume(1);
    seconds(10);
    tracker.resume(1);
    seconds(10);
    expect(tracker.getSecondsPlayed()).toBe(20);
  });

  it('switching songs records the previous one when it qualified', () => {
    const { tracker, plays } = startTracker();
    tracker.resume('a');
    seconds(45);
    tracker.resume('b');
    seconds(5);
    expect(plays).toEqual([{ songId: 'a', secondsPlayed: 45 }]);
    expect(tracker.getSecondsPlayed()).toBe(5);
  });

  it('switching songs early records nothing, and the new song starts from zero', () => {
    const { tracker, plays } = startTracker();
    tracker.resume('a');
    seconds(25);
    tracker.resume('b');
    seconds(25);
    tracker.settle();
    expect(plays).toEqual([]);
  });

  it('counts each start of the same song separately', () => {
    const { tracker, plays } = startTracker();
    tracker.resume(7);
    seconds(31);
    tracker.settle();
    tracker.resume(7);
    seconds(10);
    tracker.settle();
    tracker.resume(7);
    seconds(40);
    tracker.settle();
    expect(plays).toEqual([
      { songId: 7, secondsPlayed: 31 },
      { songId: 7, secondsPlayed: 40 },
    ]);
  });

  it('a pause with nothing playing changes nothing', () => {
    const { tracker, plays } = startTracker();
    tracker.pause();
    tracker.settle();
    expect(tracker.getSecondsPlayed()).toBe(0);
    expect(plays).toEqual([]);
  });
});
