import { ARTIST_SONGS_LIMIT_MAX } from '@kora/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { NotFound } from '../../http/errors.js';
import { parseInput } from '../../http/validate.js';
import { presentAlbum } from '../albums/presenter.js';
import { parseArtistRef } from '../external/external-ids.js';
import type { ExternalCatalogue } from '../external/service.js';
import { upstreamCall } from '../external/upstream-call.js';
import { parseCatalogueId } from '../songs/catalogue-id.js';
import { presentSong } from '../songs/presenter.js';
import type { SongWithCredits } from '../songs/queries.js';
import { ARTIST_NOT_FOUND_MESSAGE } from './follow-service.js';
import { presentArtist, presentArtistProfile } from './presenter.js';
import type { ArtistQueries, ArtistRow } from './queries.js';

const listQuerySchema = z.object({
  limit: z.coerce.number().int().min(1, 'limit must be at least 1').max(200, 'limit must be at most 200').default(100),
  offset: z.coerce.number().int().min(0, 'offset must not be negative').default(0),
});

// Pages of an artist's songs; without a limit, as many as a catalogue's artist page holds.
const songsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1, 'limit must be at least 1').max(ARTIST_SONGS_LIMIT_MAX, `limit must be at most ${ARTIST_SONGS_LIMIT_MAX}`).default(ARTIST_SONGS_LIMIT_MAX),
  offset: z.coerce.number().int().min(0, 'offset must not be negative').default(0),
  role: z.enum(['own', 'featured'], { message: "role must be 'own' or 'featured'" }).optional(),
});

const ARTIST_ALBUMS_MAX = 200;

type IdParams = { Params: { id: string } };

function presentArtistSongs(artist: ArtistRow, rows: SongWithCredits[]) {
  return rows.map((row) => presentSong(row, { isFeatured: row.song.artistId !== artist.id }));
}

/**
 * /api/artists/{id}: the library's artists by number, a catalogue's artists as deezer-{id}
 * (asked of the catalogue, cached, and answered from the cache when it cannot answer).
 */
export async function artistRoutes(app: FastifyInstance, { artists, external }: { artists: ArtistQueries; external: ExternalCatalogue }) {
  async function requireArtist(raw: string) {
    const id = parseCatalogueId(raw);
    const artist = id === undefined ? undefined : await artists.findArtist(id);
    if (!artist) throw new NotFound(ARTIST_NOT_FOUND_MESSAGE);
    return artist;
  }

  app.get('/api/artists', async (request) => {
    const { limit, offset } = parseInput(listQuerySchema, request.query);
    return (await artists.listArtists(limit, offset)).map(presentArtist);
  });

  app.get<IdParams>('/api/artists/:id', async (request, reply) => {
    const ref = parseArtistRef(request.params.id);
    // A catalogue's artist (deezer-{id}) belongs to no listener.
    if (ref) return presentArtist(await external.artists.findArtist(ref, upstreamCall(request, reply)));
    const artist = await requireArtist(request.params.id);
    const [owner, counts] = await Promise.all([artists.findArtistOwner(artist), artists.countArtistSongs(artist.id)]);
    return presentArtistProfile(artist, owner, counts);
  });

  app.get<IdParams>('/api/artists/:id/songs', async (request, reply) => {
    const { limit, offset, role } = parseInput(songsQuerySchema, request.query);
    const ref = parseArtistRef(request.params.id);
    if (ref) {
      // The catalogue's top tracks first, then whatever else is held for the artist.
      const { artist, songs } = await external.artists.listArtistSongs(ref, upstreamCall(request, reply));
      const inRole = role === undefined ? songs : songs.filter((row) => (row.song.artistId === artist.id) === (role === 'own'));
      return presentArtistSongs(artist, inRole.slice(offset, offset + limit));
    }
    const artist = await requireArtist(request.params.id);
    return presentArtistSongs(artist, await artists.listArtistSongs(artist.id, limit, offset, role));
  });

  // A catalogue's artist has no albums in Kora: only its tracks are cached.
  app.get<IdParams>('/api/artists/:id/albums', async (request, reply) => {
    const ref = parseArtistRef(request.params.id);
    if (ref) {
      await external.artists.resolveArtist(ref, upstreamCall(request, reply));
      return [];
    }
    const artist = await requireArtist(request.params.id);
    return (await artists.listArtistAlbums(artist.id, ARTIST_ALBUMS_MAX)).map(presentAlbum);
  });
}
