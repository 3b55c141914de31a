import type { ImportResponse, RefreshUrlResponse } from '@kora/contracts';
import type { FastifyInstance } from 'fastify';
import { routeRateLimit } from '../../http/rate-limit.js';
import { parseTrackRef } from './external-ids.js';
import type { ExternalCatalogue } from './service.js';
import { upstreamCall } from './upstream-call.js';

// Each import asks the catalogue for its chart: a few a listener is plenty, and it bounds what one account can make us ask.
const IMPORTS_PER_WINDOW = 3;
const IMPORT_WINDOW_MS = 10 * 60 * 1000;
export const IMPORT_LIMIT_MESSAGE = 'You can import popular music 3 times every 10 minutes. Try again later.';

type TrackParams = { Params: { trackId: string } };

export async function externalCatalogueRoutes(app: FastifyInstance, { external }: { external: ExternalCatalogue }) {
  const importLimit = {
    ...routeRateLimit({ max: IMPORTS_PER_WINDOW, windowMs: IMPORT_WINDOW_MS }, IMPORT_LIMIT_MESSAGE),
    // Per listener, not per address: listeners behind one mobile carrier's NAT share addresses.
    keyGenerator: (request: { user: { id: number } | null; ip: string }) => `import:${request.user?.id ?? request.ip}`,
  };

  // Inline, not a job: one bounded catalogue request (5 s) and one transaction.
  app.post('/api/import/popular-music', { config: { rateLimit: importLimit } }, async (request, reply) => {
    const importedCount = await external.importPopular(upstreamCall(request, reply));
    return { importedCount } satisfies ImportResponse;
  });

  // A static prefix beside /api/songs/:id/…: the router tries it first and falls back to :id.
  app.post<TrackParams>('/api/songs/external-:trackId/refresh-url', async (request, reply) => {
    const freshUrl = await external.refreshPreviewUrl(parseTrackRef(request.params.trackId), upstreamCall(request, reply));
    return { success: true, freshUrl } satisfies RefreshUrlResponse;
  });
}
