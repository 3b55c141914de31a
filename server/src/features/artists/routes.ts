import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { NotFound } from '../../http/errors.js';
import { parseInput } from '../../http/validate.js';
import { presentAlbum } from '../albums/presenter.js';
import { parseCatalogueId } from '../songs/catalogue-id.js';
import { presentSong } from '../songs/presenter.js';
import { presentArtist } from './presenter.js';
import type { ArtistQueries } from './queries.js';

const listQuerySchema = z.object({
  limit: z.coerce.number().int().min(1, 'limit must be at least 1').max(200, 'limit must be at most 200').default(100),
  offset: z.coerce.number().int().min(0, 'offset must not be negative').default(0),
});

// An artist's whole discography in one answer, as the discography page shows it, but bounded.
const songsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1, 'limit must be at least 1').max(500, 'limit must be at most 500').default(500),
  offset: z.coerce.number().int().min(0, 'offset must not be negative').default(0),
});

const ARTIST_ALBUMS_MAX = 200;

type IdParams = { Params: { id: string } };

export async function artistRoutes(app: FastifyInstance, { artists }: { artists: ArtistQueries }) {
  async function requireArtist(raw: string) {
    const id = parseCatalogueId(raw);
    const artist = id === undefined ? undefined : await artists.findArtist(id);
    if (!artist) throw new NotFound('Artist not found');
    return artist;
  }

  app.get('/api/artists', async (request) => {
    const { limit, offset } = parseInput(listQuerySchema, request.query);
    return (await artists.listArtists(limit, offset)).map(presentArtist);
  });

  app.get<IdParams>('/api/artists/:id', async (request) => presentArtist(await requireArtist(request.params.id)));

  app.get<IdParams>('/api/artists/:id/songs', async (request) => {
    const { limit, offset } = parseInput(songsQuerySchema, request.query);
    const artist = await requireArtist(request.params.id);
    const rows = await artists.listArtistSongs(artist.id, limit, offset);
    return rows.map((row) => presentSong(row, { isFeatured: row.song.artistId !== artist.id }));
  });

  app.get<IdParams>('/api/artists/:id/albums', async (request) => {
    const artist = await requireArtist(request.params.id);
    return (await artists.listArtistAlbums(artist.id, ARTIST_ALBUMS_MAX)).map(presentAlbum);
  });
}
