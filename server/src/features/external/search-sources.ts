import type { SearchSource } from '../../providers/catalogue-provider.js';
import { SEARCH_SONG_LIMIT } from '../search/local-search.js';
import { presentSong } from '../songs/presenter.js';
import type { ExternalCatalogue } from './service.js';

/** Each configured catalogue as a source of GET /api/search; none when no catalogue is configured. */
export function createCatalogueSearchSources(external: ExternalCatalogue): SearchSource[] {
  return external.providers.map((provider) => ({
    source: provider.source,
    search: async (q, { signal }) => (await external.search(provider, q, SEARCH_SONG_LIMIT, signal)).map((row) => presentSong(row)),
  }));
}
