import { UPLOAD_SUCCESS_MESSAGE, pageQuerySchema } from '@kora/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { parseInput } from '../../http/validate.js';
import type { MediaStorage } from '../../media/storage.js';
import { currentUser } from '../auth/session-guard.js';
import { createUploadQueries, createUploadTransactions } from './queries.js';
import { createUploadService } from './service.js';
import { readUploadForm } from './upload-form.js';
import { LIBRARY_FORM, RELEASE_FORM, planLibraryUpload, planRelease } from './upload-plans.js';
import { acceptMultipart } from '../../http/multipart.js';

type Deps = { db: Db; storage: MediaStorage; limits: Config['uploadLimits']; quotaBytes: Config['uploadQuotaBytes'] };

export async function uploadRoutes(app: FastifyInstance, { db, storage, limits, quotaBytes }: Deps) {
  await acceptMultipart(app);
  const uploads = createUploadService({
    queries: createUploadQueries(db),
    transaction: createUploadTransactions(db),
    storage,
    quotaBytes,
    log: app.log,
  });

  // Uploads wait for a confirmed e-mail address (features/account-email), before any file is read.
  const needsConfirmedEmail = { needsConfirmedEmail: true as const };

  // The Library's Upload dialog: one song.
  app.post('/api/upload', { config: needsConfirmedEmail }, async (request, reply) => {
    const userId = currentUser(request).id;
    const release = await uploads.receive(userId, (stored, room) => readUploadForm(request, LIBRARY_FORM, { storage, limits, stored, room }), planLibraryUpload);
    return reply.status(201).send({ success: true, message: UPLOAD_SUCCESS_MESSAGE, release });
  });

  // The release wizard: a single, an EP or an album.
  app.post('/api/upload-music', { config: needsConfirmedEmail }, async (request, reply) => {
    const userId = currentUser(request).id;
    const release = await uploads.receive(userId, (stored, room) => readUploadForm(request, RELEASE_FORM, { storage, limits, stored, room }), planRelease);
    return reply.status(201).send({ success: true, message: `Your ${release.releaseType} has been uploaded successfully!`, release });
  });

  app.get('/api/releases', async (request) => {
    const { limit, offset } = parseInput(pageQuerySchema, request.query);
    return uploads.listReleases(currentUser(request).id, limit, offset);
  });
}
