import type { UserRow } from './queries.js';

type Entry = { user: UserRow; sessionExpiresAt: Date; cachedUntil: number };

/**
 * Validated sessions kept in memory, for the embedded database only: there this process is
 * the single writer (the data folder lock guarantees it), so every sign-out and user change
 * passes through it and can evict. With a shared PostgreSQL server other processes write
 * too, and no cache is used. One PGlite query costs more than a whole bare request.
 */
export function createSessionCache(options: { maxEntries: number; ttlMs: number; now?: () => number }) {
  const entries = new Map<string, Entry>();
  const now = options.now ?? Date.now;

  return {
    get(tokenHash: string): UserRow | undefined {
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (entry.cachedUntil <= now() || entry.sessionExpiresAt.getTime() <= now()) {
        entries.delete(tokenHash);
        return undefined;
      }
      return entry.user;
    },

    set(tokenHash: string, user: UserRow, sessionExpiresAt: Date): void {
      // Oldest first out: Map keeps insertion order.
      if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(tokenHash, { user, sessionExpiresAt, cachedUntil: now() + options.ttlMs });
    },

    delete(tokenHash: string): void {
      entries.delete(tokenHash);
    },

    deleteUser(userId: number): void {
      for (const [tokenHash, entry] of entries) if (entry.user.id === userId) entries.delete(tokenHash);
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
