import { Counter, type Registry } from 'prom-client';
import { cacheCounts } from '../../db/versioned-cache.js';

/** Hits and misses of the read caches (db/versioned-cache.ts), by cache name: the hit rate is hits / (hits + misses). */
export function registerCacheMetrics(registry: Registry): void {
  const counterOf = (field: 'hits' | 'misses', help: string) =>
    new Counter({
      name: `kora_cache_${field}_total`,
      help,
      labelNames: ['cache'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const [cache, counts] of cacheCounts()) this.inc({ cache }, counts[field]);
      },
    });
  counterOf('hits', 'Reads a cache answered from memory, by cache.');
  counterOf('misses', 'Reads a cache had to load from the database, by cache.');
}
