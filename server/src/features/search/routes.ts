import { searchQuerySchema } from '@kora/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { parseInput } from '../../http/validate.js';
import type { SearchSource } from '../../providers/catalogue-provider.js';
import { createLocalSearch } from './local-search.js';
import { createSearchQueries } from './queries.js';
import { createSearchService } from './service.js';

/** GET /api/search?q=: the library's songs and artists, plus what the external catalogues find. */
export async function searchRoutes(app: FastifyInstance, { db, sources }: { db: Db; sources: readonly SearchSource[] }) {
  const search = createSearchService({ searchLocal: createLocalSearch(createSearchQueries(db)), sources });

  app.get('/api/search', async (request) => {
    const { q } = parseInput(searchQuerySchema, request.query);
    return search.search(q, (source, error) => request.log.warn({ err: error, source }, 'search source unavailable'));
  });
}
