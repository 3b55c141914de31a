import { PLAN_MAX_BITRATE_KBPS } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { autoLevelKbps, createAdaptiveQuality, type NetworkHints } from './adaptive-quality';

function setUp({ playsOpus = true, maxKbps = PLAN_MAX_BITRATE_KBPS.premium, hints = {} }: { playsOpus?: boolean; maxKbps?: number; hints?: NetworkHints } = {}) {
  let time = 0;
  let currentHints = hints;
  const auto = createAdaptiveQuality({ playsOpus, maxKbps, hints: () => currentHints, now: () => time });
  return {
    auto,
    advance: (ms: number) => (time += ms),
    setHints: (next: NetworkHints) => (currentHints = next),
    /** A transfer at `kbps` lasting `seconds`, ending now. */
    transfer: (kbps: number, seconds: number) => auto.recordTransfer((kbps * 1000 * seconds) / 8, seconds * 1000),
  };
}

/** One transfer every 5 s for `seconds`, each 2 s long, at `kbps`. */
function transferSteadily(test: ReturnType<typeof setUp>, kbps: number, seconds: number): void {
  for (let elapsed = 0; elapsed < seconds; elapsed += 5) {
    test.advance(5_000);
    test.transfer(kbps, 2);
  }
}

describe('autoLevelKbps', () => {
  it('is what each level really streams: the savers are Opus where it plays, else the lowest MP3', () => {
    expect(autoLevelKbps('extreme-saver', true)).toBe(24);
    expect(autoLevelKbps('data-saver', true)).toBe(48);
    expect(autoLevelKbps('extreme-saver', false)).toBe(64);
    expect(autoLevelKbps('data-saver', false)).toBe(64);
    expect(autoLevelKbps('medium', true)).toBe(128);
    expect(autoLevelKbps('high', false)).toBe(320);
  });
});

describe('before any measurement', () => {
  it('starts at the data saver with no hint at all', () => {
    expect(setUp().auto.level()).toBe('data-saver');
  });

  it('starts from the effective type and the downlink, the lower of what they say', () => {
    expect(setUp({ hints: { effectiveType: 'slow-2g' } }).auto.level()).toBe('extreme-saver');
    expect(setUp({ hints: { effectiveType: '2g' } }).auto.level()).toBe('extreme-saver');
    expect(setUp({ hints: { effectiveType: '3g' } }).auto.level()).toBe('data-saver');
    expect(setUp({ hints: { effectiveType: '4g', downlinkMbps: 10 } }).auto.level()).toBe('high');
    expect(setUp({ hints: { effectiveType: '4g', downlinkMbps: 0.3 } }).auto.level()).toBe('medium');
    expect(setUp({ hints: { downlinkMbps: 0.1 } }).auto.level()).toBe('data-saver');
    expect(setUp({ hints: { effectiveType: '3g', downlinkMbps: 10 } }).auto.level()).toBe('data-saver');
  });

  it('goes to the extreme saver when the browser asks to save data', () => {
    expect(setUp({ hints: { saveData: true, effectiveType: '4g', downlinkMbps: 10 } }).auto.level()).toBe('extreme-saver');
  });

  it('reads the hints as they are when asked', () => {
    const test = setUp({ hints: { effectiveType: '4g', downlinkMbps: 10 } });
    test.setHints({ effectiveType: '2g', downlinkMbps: 0.05 });
    expect(test.auto.level()).toBe('extreme-saver');
  });
});

describe('measured throughput', () => {
  it('replaces the hints once 128 KB are measured, whichever way it points', () => {
    const slowHint = setUp({ hints: { effectiveType: '2g' } });
    slowHint.transfer(2000, 1);
    expect(slowHint.auto.level()).toBe('high');

    const fastHint = setUp({ hints: { effectiveType: '4g', downlinkMbps: 10 } });
    fastHint.transfer(60, 20);
    expect(fastHint.auto.level()).toBe('extreme-saver');
  });

  it('chooses the highest level whose kbps fits in 70% of the estimate', () => {
    // Medium's 128 kbps needs 183 kbps measured.
    const test = setUp();
    test.transfer(185, 10);
    expect(test.auto.level()).toBe('medium');
    const tighter = setUp();
    tighter.transfer(180, 10);
    expect(tighter.auto.level()).toBe('data-saver');
  });

  it('ignores transfers too small to measure more than the round trip', () => {
    const test = setUp({ hints: { effectiveType: '2g' } });
    for (let count = 0; count < 40; count++) test.auto.recordTransfer(12_000, 10);
    expect(test.auto.level()).toBe('extreme-saver');
  });

  it('keeps to the extreme saver while the browser asks to save data, however fast the link', () => {
    const test = setUp({ hints: { saveData: true } });
    transferSteadily(test, 5000, 120);
    expect(test.auto.level()).toBe('extreme-saver');
    test.setHints({});
    expect(test.auto.level()).not.toBe('extreme-saver');
  });

  it("never goes above the plan's cap: a free listener's top is medium", () => {
    const test = setUp({ maxKbps: PLAN_MAX_BITRATE_KBPS.free, hints: { downlinkMbps: 10 } });
    expect(test.auto.level()).toBe('medium');
    transferSteadily(test, 5000, 120);
    expect(test.auto.level()).toBe('medium');
  });

  it('without Opus steps between the lowest MP3 and the others, never below it', () => {
    const test = setUp({ playsOpus: false, hints: { effectiveType: 'slow-2g' } });
    expect(test.auto.level()).toBe('data-saver');
    test.transfer(40, 30);
    expect(test.auto.level()).toBe('data-saver');
    const faster = setUp({ playsOpus: false });
    faster.transfer(200, 10);
    expect(faster.auto.level()).toBe('medium');
  });

  it('moves down at once when the estimate falls', () => {
    const test = setUp();
    test.transfer(2000, 2);
    expect(test.auto.level()).toBe('high');
    // The fast average drops most of the way with one slow transfer: a step down at once, then another.
    test.advance(5_000);
    test.transfer(150, 8);
    expect(test.auto.level()).toBe('medium');
    test.advance(5_000);
    test.transfer(150, 8);
    expect(test.auto.level()).toBe('data-saver');
  });
});

describe('moving up', () => {
  /** Settled at the data saver by a measured 100 kbps link. */
  function settledLow(maxKbps: number = PLAN_MAX_BITRATE_KBPS.premium) {
    const test = setUp({ maxKbps });
    test.transfer(100, 20);
    expect(test.auto.level()).toBe('data-saver');
    return test;
  }

  it('does not step up during a short good burst', () => {
    const test = settledLow();
    transferSteadily(test, 3000, 20);
    expect(test.auto.level()).toBe('data-saver');
  });

  it('starts the good period over when one transfer is slow', () => {
    const test = settledLow();
    transferSteadily(test, 1000, 25);
    test.advance(5_000);
    test.transfer(150, 10);
    transferSteadily(test, 1000, 25);
    expect(test.auto.level()).toBe('data-saver');
  });

  it('steps up after 30 s comfortably above the next level', () => {
    const test = settledLow();
    transferSteadily(test, 1000, 30);
    expect(test.auto.level()).toBe('data-saver');
    transferSteadily(test, 1000, 10);
    expect(test.auto.level()).toBe('medium');
  });

  it('steps up one level at a time, each after its own good period', () => {
    const test = settledLow();
    transferSteadily(test, 5000, 40);
    expect(test.auto.level()).toBe('medium');
    transferSteadily(test, 5000, 10);
    expect(test.auto.level()).toBe('medium');
    transferSteadily(test, 5000, 30);
    expect(test.auto.level()).toBe('high');
  });

  it('does not wait out a quiet spell as if it were a good period', () => {
    const test = settledLow();
    transferSteadily(test, 1000, 5);
    test.advance(60_000);
    expect(test.auto.level()).toBe('data-saver');
  });
});

describe('the buffer', () => {
  /**
   * Plays for `seconds` at 1x, one sample a second, while the download brings `downloadKbps` of a
   * `playingKbps` rendition; returns the buffer ahead when 'down' came (null when it did not).
   */
  function play(
    test: ReturnType<typeof setUp>,
    { aheadSeconds, playingKbps, downloadKbps, seconds, downloading = true }: { aheadSeconds: number; playingKbps: number; downloadKbps: number; seconds: number; downloading?: boolean },
  ): number | null {
    let ahead = aheadSeconds;
    for (let position = 0; position < seconds; position++) {
      test.advance(1_000);
      ahead = Math.max(0, ahead + downloadKbps / playingKbps - 1);
      if (test.auto.recordBuffer({ positionSeconds: position, aheadSeconds: ahead, playingKbps, downloading }) === 'down') return ahead;
    }
    return null;
  }

  it('switches down before the buffer runs dry when the download is slower than what plays', () => {
    const test = setUp({ hints: { downlinkMbps: 10 } });
    expect(test.auto.level()).toBe('high');
    const aheadAtSwitch = play(test, { aheadSeconds: 30, playingKbps: 320, downloadKbps: 100, seconds: 60 });
    expect(aheadAtSwitch).toBeGreaterThan(8);
    expect(aheadAtSwitch).toBeLessThan(10);
    // 70% of 100 kbps: the data saver's 48 fits, medium's 128 does not.
    expect(test.auto.level()).toBe('data-saver');
  });

  it('plays on while the buffer is well ahead, or grows, or the element rests on a full one', () => {
    const test = setUp({ hints: { downlinkMbps: 10 } });
    expect(play(test, { aheadSeconds: 60, playingKbps: 320, downloadKbps: 200, seconds: 20 })).toBeNull();
    expect(play(test, { aheadSeconds: 0, playingKbps: 320, downloadKbps: 640, seconds: 8 })).toBeNull();
    expect(play(test, { aheadSeconds: 9, playingKbps: 320, downloadKbps: 0, seconds: 8, downloading: false })).toBeNull();
    expect(test.auto.level()).toBe('high');
  });

  it('switches down during a stall, where the playhead waits and the buffered end crawls', () => {
    const test = setUp({ hints: { downlinkMbps: 10 } });
    let result: 'down' | null = null;
    for (let second = 1; second <= 4 && result === null; second++) {
      test.advance(1_000);
      result = test.auto.recordBuffer({ positionSeconds: 42, aheadSeconds: 0.1 * second, playingKbps: 320, downloading: true });
    }
    expect(result).toBe('down');
    expect(test.auto.level()).toBe('extreme-saver');
  });

  it('does not read a seek back as a download falling behind', () => {
    const test = setUp({ hints: { downlinkMbps: 10 } });
    test.advance(1_000);
    test.auto.recordBuffer({ positionSeconds: 100, aheadSeconds: 30, playingKbps: 320, downloading: true });
    for (let second = 1; second <= 3; second++) {
      test.advance(1_000);
      expect(test.auto.recordBuffer({ positionSeconds: 10 + second, aheadSeconds: second, playingKbps: 320, downloading: true })).toBeNull();
    }
  });

  it('has nothing to say at the lowest level', () => {
    const test = setUp({ hints: { effectiveType: '2g' } });
    expect(play(test, { aheadSeconds: 12, playingKbps: 24, downloadKbps: 10, seconds: 20 })).toBeNull();
  });

  it('does not step back up right after a switch down', () => {
    const test = setUp({ hints: { downlinkMbps: 10 } });
    expect(play(test, { aheadSeconds: 12, playingKbps: 320, downloadKbps: 100, seconds: 20 })).not.toBeNull();
    expect(test.auto.level()).toBe('data-saver');
    // The link recovers at once: the level waits for a good period of its own, then climbs one step.
    transferSteadily(test, 3000, 25);
    expect(test.auto.level()).toBe('data-saver');
    transferSteadily(test, 3000, 10);
    expect(test.auto.level()).toBe('medium');
  });
});
