import type { FastifyReply, FastifyRequest } from 'fastify';
import { NotFound } from '../../http/errors.js';
import type { MediaStorage } from '../../media/storage.js';
import { parseByteRange } from './byte-range.js';
import { contentTypeOf } from './content-types.js';

/**
 * Streams a stored object with HTTP range support (206 / 416), validators and caching.
 * Keys are content hashes, so an object never changes: the hash is its ETag and it can be
 * cached for a year; `private` because it is only for signed-in listeners.
 */
export async function serveObject(storage: MediaStorage, key: string, request: FastifyRequest, reply: FastifyReply) {
  const info = await storage.stat(key);
  if (!info) throw new NotFound('That file does not exist.');
  const etag = `"${key.slice(key.indexOf('/') + 1, key.lastIndexOf('.'))}"`;
  reply
    .header('accept-ranges', 'bytes')
    .header('etag', etag)
    .header('last-modified', info.modifiedAt.toUTCString())
    .header('cache-control', 'private, max-age=31536000, immutable');
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();

  const range = parseByteRange(request.headers.range, info.size);
  if (range === 'unsatisfiable') {
    return reply.status(416).header('content-range', `bytes */${info.size}`).send({ message: 'Requested range not satisfiable.' });
  }
  reply.header('content-type', contentTypeOf(key));
  if (range === undefined) {
    return reply.header('content-length', info.size).send(await storage.read(key));
  }
  return reply
    .status(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${info.size}`)
    .header('content-length', range.end - range.start + 1)
    .send(await storage.read(key, range));
}
