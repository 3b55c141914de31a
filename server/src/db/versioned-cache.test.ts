import { describe, expect, it } from 'vitest';
import { createVersionedCache } from './versioned-cache.js';

function setup(options: { maxEntries?: number; ttlMs?: number } = {}) {
  const state = { version: 0, now: 1_000, loads: 0 };
  const cache = createVersionedCache<string>({
    writeVersion: () => state.version,
    maxEntries: options.maxEntries ?? 10,
    ttlMs: options.ttlMs ?? 60_000,
    now: () => state.now,
  });
  const load = (value: string) => async () => {
    state.loads += 1;
    return value;
  };
  return { state, cache, load };
}

describe('createVersionedCache', () => {
  it('loads once while nothing is written', async () => {
    const { state, cache, load } = setup();
    expect(await cache.get('a', load('first'))).toBe('first');
    expect(await cache.get('a', load('second'))).toBe('first');
    expect(state.loads).toBe(1);
  });

  it('loads again after any write', async () => {
    const { state, cache, load } = setup();
    await cache.get('a', load('before'));
    state.version += 1;
    expect(await cache.get('a', load('after'))).toBe('after');
    expect(await cache.get('a', load('later'))).toBe('after');
  });

  it('keeps a value loaded during a write under the version it started at', async () => {
    const { state, cache } = setup();
    let finish!: (value: string) => void;
    const pending = cache.get('a', () => new Promise<string>((resolve) => (finish = resolve)));
    state.version += 1;
    finish('maybe stale');
    expect(await pending).toBe('maybe stale');
    expect(await cache.get('a', async () => 'fresh')).toBe('fresh');
  });

  it('shares one load between concurrent misses', async () => {
    const { state, cache, load } = setup();
    const values = await Promise.all([cache.get('a', load('x')), cache.get('a', load('y'))]);
    expect(values).toEqual(['x', 'x']);
    expect(state.loads).toBe(1);
  });

  it('expires entries after the time limit even without writes', async () => {
    const { state, cache, load } = setup({ ttlMs: 100 });
    await cache.get('a', load('old'));
    state.now += 101;
    expect(await cache.get('a', load('new'))).toBe('new');
  });

  it('drops the least recently used key beyond its bound', async () => {
    const { state, cache, load } = setup({ maxEntries: 2 });
    await cache.get('a', load('a'));
    await cache.get('b', load('b'));
    await cache.get('a', load('a'));
    await cache.get('c', load('c'));
    expect(state.loads).toBe(3);
    await cache.get('a', load('a'));
    expect(state.loads).toBe(3);
    await cache.get('b', load('b'));
    expect(state.loads).toBe(4);
  });

  it('forgets a failed load', async () => {
    const { cache } = setup();
    await expect(cache.get('a', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('a', async () => 'up')).toBe('up');
  });

  it('caches nothing without a write count', async () => {
    const cache = createVersionedCache<number>({ writeVersion: undefined, maxEntries: 10, ttlMs: 1000 });
    let loads = 0;
    await cache.get('a', async () => ++loads);
    expect(await cache.get('a', async () => ++loads)).toBe(2);
  });
});
