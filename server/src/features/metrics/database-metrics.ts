import { Counter, Gauge, type Registry } from 'prom-client';
import type { Database } from '../../db/client.js';

/** Statements sent, and on PostgreSQL how the connection pool is used (PGlite has one in-process connection). */
export function registerDatabaseMetrics(registry: Registry, database: Database): void {
  new Counter({
    name: 'kora_db_statements_total',
    help: 'Statements this process sent to the database.',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(database.statementCount());
    },
  });
  const { poolStats } = database;
  if (!poolStats) return;
  new Gauge({
    name: 'kora_db_pool_connections',
    help: 'Open connections of the PostgreSQL pool, by state (in_use or idle).',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const { total, idle } = poolStats();
      this.set({ state: 'in_use' }, total - idle);
      this.set({ state: 'idle' }, idle);
    },
  });
  new Gauge({
    name: 'kora_db_pool_waiting_queries',
    help: 'Queries waiting for a free connection of the PostgreSQL pool.',
    registers: [registry],
    collect() {
      this.set(poolStats().waiting);
    },
  });
  new Gauge({
    name: 'kora_db_named_statements',
    help: 'Reads this process sends as named statements (db/named-statements.ts, at most 100), each prepared once per connection that runs it.',
    registers: [registry],
    collect() {
      this.set(poolStats().named);
    },
  });
  new Gauge({
    name: 'kora_db_pool_max_connections',
    help: 'Connections the PostgreSQL pool may open.',
    registers: [registry],
    collect() {
      this.set(poolStats().max);
    },
  });
}
