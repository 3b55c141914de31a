import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { NotFound } from '../../http/errors.js';
import { parseInput } from '../../http/validate.js';
import type { MediaStorage } from '../../media/storage.js';
import { serveObject } from '../media/serve-object.js';
import { presentSong } from './presenter.js';
import type { SongQueries } from './queries.js';

const listQuerySchema = z.object({
  limit: z.coerce.number().int().min(1, 'limit must be at least 1').max(200, 'limit must be at most 200').default(100),
  offset: z.coerce.number().int().min(0, 'offset must not be negative').default(0),
});

const idParamsSchema = z.object({ id: z.coerce.number({ error: 'Song id must be a number' }).int().positive() });

export async function songRoutes(app: FastifyInstance, deps: { songs: SongQueries; storage: MediaStorage }) {
  app.get('/api/songs', async (request) => {
    const { limit, offset } = parseInput(listQuerySchema, request.query);
    const rows = await deps.songs.listLiveSongs(limit, offset);
    return rows.map((row) => presentSong(row));
  });

  app.get('/api/songs/:id/stream', async (request, reply) => {
    const { id } = parseInput(idParamsSchema, request.params);
    const song = await deps.songs.findLiveLocalSong(id);
    if (!song?.fileKey) throw new NotFound('Song not found');
    return serveObject(deps.storage, song.fileKey, request, reply);
  });
}
