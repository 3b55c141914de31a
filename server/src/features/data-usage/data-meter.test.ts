import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDataMeter, type UsageCount } from './data-meter.js';

const line = (overrides: Partial<UsageCount> = {}): UsageCount => ({
  userId: 1,
  deviceId: 'device-a',
  day: '2025-07-14',
  kind: 'stream',
  quality: 'opus-48',
  bytes: 65_536,
  ...overrides,
});

function meterWith(write: (counts: UsageCount[]) => Promise<void>) {
  const log = { warn: vi.fn(), error: vi.fn() };
  return { meter: createDataMeter({ write, log, flushIntervalMs: 5_000 }), log };
}

afterEach(() => vi.useRealTimers());

describe('the data meter', () => {
  it('sums many chunks into one line per listener, device, day, kind and quality, written in one batch', async () => {
    const write = vi.fn(async (_counts: UsageCount[]) => {});
    const { meter } = meterWith(write);
    const stream = meter.counter({ userId: 1, deviceId: 'device-a', kind: 'stream', quality: 'opus-48' });
    const today = new Date().toISOString().slice(0, 10);
    for (let chunk = 0; chunk < 1_000; chunk += 1) stream(65_536);
    stream(0);
    meter.counter({ userId: 1, deviceId: 'device-b', kind: 'stream', quality: 'opus-48' })(10);
    meter.counter({ userId: 1, deviceId: 'device-a', kind: 'cover', quality: '' })(7);
    // Another answer of the same line adds to it.
    meter.counter({ userId: 1, deviceId: 'device-a', kind: 'stream', quality: 'opus-48' })(1);
    meter.add(line({ day: '2025-07-15', bytes: 3 }));
    await meter.flush();
    expect(write).toHaveBeenCalledTimes(1);
    expect(write.mock.calls[0]![0]).toEqual([
      line({ day: today, bytes: 65_536_001 }),
      line({ day: today, deviceId: 'device-b', bytes: 10 }),
      line({ day: today, kind: 'cover', quality: '', bytes: 7 }),
      line({ day: '2025-07-15', bytes: 3 }),
    ]);
    await meter.close();
  });

  it('counts a chunk on the UTC day it is sent, and after a flush into a new line', async () => {
    vi.useFakeTimers({ now: new Date('2025-07-14T23:59:59.000Z') });
    const write = vi.fn(async (_counts: UsageCount[]) => {});
    const { meter } = meterWith(write);
    const stream = meter.counter({ userId: 1, deviceId: 'device-a', kind: 'stream', quality: 'opus-48' });
    stream(100);
    vi.setSystemTime(new Date('2025-07-15T00:00:00.000Z'));
    stream(20);
    await meter.flush();
    stream(3);
    await meter.flush();
    expect(write.mock.calls.map(([counts]) => counts)).toEqual([
      [line({ day: '2025-07-14', bytes: 100 }), line({ day: '2025-07-15', bytes: 20 })],
      [line({ day: '2025-07-15', bytes: 3 })],
    ]);
    await meter.close();
  });

  it('writes nothing when nothing was counted', async () => {
    const write = vi.fn(async () => {});
    const { meter } = meterWith(write);
    await meter.flush();
    await meter.close();
    expect(write).not.toHaveBeenCalled();
  });

  it('writes on its timer, and what is left when it closes', async () => {
    vi.useFakeTimers();
    const write = vi.fn(async (_counts: UsageCount[]) => {});
    const { meter } = meterWith(write);
    meter.add(line());
    await vi.advanceTimersByTimeAsync(4_999);
    expect(write).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(write).toHaveBeenCalledTimes(1);
    meter.add(line({ bytes: 5 }));
    await meter.close();
    expect(write).toHaveBeenLastCalledWith([line({ bytes: 5 })]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(write).toHaveBeenCalledTimes(2);
  });

  it('keeps the bytes of a failed write for the next one, adding what came since', async () => {
    const write = vi.fn(async (_counts: UsageCount[]) => {});
    write.mockRejectedValueOnce(new Error('database gone'));
    const { meter } = meterWith(write);
    meter.add(line({ bytes: 100 }));
    await expect(meter.flush()).rejects.toThrow('database gone');
    meter.add(line({ bytes: 1 }));
    await meter.flush();
    expect(write).toHaveBeenLastCalledWith([line({ bytes: 101 })]);
    await meter.close();
  });

  it('never runs two writes at once: a flush asked for meanwhile writes what came after', async () => {
    let release: () => void = () => {};
    const batches: number[][] = [];
    let running = 0;
    const write = vi.fn(async (counts: UsageCount[]) => {
      running += 1;
      expect(running).toBe(1);
      batches.push(counts.map((count) => count.bytes));
      if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
      running -= 1;
    });
    const { meter } = meterWith(write);
    meter.add(line({ bytes: 1 }));
    const first = meter.flush();
    await vi.waitFor(() => expect(write).toHaveBeenCalledTimes(1));
    meter.add(line({ bytes: 2 }));
    const second = meter.flush();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(write).toHaveBeenCalledTimes(1);
    release();
    await Promise.all([first, second]);
    expect(batches).toEqual([[1], [2]]);
    await meter.close();
  });

  it('logs, and does not throw, when the last write at close fails', async () => {
    const { meter, log } = meterWith(async () => {
      throw new Error('database gone');
    });
    meter.add(line());
    await meter.close();
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ lines: 1 }), 'data meter: counts lost at shutdown');
  });
});
