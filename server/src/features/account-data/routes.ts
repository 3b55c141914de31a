import { DATA_EXPORT_REQUESTED_MESSAGE, dataExportDownloadRequestSchema, deleteAccountRequestSchema } from '@kora/contracts';
import type { FastifyInstance } from 'fastify';
import { type RequestLimit, routeRateLimit } from '../../http/rate-limit.js';
import { parseInput } from '../../http/validate.js';
import { currentUser } from '../auth/session-guard.js';
import { SESSION_COOKIE } from '../auth/session-token.js';
import type { DeletionService } from './deletion-service.js';
import type { ExportService } from './export-service.js';

type AccountDataRouteOptions = {
  exports: ExportService;
  deletion: DeletionService;
  /** The sign-in limit (AUTH_RATE_LIMIT_*): each of these asks for a password, a link's token or work. */
  rateLimit: RequestLimit;
};

/** Settings asks for the state while it shows "preparing", never in a tight loop. */
const READ_LIMIT: RequestLimit = { max: 60, windowMs: 60_000 };

/**
 * Settings → Your data (issue 18). Every route needs a session; the POSTs are covered by the Origin
 * check like every state-changing request and limited like sign-in.
 */
export async function accountDataRoutes(app: FastifyInstance, { exports, deletion, rateLimit }: AccountDataRouteOptions) {
  const limited = { rateLimit: routeRateLimit(rateLimit) };

  app.get('/api/account/data-export', { config: { rateLimit: routeRateLimit(READ_LIMIT) } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return exports.state(currentUser(request).id);
  });

  app.post('/api/account/data-export', { config: limited }, async (request, reply) => {
    const state = await exports.request(currentUser(request).id);
    return reply.status(202).send({ ...state, message: DATA_EXPORT_REQUESTED_MESSAGE });
  });

  // A POST, so the token travels in the body: never in a URL, a log line or a Referer.
  app.post('/api/account/data-export/download', { config: limited }, async (request, reply) => {
    const { token } = parseInput(dataExportDownloadRequestSchema, request.body);
    const download = await exports.download(currentUser(request).id, token);
    return reply
      .header('content-type', 'application/zip')
      .header('content-length', download.size)
      .header('content-disposition', `attachment; filename="${download.filename}"`)
      .header('cache-control', 'private, no-store')
      .send(download.body);
  });

  app.post('/api/account/delete', { config: limited }, async (request, reply) => {
    const input = parseInput(deleteAccountRequestSchema, request.body);
    const deleted = await deletion.requestDeletion(currentUser(request), input);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return deleted;
  });
}
