import { describe, expect, it } from 'vitest';
import type { UserRow } from './queries.js';
import { createSessionCache } from './session-cache.js';
import { SESSIONS_CHANNEL, shareSessionCache } from './shared-session-cache.js';

const later = new Date(Date.now() + 3_600_000);
const session = (userId: number) => ({ user: { id: userId } as UserRow, expiresAt: later, lastSeenAt: new Date() });

/** PostgreSQL's NOTIFY between processes, as Database's listen and notify see it: every listener hears every notification. */
function notificationBus() {
  const listeners = new Set<(payload: string | undefined) => void>();
  let hearing = true;
  return {
    database: {
      listen(channel: string, onMessage: (payload: string | undefined) => void) {
        expect(channel).toBe(SESSIONS_CHANNEL);
        listeners.add(onMessage);
        return () => void listeners.delete(onMessage);
      },
      async notify(_channel: string, payload: string) {
        for (const onMessage of listeners) onMessage(payload);
      },
      hearsOthers: () => hearing,
    },
    reconnect() {
      for (const onMessage of listeners) onMessage(undefined);
    },
    setHearing(value: boolean) {
      hearing = value;
    },
  };
}

const log = { error: () => {} };

describe('a session cache shared by processes', () => {
  it('forgets in every process a session ended, or a user changed, in one', async () => {
    const bus = notificationBus();
    const a = shareSessionCache(createSessionCache({ maxEntries: 10, ttlMs: 60_000 }), bus.database, log);
    const b = shareSessionCache(createSessionCache({ maxEntries: 10, ttlMs: 60_000 }), bus.database, log);
    for (const cache of [a, b]) {
      cache.set('t1', session(1), cache.evictionCount());
      cache.set('t2', session(2), cache.evictionCount());
    }
    a.delete('t1');
    await Promise.resolve();
    expect(b.get('t1')).toBeUndefined();
    expect(b.get('t2')?.user.id).toBe(2);
    b.deleteUser(2);
    await Promise.resolve();
    expect(a.get('t2')).toBeUndefined();
  });

  it('does not keep a read that an announcement overtook', async () => {
    const bus = notificationBus();
    const a = shareSessionCache(createSessionCache({ maxEntries: 10, ttlMs: 60_000 }), bus.database, log);
    const b = shareSessionCache(createSessionCache({ maxEntries: 10, ttlMs: 60_000 }), bus.database, log);
    const beforeRead = b.evictionCount();
    a.delete('t1');
    await Promise.resolve();
    b.set('t1', session(1), beforeRead);
    expect(b.get('t1')).toBeUndefined();
  });

  it('serves nothing while it may miss announcements, and forgets everything once it hears again', () => {
    const bus = notificationBus();
    const cache = shareSessionCache(createSessionCache({ maxEntries: 10, ttlMs: 60_000 }), bus.database, log);
    cache.set('t1', session(1), cache.evictionCount());
    bus.setHearing(false);
    expect(cache.get('t1')).toBeUndefined();
    cache.set('t2', session(2), cache.evictionCount());
    bus.setHearing(true);
    expect(cache.get('t2')).toBeUndefined();
    expect(cache.get('t1')?.user.id).toBe(1);
    bus.reconnect();
    expect(cache.get('t1')).toBeUndefined();
  });

  it('stops listening when closed', async () => {
    const bus = notificationBus();
    const a = shareSessionCache(createSessionCache({ maxEntries: 10, ttlMs: 60_000 }), bus.database, log);
    const b = shareSessionCache(createSessionCache({ maxEntries: 10, ttlMs: 60_000 }), bus.database, log);
    b.set('t1', session(1), b.evictionCount());
    b.close();
    a.delete('t1');
    await Promise.resolve();
    expect(b.get('t1')?.user.id).toBe(1);
  });
});
