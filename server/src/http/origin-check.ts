import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Forbidden } from './errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests sent by another site's page (CSRF). Browsers always send
 * Origin on cross-origin POST/PATCH/DELETE and Sec-Fetch-Site where supported; clients that
 * are not browsers send neither and carry no ambient cookie risk.
 */
export function registerOriginCheck(app: FastifyInstance, options: { publicOrigin: string | undefined }): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.headers['sec-fetch-site'] === 'cross-site') throw new Forbidden('Cross-site requests are not allowed.');
    const origin = request.headers.origin;
    if (origin === undefined) return;
    if (!isAllowedOrigin(origin, request, options.publicOrigin)) {
      throw new Forbidden('Requests from another origin are not allowed.');
    }
  });
}

function isAllowedOrigin(origin: string, request: FastifyRequest, publicOrigin: string | undefined): boolean {
  if (publicOrigin !== undefined && origin === publicOrigin) return true;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false;
  }
  return host === request.host;
}
