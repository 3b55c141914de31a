import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses API answers (JSON lists are mostly repeated keys: a Home answer shrinks about 5x),
 * which matter most on a slow link. Audio, images and byte ranges are left alone (already
 * compressed, or their offsets count unencoded bytes), and the web app's files are served from
 * their brotli and gzip copies made at build time. Brotli at quality 4 costs about what gzip does.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    // Request bodies are never compressed by the app; reading them as sent spares every request a hook.
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    // Whole in memory up to 64 KB (a 100-song page is about 40 KB, 0.6 ms at brotli 4) is compressed
    // in one call. The plugin's default on two cores, 8 KB, sent Home and every page of songs through
    // a compression stream and the thread pool, which costs more than the compression where PostgreSQL
    // and the server share the cores (bench/production-size.ts).
    syncThreshold: 64 * 1024,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
