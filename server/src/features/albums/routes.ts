import type { FastifyInstance } from 'fastify';
import { NotFound } from '../../http/errors.js';
import { parseCatalogueId } from '../songs/catalogue-id.js';
import { presentSong } from '../songs/presenter.js';
import { presentAlbum } from './presenter.js';
import type { AlbumQueries } from './queries.js';

// Well above any real album (the release wizard allows 20 tracks), so the list stays bounded.
const ALBUM_TRACKS_MAX = 500;

type IdParams = { Params: { id: string } };

export async function albumRoutes(app: FastifyInstance, { albums }: { albums: AlbumQueries }) {
  async function requireAlbum(raw: string) {
    const id = parseCatalogueId(raw);
    const album = id === undefined ? undefined : await albums.findAlbum(id);
    if (!album) throw new NotFound('Album not found');
    return album;
  }

  app.get<IdParams>('/api/albums/:id', async (request) => presentAlbum(await requireAlbum(request.params.id)));

  app.get<IdParams>('/api/albums/:id/songs', async (request) => {
    const { album } = await requireAlbum(request.params.id);
    return (await albums.listAlbumSongs(album.id, ALBUM_TRACKS_MAX)).map((row) => presentSong(row));
  });
}
