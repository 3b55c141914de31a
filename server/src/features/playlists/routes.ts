import type { FastifyInstance } from 'fastify';
import { currentUser } from '../auth/session-guard.js';
import { presentPlaylist } from './presenter.js';
import type { PlaylistQueries } from './queries.js';

export async function playlistRoutes(app: FastifyInstance, { playlists }: { playlists: PlaylistQueries }) {
  app.get('/api/playlists', async (request) => {
    const rows = await playlists.listOwnedBy(currentUser(request).id);
    return rows.map(presentPlaylist);
  });

  app.get('/api/playlists/editorial', async () => (await playlists.listEditorial()).map(presentPlaylist));
}
