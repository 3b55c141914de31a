import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createVersionedCache } from '../../db/versioned-cache.js';
import { NotFound } from '../../http/errors.js';
import { parseInput } from '../../http/validate.js';
import { currentUser } from '../auth/session-guard.js';
import { presentSong } from '../songs/presenter.js';
import { presentPlaylist } from './presenter.js';
import type { PlaylistQueries, PlaylistSummary } from './queries.js';

// Ids that are not positive integers name no playlist: 404, like any unknown id.
const idParamsSchema = z.object({
  id: z.string().transform((value) => (/^[1-9]\d{0,9}$/.test(value) ? Number(value) : undefined)),
});

type Deps = { playlists: PlaylistQueries; writeVersion: (() => number) | undefined };

export async function playlistRoutes(app: FastifyInstance, { playlists, writeVersion }: Deps) {
  // Home page lists, answered from memory until the next database write (db/versioned-cache.ts).
  const lists = createVersionedCache<string>({ writeVersion, maxEntries: 1_000, ttlMs: 60_000 });
  const asJson = async (rows: Promise<PlaylistSummary[]>) => JSON.stringify((await rows).map(presentPlaylist));

  app.get('/api/playlists', async (request, reply) => {
    const userId = currentUser(request).id;
    const json = await lists.get(`own:${userId}`, () => asJson(playlists.listOwnedBy(userId)));
    return reply.type('application/json; charset=utf-8').send(json);
  });

  app.get('/api/playlists/editorial', async (_request, reply) => {
    const json = await lists.get('editorial', () => asJson(playlists.listEditorial()));
    return reply.type('application/json; charset=utf-8').send(json);
  });

  // Any signed-in listener may open a playlist by its link (read only).
  app.get('/api/playlists/:id', async (request) => {
    const { id } = parseInput(idParamsSchema, request.params);
    const summary = id === undefined ? undefined : await playlists.findSummary(id);
    if (!summary) throw new NotFound('Playlist not found');
    const songs = await playlists.listSongs(summary.playlist.id);
    return { ...presentPlaylist({ ...summary, songCount: songs.length }), songs: songs.map((row) => presentSong(row)) };
  });
}
