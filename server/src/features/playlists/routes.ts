import {
  COLLECTION_PAGE_SIZE,
  PLAYLIST_COVER_MAX_BYTES,
  addPlaylistSongSchema,
  createPlaylistFieldsSchema,
  movePlaylistSongSchema,
  pageQuerySchema,
  updatePlaylistFieldsSchema,
} from '@kora/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../../db/client.js';
import { createVersionedCache } from '../../db/versioned-cache.js';
import { BadRequest, NotFound } from '../../http/errors.js';
import { parseInput } from '../../http/validate.js';
import type { MediaStorage } from '../../media/storage.js';
import { currentUser } from '../auth/session-guard.js';
import { parseCatalogueId } from '../songs/catalogue-id.js';
import { presentSong } from '../songs/presenter.js';
import { type FormSpec, readPlaylistForm } from './playlist-form.js';
import { presentPlaylist, presentPlaylistDetails } from './presenter.js';
import { createPlaylistQueries, createPlaylistTransactions, type PlaylistSummary } from './queries.js';
import { PLAYLIST_NOT_FOUND_MESSAGE, createPlaylistService } from './service.js';
import { type SharedAnswer, sendSharedAnswer, sharedAnswer } from '../../http/shared-answer.js';
import { acceptMultipart } from '../../http/multipart.js';

const LIBRARY_ONLY_MESSAGE = 'Only songs from your library can be added to playlists.';

// The spec's create form sends the cover as image or coverFile; its edit form as coverFile.
const CREATE_FORM: FormSpec = {
  textFields: ['name', 'description', 'createdBy'],
  fileFields: ['image', 'coverFile'],
  maxFileBytes: PLAYLIST_COVER_MAX_BYTES,
};
const UPDATE_FORM: FormSpec = { textFields: ['name', 'description'], fileFields: ['coverFile'], maxFileBytes: PLAYLIST_COVER_MAX_BYTES };

type Deps = { db: Db; storage: MediaStorage; writeVersion: (() => number) | undefined };
type IdParams = { Params: { id: string } };
type SongParams = { Params: { id: string; songId: string } };

/** A playlist id from the path; one that is not a positive integer names no playlist: 404, like any unknown id. */
function playlistIdOf(request: { params: { id: string } }): number {
  const id = parseCatalogueId(request.params.id);
  if (id === undefined) throw new NotFound(PLAYLIST_NOT_FOUND_MESSAGE);
  return id;
}

export async function playlistRoutes(app: FastifyInstance, { db, storage, writeVersion }: Deps) {
  await acceptMultipart(app);
  const queries = createPlaylistQueries(db);
  const playlists = createPlaylistService({ queries, transaction: createPlaylistTransactions(db), storage, log: app.log });
  // Reads answered from memory until the next database write of any feature (db/versioned-cache.ts).
  const lists = createVersionedCache<string>({ name: 'playlist-lists', writeVersion, maxEntries: 1_000, ttlMs: 60_000 });
  // A cached playlist is about 60 KB with its first page of songs.
  const details = createVersionedCache<{ ownerId: number | null; json: string } | undefined>({ name: 'playlist-details', writeVersion, maxEntries: 200, ttlMs: 60_000 });
  const pages = createVersionedCache<string | undefined>({ name: 'playlist-pages', writeVersion, maxEntries: 200, ttlMs: 60_000 });
  const asJson = async (rows: Promise<PlaylistSummary[]>, viewerId: number) =>
    JSON.stringify((await rows).map((row) => presentPlaylist(row, viewerId)));
  const sendJson = (reply: FastifyReply, json: string) => reply.type('application/json; charset=utf-8').send(json);

  app.get('/api/playlists', async (request, reply) => {
    const userId = currentUser(request).id;
    return sendJson(reply, await lists.get(`own:${userId}`, () => asJson(queries.listOwnedBy(userId), userId)));
  });

  // Nobody owns an editorial playlist, so the one answer serves every viewer, with a validator.
  const editorial = createVersionedCache<SharedAnswer>({ name: 'editorial-playlists', writeVersion, maxEntries: 1, ttlMs: 60_000 });
  app.get('/api/playlists/editorial', async (request, reply) => {
    const userId = currentUser(request).id;
    return sendSharedAnswer(request, reply, await editorial.get('editorial', async () => sharedAnswer(await asJson(queries.listEditorial(), userId))));
  });

  // Any signed-in listener may open a playlist by its link (read only). The cached answer is the
  // same for everyone; only isOwner is added per request.
  app.get<IdParams>('/api/playlists/:id', async (request, reply) => {
    const id = playlistIdOf(request);
    const userId = currentUser(request).id;
    const detail = await details.get(String(id), async () => {
      const [summary, songs] = await Promise.all([queries.findSummary(id), queries.listSongs(id, COLLECTION_PAGE_SIZE, 0)]);
      return summary && { ownerId: summary.playlist.userId, json: JSON.stringify(presentPlaylistDetails(summary, songs)) };
    });
    if (!detail) throw new NotFound(PLAYLIST_NOT_FOUND_MESSAGE);
    const isOwner = detail.ownerId !== null && detail.ownerId === userId;
    return sendJson(reply, `{"isOwner":${isOwner},${detail.json.slice(1)}`);
  });

  // Later pages of a long playlist's songs.
  app.get<IdParams>('/api/playlists/:id/songs', async (request, reply) => {
    const id = playlistIdOf(request);
    const { limit, offset } = parseInput(pageQuerySchema, request.query);
    const json = await pages.get(`${id}:${limit}:${offset}`, async () => {
      const songs = await queries.listSongs(id, limit, offset);
      // An empty page may mean there is no such playlist (a page with songs proves there is).
      if (songs.length === 0 && !(await queries.findAccess(id))) return undefined;
      return JSON.stringify(songs.map((row) => presentSong(row)));
    });
    if (json === undefined) throw new NotFound(PLAYLIST_NOT_FOUND_MESSAGE);
    return sendJson(reply, json);
  });

  app.post('/api/playlists', async (request, reply) => {
    const userId = currentUser(request).id;
    const form = await readPlaylistForm(request, CREATE_FORM);
    const fields = parseInput(createPlaylistFieldsSchema, form.fields);
    return reply.status(201).send(await playlists.create(userId, fields, form.file));
  });

  app.patch<IdParams>('/api/playlists/:id', async (request) => {
    const id = playlistIdOf(request);
    const userId = currentUser(request).id;
    // Refused before the upload is read; the change itself checks again in its transaction.
    await playlists.requireChangeable(id, userId);
    const form = await readPlaylistForm(request, UPDATE_FORM);
    const fields = parseInput(updatePlaylistFieldsSchema, form.fields);
    return playlists.update(id, userId, fields, form.file);
  });

  app.delete<IdParams>('/api/playlists/:id', async (request) => playlists.remove(playlistIdOf(request), currentUser(request).id));

  app.post<IdParams>('/api/playlists/:id/songs', async (request, reply) => {
    const id = playlistIdOf(request);
    // External songs are presented with string ids (deezer-123): they are not in the library.
    if (typeof (request.body as { songId?: unknown } | undefined)?.songId === 'string') throw new BadRequest(LIBRARY_ONLY_MESSAGE);
    const input = parseInput(addPlaylistSongSchema, request.body);
    return reply.status(201).send(await playlists.addSong(id, currentUser(request).id, input));
  });

  app.patch<SongParams>('/api/playlists/:id/songs/:songId', async (request) => {
    const id = playlistIdOf(request);
    const input = parseInput(movePlaylistSongSchema, request.body);
    return playlists.moveSong(id, currentUser(request).id, parseCatalogueId(request.params.songId), input);
  });

  app.delete<SongParams>('/api/playlists/:id/songs/:songId', async (request) =>
    playlists.removeSong(playlistIdOf(request), currentUser(request).id, parseCatalogueId(request.params.songId)),
  );
}
