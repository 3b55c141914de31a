import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { NotFound } from '../../http/errors.js';
import { parseInput } from '../../http/validate.js';
import { baseKeyOf, isValidKey, isVariantKey, type MediaStorage } from '../../media/storage.js';
import { contentTypeOf } from './content-types.js';
import { MISSING_FILE_MESSAGE, serveObject } from './serve-object.js';

/**
 * A variant not made yet (a cover stored before variants existed, until the start-up backfill reaches
 * it) is answered with the full-size image, revalidated each time: the browser gets the variant once it exists.
 */
const VARIANT_FALLBACK_CACHE = 'private, no-cache';

const paramsSchema = z
  .object({ shard: z.string(), file: z.string() })
  .transform(({ shard, file }) => `${shard}/${file}`)
  .refine(isValidKey, 'That is not a media address.');

/**
 * Images only: covers (and their smaller copies) and artist images, which any signed-in listener may
 * see. Audio is served by the song routes alone, which check the listener's plan and the song's
 * status: here a key would open a Premium rendition to a Free listener, or a rejected upload to anyone.
 * The extension tells, because the server chooses it from the content (audio-probe.ts for audio;
 * covers are re-encoded by cover-image.ts). An audio key gets the same 404 as a missing one.
 */
export async function mediaRoutes(app: FastifyInstance, { storage }: { storage: MediaStorage }) {
  app.get('/api/media/:shard/:file', async (request, reply) => {
    const key = parseInput(paramsSchema, request.params);
    if (!isImageKey(key)) throw new NotFound(MISSING_FILE_MESSAGE);
    reply.countSentBytes('cover');
    if (isVariantKey(key) && !(await storage.stat(key))) {
      return serveObject(storage, baseKeyOf(key), request, reply, VARIANT_FALLBACK_CACHE);
    }
    return serveObject(storage, key, request, reply);
  });
}

function isImageKey(key: string): boolean {
  return contentTypeOf(key).startsWith('image/');
}

export function mediaUrl(key: string | null): string | null {
  return key === null ? null : `/api/media/${key}`;
}
