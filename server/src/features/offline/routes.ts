import type { FastifyInstance } from 'fastify';
import { currentUser } from '../auth/session-guard.js';
import type { OfflineLicenceService } from './service.js';

/**
 * POST /api/offline/licence issues (and, asked again, renews) the signed licence downloads play
 * under offline; GET /api/offline/licence-key is the public key the app verifies it with.
 */
export async function offlineRoutes(app: FastifyInstance, { licences }: { licences: OfflineLicenceService }) {
  app.post('/api/offline/licence', async (request) => licences.issueLicence(currentUser(request).id));

  app.get('/api/offline/licence-key', async () => licences.publicKey());
}
