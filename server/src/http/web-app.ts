import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isApiPath, wildcardPath } from './api-path.js';
import { noApiRoute } from './error-handler.js';

/** An API path that reached the fallback (unknown, or spelled oddly) stays behind the session guard. */
const isWebPage = (request: FastifyRequest) => !isApiPath(wildcardPath(request));

/**
 * Serves the built SPA: hashed assets cached for a year, index.html revalidated every time,
 * and every non-API GET that is not a file answered with index.html so client routes load.
 * Its files and pages are the app's only public routes besides sign-in, sign-up and health.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const indexHtml = path.join(webDist, 'index.html');
  const built = fs.existsSync(indexHtml);
  if (!built) app.log.warn(`No built web app at ${webDist}; serving the API only. Run npm run build.`);

  await app.register(async (web) => {
    if (built) {
      // Routes of this scope (one per built file) are the web app's: public.
      web.addHook('onRoute', (route) => {
        route.config = { ...route.config, public: route.config?.public ?? true };
      });
      await web.register(fastifyStatic, {
        root: webDist,
        wildcard: false,
        preCompressed: true,
        index: false,
        setHeaders(res, filePath) {
          const immutable = filePath.startsWith(path.join(webDist, 'assets') + path.sep);
          res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }
    web.get('/*', { config: { public: isWebPage, api: (request) => !isWebPage(request) } }, (request, reply) => {
      // An API path here matched no API route: past the guard (signed in), it answers as the API does.
      if (!isWebPage(request) || !built) throw noApiRoute(request);
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  });
}
