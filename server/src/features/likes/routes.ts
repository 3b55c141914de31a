import { NON_LOCAL_LIKE_MESSAGE, pageQuerySchema } from '@kora/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { createVersionedCache } from '../../db/versioned-cache.js';
import { NotFound } from '../../http/errors.js';
import { parseInput } from '../../http/validate.js';
import { currentUser } from '../auth/session-guard.js';
import { presentPlaylist } from '../playlists/presenter.js';
import { PLAYLIST_NOT_FOUND_MESSAGE } from '../playlists/service.js';
import { parseCatalogueId, parseLocalSongId } from '../songs/catalogue-id.js';
import { presentSong } from '../songs/presenter.js';
import type { LikeQueries } from './queries.js';
import { createLikeService } from './service.js';

type Params = { Params: { id: string } };
type Deps = { queries: LikeQueries; writeVersion: (() => number) | undefined };

export async function likeRoutes(app: FastifyInstance, { queries, writeVersion }: Deps) {
  const likes = createLikeService(queries);
  // The library reads these far more often than the listener likes anything: answered from
  // memory, as serialized JSON, until the next database write (db/versioned-cache.ts).
  const pages = createVersionedCache<string>({ name: 'liked-songs', writeVersion, maxEntries: 256, ttlMs: 60_000 });
  const counts = createVersionedCache<string>({ name: 'like-counts', writeVersion, maxEntries: 2_000, ttlMs: 60_000 });
  const sendJson = (reply: FastifyReply, json: string) => reply.type('application/json; charset=utf-8').send(json);
  const songId = (request: { params: { id: string } }) => parseLocalSongId(request.params.id, NON_LOCAL_LIKE_MESSAGE);
  // Playlist ids that are not positive integers name no playlist: 404, as in the playlist routes.
  const playlistId = (request: { params: { id: string } }) => {
    const id = parseCatalogueId(request.params.id);
    if (id === undefined) throw new NotFound(PLAYLIST_NOT_FOUND_MESSAGE);
    return id;
  };

  app.get<Params>('/api/songs/:id/liked', async (request) => likes.songStatus(currentUser(request).id, songId(request)));
  app.post<Params>('/api/songs/:id/like', async (request) => likes.likeSong(currentUser(request).id, songId(request)));
  app.delete<Params>('/api/songs/:id/like', async (request) => likes.unlikeSong(currentUser(request).id, songId(request)));
  // The spec's song cards always send this form of unlike.
  app.post<Params>('/api/songs/:id/unlike', async (request) => likes.unlikeSong(currentUser(request).id, songId(request)));

  app.get('/api/liked-songs', async (request, reply) => {
    const { limit, offset } = parseInput(pageQuerySchema, request.query);
    const userId = currentUser(request).id;
    const load = async () => JSON.stringify((await queries.listLikedSongs(userId, limit, offset)).map((row) => presentSong(row)));
    return sendJson(reply, await pages.get(`songs:${userId}:${limit}:${offset}`, load));
  });

  app.get('/api/liked-songs/count', async (request, reply) => {
    const userId = currentUser(request).id;
    const load = async () => JSON.stringify({ count: await queries.countLikedSongs(userId) });
    return sendJson(reply, await counts.get(`songs:${userId}`, load));
  });

  app.get<Params>('/api/playlists/:id/liked', async (request) => likes.playlistStatus(currentUser(request).id, playlistId(request)));
  app.post<Params>('/api/playlists/:id/like', async (request) => likes.likePlaylist(currentUser(request).id, playlistId(request)));
  app.delete<Params>('/api/playlists/:id/like', async (request) => likes.unlikePlaylist(currentUser(request).id, playlistId(request)));

  app.get('/api/liked-playlists', async (request, reply) => {
    const userId = currentUser(request).id;
    const load = async () => JSON.stringify((await queries.listLikedPlaylists(userId)).map((row) => presentPlaylist(row, userId)));
    return sendJson(reply, await pages.get(`playlists:${userId}`, load));
  });

  app.get('/api/liked-playlists/count', async (request, reply) => {
    const userId = currentUser(request).id;
    const load = async () => JSON.stringify({ count: await queries.countLikedPlaylists(userId) });
    return sendJson(reply, await counts.get(`playlists:${userId}`, load));
  });
}
