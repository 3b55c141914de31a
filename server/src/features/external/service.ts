import { POPULAR_IMPORT_LIMIT } from '@kora/contracts';
import type { Db } from '../../db/client.js';
import { NotFound } from '../../http/errors.js';
import type { CatalogueProvider } from '../../providers/catalogue-provider.js';
import { createArtistQueries } from '../artists/queries.js';
import type { SongWithCredits } from '../songs/queries.js';
import { createExternalArtists } from './artists.js';
import { NoCatalogue } from './errors.js';
import { createExternalQueries, type ExternalRef } from './queries.js';
import { askCatalogue, type UpstreamCall } from './upstream-call.js';

export const SONG_NOT_FOUND_MESSAGE = 'Song not found';
export const NO_PREVIEW_MESSAGE = 'This track has no preview.';

/**
 * The external catalogues as Kora uses them: whatever they answer becomes cached song and artist
 * rows (one row per track, whichever way it was found), presented like the library's own.
 */
export function createExternalCatalogue({ db, providers }: { db: Db; providers: readonly CatalogueProvider[] }) {
  const queries = createExternalQueries(db);
  const providerOf = (ref: Pick<ExternalRef, 'source'>) => providers.find((provider) => provider.source === ref.source);

  async function listInOrder(refs: readonly ExternalRef[]): Promise<SongWithCredits[]> {
    const rows = new Map((await queries.listTracks(refs)).map((row) => [`${row.song.source}:${row.song.externalId}`, row]));
    const ordered = refs.map((ref) => rows.get(`${ref.source}:${ref.externalId}`)).filter((row) => row !== undefined);
    return [...new Set(ordered)];
  }

  return {
    providers,
    artists: createExternalArtists({ queries, artistQueries: createArtistQueries(db), providerOf, listInOrder }),

    /** A catalogue's search results, cached (unlisted), in its order. Failures are the caller's to report. */
    async search(provider: CatalogueProvider, q: string, limit: number, signal: AbortSignal): Promise<SongWithCredits[]> {
      const tracks = await provider.search(q, limit, { signal });
      await queries.cacheTracks(tracks);
      return listInOrder(tracks);
    },

    /**
     * Lists every configured catalogue's chart (tracks with a preview: the rest cannot be played).
     * All charts are fetched before anything is written, so a failure writes nothing.
     */
    async importPopular(call: UpstreamCall): Promise<number> {
      if (providers.length === 0) throw new NoCatalogue();
      const charts = await Promise.all(
        providers.map((provider) => askCatalogue(provider, call, () => provider.chart(POPULAR_IMPORT_LIMIT, call))),
      );
      return queries.importTracks(charts.flat().filter((track) => track.previewUrl !== null));
    },

    /** A fresh preview URL for a cached track (signed URLs expire), stored for the next listener. */
    async refreshPreviewUrl(ref: ExternalRef, call: UpstreamCall): Promise<string> {
      const song = await queries.findTrack(ref);
      if (!song) throw new NotFound(SONG_NOT_FOUND_MESSAGE);
      const provider = providerOf(ref);
      if (!provider) throw new NoCatalogue();
      const track = await askCatalogue(provider, call, () => provider.track(ref.externalId, call));
      if (!track?.previewUrl) throw new NotFound(NO_PREVIEW_MESSAGE);
      await queries.updatePreviewUrl(song.id, track.previewUrl);
      return track.previewUrl;
    },
  };
}

export type ExternalCatalogue = ReturnType<typeof createExternalCatalogue>;
