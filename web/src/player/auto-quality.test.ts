import { describe, expect, it } from 'vitest';
import { createAutoQuality, secondsAhead, type BufferedMedia } from './auto-quality';

/** Buffered ranges as a media element reports them. */
function ranges(...spans: Array<[number, number]>): TimeRanges {
  return { length: spans.length, start: (index) => spans[index]![0], end: (index) => spans[index]![1] } as TimeRanges;
}

function media(currentTime: number, bufferedEnd: number, downloading = true): BufferedMedia {
  return { currentTime, buffered: ranges([0, bufferedEnd]), networkState: downloading ? 2 : 1 };
}

describe('secondsAhead', () => {
  it('measures the range the playhead is in, and nothing when it is in none', () => {
    const element = { currentTime: 50, buffered: ranges([0, 20], [45, 80]) };
    expect(secondsAhead(element)).toBe(30);
    expect(secondsAhead({ currentTime: 30, buffered: ranges([0, 20], [45, 80]) })).toBe(0);
  });
});

describe('createAutoQuality', () => {
  it("passes the listener's own choice through and resolves Auto to a level", () => {
    const auto = createAutoQuality({ playsOpus: true, readMaxKbps: () => 128, hints: () => ({}) });
    expect(auto.resolve('high')).toBe('high');
    expect(auto.resolve('extreme-saver')).toBe('extreme-saver');
    expect(auto.resolve('auto')).toBe('data-saver');
  });

  it('rises with measured transfers, within the cap as it is now', () => {
    let cap = 128;
    const auto = createAutoQuality({ playsOpus: true, readMaxKbps: () => cap, hints: () => ({}), now: () => 0 });
    // 2 Mbps, measured over several preloads.
    for (let index = 0; index < 4; index++) auto.recordTransfer(256_000, 1_000);
    expect(auto.resolve('auto')).toBe('medium');
    cap = 320;
    // A new cap starts a new estimate: until it measures, the hints speak again.
    expect(auto.resolve('auto')).toBe('data-saver');
    for (let index = 0; index < 4; index++) auto.recordTransfer(256_000, 1_000);
    expect(auto.resolve('auto')).toBe('high');
  });

  it('samples the buffer once a second, only when the bitrate playing is known, and says when to switch down', () => {
    let clock = 10_000;
    const auto = createAutoQuality({ playsOpus: true, readMaxKbps: () => 128, hints: () => ({ downlinkMbps: 10 }), now: () => clock });
    expect(auto.resolve('auto')).toBe('medium');
    expect(auto.watch(media(10, 14), null)).toBe(false);
    // The buffered end crawls while 128 kbps plays: 4 s ahead and falling.
    const answers: boolean[] = [];
    for (let second = 0; second <= 4; second++) {
      clock = 10_000 + second * 1_000;
      answers.push(auto.watch(media(10 + second, 14 + second * 0.2), 128));
      // Samples between the seconds are not taken.
      clock += 300;
      expect(auto.watch(media(10 + second, 14 + second * 0.2), 128)).toBe(false);
    }
    expect(answers).toContain(true);
    expect(auto.resolve('auto')).not.toBe('medium');
  });
});
