import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../http/validate.js';
import { baseKeyOf, isValidKey, isVariantKey, type MediaStorage } from '../../media/storage.js';
import { serveObject } from './serve-object.js';

/**
 * A variant not made yet (a cover stored before variants existed, until the start-up backfill reaches
 * it) is answered with the full-size image, revalidated each time: the browser gets the variant once it exists.
 */
const VARIANT_FALLBACK_CACHE = 'private, no-cache';

const paramsSchema = z
  .object({ shard: z.string(), file: z.string() })
  .transform(({ shard, file }) => `${shard}/${file}`)
  .refine(isValidKey, 'That is not a media address.');

/** Covers and audio by their content key; the server put every key in the responses it gave. */
export async function mediaRoutes(app: FastifyInstance, { storage }: { storage: MediaStorage }) {
  app.get('/api/media/:shard/:file', async (request, reply) => {
    const key = parseInput(paramsSchema, request.params);
    if (isVariantKey(key) && !(await storage.stat(key))) {
      return serveObject(storage, baseKeyOf(key), request, reply, VARIANT_FALLBACK_CACHE);
    }
    return serveObject(storage, key, request, reply);
  });
}

export function mediaUrl(key: string | null): string | null {
  return key === null ? null : `/api/media/${key}`;
}
