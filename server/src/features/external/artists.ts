import { ARTIST_SONGS_LIMIT_MAX, EXTERNAL_TOP_TRACKS_LIMIT } from '@kora/contracts';
import { NotFound } from '../../http/errors.js';
import type { CatalogueProvider, ExternalTrack } from '../../providers/catalogue-provider.js';
import { ARTIST_NOT_FOUND_MESSAGE } from '../artists/follow-service.js';
import type { ArtistQueries, ArtistRow } from '../artists/queries.js';
import type { SongWithCredits } from '../songs/queries.js';
import { CatalogueUnreachable } from './errors.js';
import type { ExternalQueries, ExternalRef } from './queries.js';
import { askCatalogue, type UpstreamCall } from './upstream-call.js';

export type ExternalArtistSongs = { artist: ArtistRow; songs: SongWithCredits[] };

type Deps = {
  queries: ExternalQueries;
  artistQueries: ArtistQueries;
  providerOf: (ref: ExternalRef) => CatalogueProvider | undefined;
  /** The cached rows of these tracks, in the order given. */
  listInOrder: (refs: readonly ExternalRef[]) => Promise<SongWithCredits[]>;
};

/**
 * A catalogue's artist (/artist/deezer-{id}): asked of the catalogue, cached as an artist row
 * (so it can be followed), and answered from that cache when the catalogue cannot answer.
 */
export function createExternalArtists({ queries, artistQueries, providerOf, listInOrder }: Deps) {
  /** The artist as the catalogue describes it now; the cached row when the catalogue fails (502 without one). */
  async function findArtist(ref: ExternalRef, call: UpstreamCall): Promise<ArtistRow> {
    const cached = await queries.findArtist(ref.externalId);
    const provider = providerOf(ref);
    if (!provider) return cached ?? notFound();
    try {
      const profile = await askCatalogue(provider, call, () => provider.artist(ref.externalId, call));
      return profile ? await queries.cacheArtist(profile) : notFound();
    } catch (error) {
      if (error instanceof CatalogueUnreachable && cached) return cached;
      throw error;
    }
  }

  /** The cached row, asked of the catalogue only when there is none yet. */
  async function resolveArtist(ref: ExternalRef, call: UpstreamCall): Promise<ArtistRow> {
    return (await queries.findArtist(ref.externalId)) ?? findArtist(ref, call);
  }

  /** The catalogue's top tracks (cached, unlisted) first, then every other song held for the artist. */
  async function listArtistSongs(ref: ExternalRef, call: UpstreamCall): Promise<ExternalArtistSongs> {
    const artist = await resolveArtist(ref, call);
    // Everything else cached for the artist, after the top tracks: as many as one answer holds.
    const held = () => artistQueries.listArtistSongs(artist.id, ARTIST_SONGS_LIMIT_MAX, 0);
    const provider = providerOf(ref);
    if (!provider) return { artist, songs: await held() };
    let top: ExternalTrack[];
    try {
      top = await askCatalogue(provider, call, () => provider.artistTopTracks(ref.externalId, EXTERNAL_TOP_TRACKS_LIMIT, call));
    } catch (error) {
      if (error instanceof CatalogueUnreachable) return { artist, songs: await held() };
      throw error;
    }
    await queries.cacheTracks(top);
    const topRows = await listInOrder(top);
    const shown = new Set(topRows.map((row) => row.song.id));
    return { artist, songs: [...topRows, ...(await held()).filter((row) => !shown.has(row.song.id))] };
  }

  return { findArtist, resolveArtist, listArtistSongs };
}

function notFound(): never {
  throw new NotFound(ARTIST_NOT_FOUND_MESSAGE);
}
