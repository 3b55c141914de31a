import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, type Registry } from 'prom-client';

// Most answers take milliseconds; a song stream or an upload lasts as long as the listener's link
// needs, hence the long tail.
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120, 600];

/**
 * Counts every answer and its duration (request to last byte) by the route the router matched:
 * its pattern (`/api/songs/:id`), never the URL, so ids, spellings and scanners' guesses make no
 * new series. A request that matched no route is `unmatched`; a GET of a path no other route has
 * matches the web app's fallback, `/*` (its pages, and a 404 for an API path).
 */
export function registerHttpMetrics(app: FastifyInstance, registry: Registry): void {
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, matched route and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request to the last byte of its answer, by method and matched route.',
    labelNames: ['method', 'route'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    // Fastify's 404 handler reports a wildcard pattern of its own, like the web app's fallback route (`/*`).
    const route = request.is404 ? 'unmatched' : (request.routeOptions.url ?? 'unmatched');
    requests.inc({ method: request.method, route, status: reply.statusCode });
    durations.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    done();
  });
}
