import { describe, expect, it } from 'vitest';
import { mulberry32, pick } from './seeded-random.js';

const draw = (seed: number, count: number) => {
  const rnd = mulberry32(seed);
  return Array.from({ length: count }, () => rnd());
};

describe('mulberry32', () => {
  it('repeats the same sequence for the same seed', () => {
    expect(draw(42, 100)).toEqual(draw(42, 100));
  });

  it('stays in [0, 1)', () => {
    for (const seed of [0, 1, 0xffffffff, -1, 2 ** 40 + 7]) {
      for (const x of draw(seed, 1000)) {
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x).toBeLessThan(1);
      }
    }
  });

  it('gives different sequences for different seeds', () => {
    expect(draw(1, 10)).not.toEqual(draw(2, 10));
  });
});

describe('pick', () => {
  it('returns items of the list, deterministically for a seed', () => {
    const items = ['a', 'b', 'c'] as const;
    const picks = (seed: number) => {
      const rnd = mulberry32(seed);
      return Array.from({ length: 50 }, () => pick(rnd, items));
    };
    expect(picks(7)).toEqual(picks(7));
    expect(new Set(picks(7))).toEqual(new Set(items));
  });
});
