export type VersionedCache<T> = { get(key: string, load: () => Promise<T>): Promise<T> };

export type CacheCounts = { hits: number; misses: number };

// Per process, not per cache object: the metrics (features/metrics) report hit rates by name, and a
// process serves one app (tests read differences).
const countsByName = new Map<string, CacheCounts>();

/** Answers served from memory (hits) and loaded (misses) since start, per cache name. */
export function cacheCounts(): ReadonlyMap<string, Readonly<CacheCounts>> {
  return countsByName;
}

function countsFor(name: string): CacheCounts {
  let counts = countsByName.get(name);
  if (!counts) countsByName.set(name, (counts = { hits: 0, misses: 0 }));
  return counts;
}

/**
 * Remembers loaded values while the database's write count stays the same (client.ts), so a hot read
 * costs no query and is never stale: any completed write, by any feature, makes every entry
 * a miss. Concurrent misses for one key share one load. `ttlMs` bounds answers that also
 * depend on the clock (trending's 7-day window). On PostgreSQL, another process's write is
 * counted when its notification arrives, a few milliseconds after its commit
 * (postgres-write-version.ts). Without a write count nothing is cached.
 */
export function createVersionedCache<T>(options: {
  /** Names its hits and misses in the metrics; caches given none are counted together as `unnamed`. */
  name?: string;
  writeVersion: (() => number) | undefined;
  maxEntries: number;
  ttlMs: number;
  now?: () => number;
}): VersionedCache<T> {
  const { name = 'unnamed', writeVersion, maxEntries, ttlMs, now = Date.now } = options;
  const counts = countsFor(name);
  if (!writeVersion) {
    return {
      get: (_key, load) => {
        counts.misses++;
        return load();
      },
    };
  }
  const entries = new Map<string, { version: number; expiresAt: number; value: Promise<T> }>();

  return {
    get(key, load) {
      const version = writeVersion();
      const entry = entries.get(key);
      entries.delete(key);
      if (entry && entry.version === version && entry.expiresAt > now()) {
        counts.hits++;
        entries.set(key, entry);
        return entry.value;
      }
      counts.misses++;
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
