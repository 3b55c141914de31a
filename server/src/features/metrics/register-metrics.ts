import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Registry } from 'prom-client';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { registerCacheMetrics } from './cache-metrics.js';
import { registerDatabaseMetrics } from './database-metrics.js';
import { registerMetricsRoute, serveMetricsOnPort } from './expose.js';
import { registerHttpMetrics } from './http-metrics.js';
import { registerJobMetrics } from './job-metrics.js';
import { registerMediaMetrics } from './media-metrics.js';

/**
 * Prometheus metrics, when METRICS_TOKEN or METRICS_PORT asks for them (else nothing is measured and
 * there is no /metrics). Each app has a registry of its own, not prom-client's global one: tests build
 * many apps in one process. Call before the routes are registered, so every route is counted.
 */
export function registerMetrics(app: FastifyInstance, { config, database }: { config: Config; database: Database }): void {
  const { token, port } = config.metrics;
  if (token === undefined && port === undefined) return;
  const registry = new Registry();
  // The process's CPU, memory, heap, event-loop lag, handles and garbage collection.
  collectDefaultMetrics({ register: registry });
  registerHttpMetrics(app, registry);
  registerMediaMetrics(app, registry);
  registerJobMetrics(registry, database.db, app.log);
  registerDatabaseMetrics(registry, database);
  registerCacheMetrics(registry);
  if (token !== undefined) registerMetricsRoute(app, registry, token);
  if (port !== undefined) serveMetricsOnPort(app, registry, { host: config.host, port });
}
