import { describe, expect, it } from 'vitest';
import type { UserRow } from './queries.js';
import { createSessionCache } from './session-cache.js';

const user = (id: number) => ({ id, email: `u${id}@example.com` }) as UserRow;

describe('session cache', () => {
  it('serves a cached session until its TTL or the session expiry, whichever comes first', () => {
    let clock = 1_000;
    const cache = createSessionCache({ maxEntries: 10, ttlMs: 100, now: () => clock });
    cache.set('a', user(1), new Date(1_050));
    cache.set('b', user(2), new Date(10_000));
    expect(cache.get('a')?.id).toBe(1);
    clock = 1_050;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')?.id).toBe(2);
    clock = 1_100;
    expect(cache.get('b')).toBeUndefined();
  });

  it('evicts the oldest entry when full, and by token or user on demand', () => {
    const cache = createSessionCache({ maxEntries: 2, ttlMs: 60_000 });
    const later = new Date(Date.now() + 60_000);
    cache.set('a', user(1), later);
    cache.set('b', user(1), later);
    cache.set('c', user(2), later);
    expect(cache.get('a')).toBeUndefined();
    cache.deleteUser(1);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')?.id).toBe(2);
    cache.delete('c');
    expect(cache.get('c')).toBeUndefined();
  });
});
