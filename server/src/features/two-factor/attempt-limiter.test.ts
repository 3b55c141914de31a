import { describe, expect, it } from 'vitest';
import { createMemoryAttemptLimiter } from './attempt-limiter.js';

describe('memory attempt limiter', () => {
  it('allows max attempts per key in a window, then refuses until the window ends', async () => {
    let time = 1_000;
    const limiter = createMemoryAttemptLimiter({ max: 3, windowMs: 60_000 }, () => time);
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await limiter.consume('7'));
    expect(results).toEqual([true, true, true, false]);
    expect(await limiter.consume('8')).toBe(true);

    time += 59_999;
    expect(await limiter.consume('7')).toBe(false);
    time += 1;
    expect(await limiter.consume('7')).toBe(true);
  });

  it('starts over after a reset', async () => {
    const limiter = createMemoryAttemptLimiter({ max: 1, windowMs: 60_000 }, () => 0);
    expect(await limiter.consume('7')).toBe(true);
    expect(await limiter.consume('7')).toBe(false);
    await limiter.reset('7');
    expect(await limiter.consume('7')).toBe(true);
  });
});
