import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRow } from '../features/auth/queries.js';
import type { AuthService } from '../features/auth/service.js';
import { sessionUser } from '../features/auth/session-guard.js';
import type { HomeService } from '../features/home/home-service.js';
import { isApiPath, wildcardPath } from './api-path.js';
import { noApiRoute } from './error-handler.js';
import { firstCoverPreloads } from './home-page-preloads.js';
import { FALLBACK_PAGE, HOME_PAGE, webPageFile } from './web-pages.js';

/** An API path that reached the fallback (unknown, or spelled oddly) stays behind the session guard. */
const isWebPage = (request: FastifyRequest) => !isApiPath(wildcardPath(request));

/**
 * Serves the built SPA: hashed assets cached for a year, index.html revalidated every time,
 * and every non-API GET that is not a file answered with index.html so client routes load.
 * Its files and pages are the app's only public routes besides sign-in, sign-up and health.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDist: string,
  { auth, home }: { auth: AuthService; home: HomeService },
): Promise<void> {
  const indexHtml = path.join(webDist, FALLBACK_PAGE);
  const built = fs.existsSync(indexHtml);
  if (!built) app.log.warn(`No built web app at ${webDist}; serving the API only. Run npm run build.`);
  const pageFiles = built ? new Set(fs.readdirSync(webDist).filter((name) => name.endsWith('.html'))) : new Set<string>();

  // Home's page gets this listener's first covers added as it is served (home-page-preloads.ts).
  const homeHtml = pageFiles.has(HOME_PAGE) ? fs.readFileSync(path.join(webDist, HOME_PAGE), 'utf8') : undefined;

  /** The page routes are public, so the guard read no session: whether there is one picks the variant. */
  async function signedInUser(request: FastifyRequest): Promise<UserRow | null> {
    try {
      return await sessionUser(request, auth);
    } catch (error) {
      // The plain page works for everyone: the app asks the API itself once it runs.
      request.log.warn({ err: error }, 'session lookup for the page variant failed');
      return null;
    }
  }

  /** home.html with the listener's first covers preloaded; without them if Home cannot be read now. */
  async function homePage(request: FastifyRequest, user: UserRow, html: string): Promise<string> {
    try {
      return html.replace('</head>', `${firstCoverPreloads(await home.homeFor(user.id))}</head>`);
    } catch (error) {
      request.log.warn({ err: error }, 'reading Home for its cover preloads failed');
      return html;
    }
  }

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
          // Everything else (sw.js, manifest.webmanifest, icons) is revalidated: a cached service
          // worker script would keep listeners on an old version of the app.
          const immutable = filePath.startsWith(path.join(webDist, 'assets') + path.sep);
          res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }
    web.get('/*', { config: { public: isWebPage, api: (request) => !isWebPage(request) } }, async (request, reply) => {
      // An API path here matched no API route: past the guard (signed in), it answers as the API does.
      if (!isWebPage(request) || !built) throw noApiRoute(request);
      const pathname = request.url.split('?', 1)[0] ?? '/';
      const { tab } = request.query as { tab?: unknown };
      const user = await signedInUser(request);
      const file = webPageFile(pathname, typeof tab === 'string' ? tab : undefined, user !== null);
      // The same URL answers differently with and without a session: caches must tell them apart.
      reply.header('cache-control', 'no-cache').header('vary', 'Cookie');
      if (file === HOME_PAGE && user && homeHtml !== undefined) {
        return reply.type('text/html; charset=utf-8').send(await homePage(request, user, homeHtml));
      }
      return reply.sendFile(pageFiles.has(file) ? file : FALLBACK_PAGE);
    });
  });
}
