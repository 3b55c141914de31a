export type VersionedCache<T> = { get(key: string, load: () => Promise<T>): Promise<T> };

/**
 * Remembers loaded values while the database's write count stays the same (client.ts), so a hot read
 * costs no query and is never stale: any completed write, by any feature, makes every entry
 * a miss. Concurrent misses for one key share one load. `ttlMs` bounds answers that also
 * depend on the clock (trending's 7-day window). On PostgreSQL, another process's write is
 * counted when its notification arrives, a few milliseconds after its commit
 * (postgres-write-version.ts). Without a write count nothing is cached.
 */
export function createVersionedCache<T>(options: {
  writeVersion: (() => number) | undefined;
  maxEntries: number;
  ttlMs: number;
  now?: () => number;
}): VersionedCache<T> {
  const { writeVersion, maxEntries, ttlMs, now = Date.now } = options;
  if (!writeVersion) return { get: (_key, load) => load() };
  const entries = new Map<string, { version: number; expiresAt: number; value: Promise<T> }>();

  return {
    get(key, load) {
      const version = writeVersion();
      const entry = entries.get(key);
      entries.delete(key);
      if (entry && entry.version === version && entry.expiresAt > now()) {
        entries.set(key, entry);
        return entry.value;
      }
      const fresh = { version, expiresAt: now() + ttlMs, value: load() };
      fresh.value.catch(() => {
        if (entries.get(key) === fresh) entries.delete(key);
      });
      entries.set(key, fresh);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      return fresh.value;
    },
  };
}
