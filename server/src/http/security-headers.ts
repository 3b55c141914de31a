import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

// JSON and media answers cannot run script, so they need only these; computing helmet's full
// set per request halved API throughput (bench/auth-throughput.ts: 21% → 52% of bare Fastify).
// API answers are one listener's data unless a route says otherwise (media, streams and the
// audio proxy set their own caching): no shared or browser cache keeps them.
const apiHeaders = {
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'SAMEORIGIN',
  'cache-control': 'private, no-store',
} as const;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Answers as the API: set on every route registered under /api, which gets the API's header set
     * instead of helmet's; a function decides per request (the SPA fallback reached by an API path).
     */
    api?: boolean | ((request: FastifyRequest) => boolean);
  }
}

/** The API's fixed header set, also for answers made outside any route (a URL the router cannot read). */
export function setApiHeaders(reply: FastifyReply): FastifyReply {
  return reply.headers(apiHeaders);
}

const pageHelmetOptions: HelmetOptions = {
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
  strictTransportSecurity: false,
};

/**
 * The headers helmet sets for these options. None depends on the request (no nonces, no directive
 * computed per request), so they are read once at start by running helmet's middleware against a
 * response that only records them.
 */
function helmetHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    // helmet removes X-Powered-By, which Node never sets.
    removeHeader() {},
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not set its headers synchronously');
  return headers;
}

/**
 * helmet's full set (CSP and the rest) on the web app's documents and files; a fixed minimal set on
 * API routes and on requests that matched no route. Which one is decided by the route the router
 * matched, never by the URL string, so a path spelled another way gets the same headers. Both sets
 * are fixed at start: @fastify/helmet rebuilt its configuration in two hooks on every request,
 * API ones included (bench/auth-throughput.ts).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const pageHeaders = helmetHeaders(pageHelmetOptions);
  app.addHook('onRoute', (route) => {
    if (route.url === '/api' || route.url.startsWith('/api/')) route.config = { ...route.config, api: true };
  });
  app.addHook('onRequest', (request, reply, done) => {
    // No url: the request matched no route (the 404 handler), which answers as the API does.
    const { api, url } = request.routeOptions.config;
    reply.headers(api === true || (typeof api === 'function' && api(request)) || url === undefined ? apiHeaders : pageHeaders);
    done();
  });
}
