import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { noApiRoute } from './error-handler.js';

/**
 * Serves the built SPA: hashed assets cached for a year, index.html revalidated every time,
 * and every non-API GET that is not a file answered with index.html so client routes load.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const indexHtml = path.join(webDist, 'index.html');
  if (!fs.existsSync(indexHtml)) {
    app.log.warn(`No built web app at ${webDist}; serving the API only. Run npm run build.`);
    return;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    preCompressed: true,
    index: false,
    setHeaders(res, filePath) {
      const immutable = filePath.startsWith(path.join(webDist, 'assets') + path.sep);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/*', { config: { public: true } }, (request, reply) => {
    // Past the session guard (it never lets this catch-all make an /api path public): an
    // unknown API path answers as the API does, with a JSON 404.
    if (request.url.startsWith('/api/')) throw noApiRoute(request);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
