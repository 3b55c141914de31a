import { describe, expect, it } from 'vitest';
import type { UserRow } from './queries.js';
import { type ActiveSession, createSessionCache } from './session-cache.js';

const session = (id: number, expiresAt: Date): ActiveSession => ({
  user: { id, email: `u${id}@example.com` } as UserRow,
  expiresAt,
  lastSeenAt: new Date(0),
});

describe('session cache', () => {
  it('serves a cached session until its TTL or the session expiry, whichever comes first', () => {
    let clock = 1_000;
    const cache = createSessionCache({ maxEntries: 10, ttlMs: 100, now: () => clock });
    cache.set('a', session(1, new Date(1_050)), cache.evictionCount());
    cache.set('b', session(2, new Date(10_000)), cache.evictionCount());
    expect(cache.get('a')?.user.id).toBe(1);
    clock = 1_050;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')?.user.id).toBe(2);
    clock = 1_100;
    expect(cache.get('b')).toBeUndefined();
  });

  it('evicts the oldest entry when full, and by token or user on demand', () => {
    const cache = createSessionCache({ maxEntries: 2, ttlMs: 60_000 });
    const later = new Date(Date.now() + 60_000);
    cache.set('a', session(1, later), cache.evictionCount());
    cache.set('b', session(1, later), cache.evictionCount());
    cache.set('c', session(2, later), cache.evictionCount());
    expect(cache.get('a')).toBeUndefined();
    cache.deleteUser(1);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')?.user.id).toBe(2);
    cache.delete('c');
    expect(cache.get('c')).toBeUndefined();
  });

  it('does not keep a session read before a sign-out that finished while the read was under way', () => {
    const cache = createSessionCache({ maxEntries: 10, ttlMs: 60_000 });
    const later = new Date(Date.now() + 60_000);
    const beforeRead = cache.evictionCount();
    // The database answered with the session, but it was signed out before the answer came back.
    cache.delete('a');
    cache.set('a', session(1, later), beforeRead);
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', session(1, later), cache.evictionCount());
    expect(cache.get('a')?.user.id).toBe(1);
  });
});
