import { pageQuerySchema } from '@kora/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseInput } from '../../http/validate.js';
import { currentUser } from '../auth/session-guard.js';
import { parseArtistRef } from '../external/external-ids.js';
import type { ExternalCatalogue } from '../external/service.js';
import { upstreamCall } from '../external/upstream-call.js';
import type { FollowQueries } from './follow-queries.js';
import { createFollowService, parseFollowArtistId } from './follow-service.js';
import { presentArtist } from './presenter.js';

type IdParams = { Params: { id: string } };

export async function followRoutes(app: FastifyInstance, { queries, external }: { queries: FollowQueries; external: ExternalCatalogue }) {
  const follows = createFollowService(queries);
  /** The artist row to follow: a catalogue's artist (deezer-{id}) is cached first, so it can be followed like any other. */
  async function artistId(request: FastifyRequest<IdParams>, reply: FastifyReply): Promise<number> {
    const ref = parseArtistRef(request.params.id);
    if (ref) return (await external.artists.resolveArtist(ref, upstreamCall(request, reply))).id;
    return parseFollowArtistId(request.params.id);
  }

  // A static path: the router prefers it to /api/artists/:id.
  app.get('/api/artists/following', async (request) => {
    const { limit, offset } = parseInput(pageQuerySchema, request.query);
    return (await queries.listFollowedArtists(currentUser(request).id, limit, offset)).map(presentArtist);
  });

  app.get<IdParams>('/api/artists/:id/follow', async (request, reply) => follows.status(currentUser(request).id, await artistId(request, reply)));
  app.post<IdParams>('/api/artists/:id/follow', async (request, reply) => follows.follow(currentUser(request).id, await artistId(request, reply)));
  app.delete<IdParams>('/api/artists/:id/follow', async (request, reply) =>
    follows.unfollow(currentUser(request).id, await artistId(request, reply)),
  );
}
