import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

// JSON and media answers cannot run script, so they need only these; computing helmet's full
// set per request halved API throughput (bench/auth-throughput.ts: 21% → 52% of bare Fastify).
const apiHeaders = {
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'SAMEORIGIN',
} as const;

/** helmet (CSP and the rest) on the web app's documents and files; a fixed minimal set on /api. */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/')) route.helmet = false;
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/api/')) reply.headers(apiHeaders);
    done();
  });
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // External catalogue art (covers and artist pictures) is shown from Deezer's own hosts.
        imgSrc: ["'self'", 'data:', 'blob:', 'https://*.dzcdn.net', 'https://api.deezer.com'],
        mediaSrc: ["'self'", 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // The app is plain HTTP on localhost by default; HSTS belongs to the HTTPS front.
    hsts: false,
  });
}
