import type { Artist } from '@kora/contracts';
import { queryOptions } from '@tanstack/react-query';

/** GET /api/artists: every artist of the catalogue (the server's first page, by name). */
export const artistsQuery = queryOptions<Artist[]>({ queryKey: ['/api/artists'] });
