import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../http/validate.js';
import { createPlaceholderCache, PLACEHOLDER_MAX_SIZE, PLACEHOLDER_MIN_SIZE } from './placeholder-image.js';

const SIZE_MESSAGE = `Width and height must be whole numbers from ${PLACEHOLDER_MIN_SIZE} to ${PLACEHOLDER_MAX_SIZE}.`;
const size = z
  .string()
  .regex(/^\d{1,4}$/, SIZE_MESSAGE)
  .transform(Number)
  .pipe(z.number().min(PLACEHOLDER_MIN_SIZE, SIZE_MESSAGE).max(PLACEHOLDER_MAX_SIZE, SIZE_MESSAGE));
const paramsSchema = z.object({ width: size, height: size });

// Bump when the drawing changes, so year-long cached copies are replaced.
const PLACEHOLDER_VERSION = 1;

/** GET /api/placeholder/{w}/{h}: the image shown where a cover is missing or fails to load. */
export async function placeholderRoutes(app: FastifyInstance) {
  const images = createPlaceholderCache(32);

  app.get('/api/placeholder/:width/:height', async (request, reply) => {
    const { width, height } = parseInput(paramsSchema, request.params);
    const etag = `"placeholder-v${PLACEHOLDER_VERSION}-${width}x${height}"`;
    reply.header('etag', etag).header('cache-control', 'public, max-age=31536000, immutable');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type('image/png').send(await images.get(width, height));
  });
}
