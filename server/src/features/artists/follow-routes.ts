import { pageQuerySchema } from '@kora/contracts';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../http/validate.js';
import { currentUser } from '../auth/session-guard.js';
import type { FollowQueries } from './follow-queries.js';
import { createFollowService, parseFollowArtistId } from './follow-service.js';
import { presentArtist } from './presenter.js';

type IdParams = { Params: { id: string } };

export async function followRoutes(app: FastifyInstance, { queries }: { queries: FollowQueries }) {
  const follows = createFollowService(queries);
  const artistId = (request: { params: { id: string } }) => parseFollowArtistId(request.params.id);

  // A static path: the router prefers it to /api/artists/:id.
  app.get('/api/artists/following', async (request) => {
    const { limit, offset } = parseInput(pageQuerySchema, request.query);
    return (await queries.listFollowedArtists(currentUser(request).id, limit, offset)).map(presentArtist);
  });

  app.get<IdParams>('/api/artists/:id/follow', async (request) => follows.status(currentUser(request).id, artistId(request)));
  app.post<IdParams>('/api/artists/:id/follow', async (request) => follows.follow(currentUser(request).id, artistId(request)));
  app.delete<IdParams>('/api/artists/:id/follow', async (request) => follows.unfollow(currentUser(request).id, artistId(request)));
}
