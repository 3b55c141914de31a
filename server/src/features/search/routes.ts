import { searchQuerySchema } from '@kora/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { createVersionedCache } from '../../db/versioned-cache.js';
import { parseInput } from '../../http/validate.js';
import type { SearchSource } from '../../providers/catalogue-provider.js';
import { createLocalSearch, type LocalResults } from './local-search.js';
import { createSearchQueries } from './queries.js';
import { createSearchService } from './service.js';

type Deps = { db: Db; genericPlansDb?: Db; sources: readonly SearchSource[]; writeVersion: (() => number) | undefined };

/**
 * GET /api/search?q=: the library's songs and artists, plus what the external catalogues find. The
 * library's part of an answer is the same for every listener until the next write: popular searches
 * are answered from memory (on PostgreSQL the search was most of the database's work per request,
 * bench/cluster-throughput.ts). The catalogues are asked every time: their previews' URLs expire.
 */
export async function searchRoutes(app: FastifyInstance, { db, genericPlansDb, sources, writeVersion }: Deps) {
  const local = createLocalSearch(createSearchQueries(db, { genericPlansDb }));
  const answers = createVersionedCache<LocalResults>({ name: 'search', writeVersion, maxEntries: 1_000, ttlMs: 60_000 });
  const search = createSearchService({ searchLocal: (q) => answers.get(q, () => local(q)), sources });

  app.get('/api/search', async (request) => {
    const { q } = parseInput(searchQuerySchema, request.query);
    return search.search(q, (source, error) => request.log.warn({ err: error, source }, 'search source unavailable'));
  });
}
