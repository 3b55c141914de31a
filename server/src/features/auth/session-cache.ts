import type { UserRow } from './queries.js';

/** A valid session as authenticate() found it; lastSeenAt is moved forward in place. */
export type ActiveSession = { user: UserRow; expiresAt: Date; lastSeenAt: Date };

type Entry = { session: ActiveSession; cachedUntil: number };

/**
 * Validated sessions kept in memory. On the embedded database this process is the single writer
 * (the data folder lock guarantees it), so every sign-out and user change passes through it and
 * can evict. On PostgreSQL other processes write too: shared-session-cache.ts tells them. One
 * PGlite query costs more than a whole bare request; on PostgreSQL a round trip per request was
 * most of an authenticated answer (bench/user-stats.ts).
 */
export function createSessionCache(options: { maxEntries: number; ttlMs: number; now?: () => number }) {
  const entries = new Map<string, Entry>();
  const now = options.now ?? Date.now;
  // Counts evictions, so a database read that a sign-out overtook cannot put its session back.
  let evictions = 0;

  return {
    get(tokenHash: string): ActiveSession | undefined {
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (entry.cachedUntil <= now() || entry.session.expiresAt.getTime() <= now()) {
        entries.delete(tokenHash);
        return undefined;
      }
      return entry.session;
    },

    /** Taken before reading a session from the database, and handed to `set` with what was read. */
    evictionCount(): number {
      return evictions;
    },

    /** Keeps a session read from the database, unless something was evicted since the read began. */
    set(tokenHash: string, session: ActiveSession, evictionCountBeforeRead: number): void {
      if (evictionCountBeforeRead !== evictions) return;
      // Oldest first out: Map keeps insertion order.
      if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(tokenHash, { session, cachedUntil: now() + options.ttlMs });
    },

    delete(tokenHash: string): void {
      evictions++;
      entries.delete(tokenHash);
    },

    /** Forgets every session: changes may have been missed. */
    clear(): void {
      evictions++;
      entries.clear();
    },

    deleteUser(userId: number): void {
      evictions++;
      for (const [tokenHash, entry] of entries) if (entry.session.user.id === userId) entries.delete(tokenHash);
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
