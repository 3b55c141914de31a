import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NotFound } from '../../http/errors.js';
import { type ByteRange, type MediaStorage, ONE_READ_MAX_BYTES } from '../../media/storage.js';
import { parseByteRange } from './byte-range.js';
import { contentTypeOf } from './content-types.js';
import { createReadBufferPool } from './read-buffer-pool.js';

export const MISSING_FILE_MESSAGE = 'That file does not exist.';

/**
 * Ranges up to a player's chunk are read into blocks used again answer after answer; up to 256 of
 * them (64 MiB) wait idle for the next, enough for 200 players at once (bench/streaming.ts).
 */
const rangeBuffers = createReadBufferPool({ blockBytes: ONE_READ_MAX_BYTES, maxIdleBlocks: 256 });

declare module 'fastify' {
  interface FastifyInstance {
    /** MEDIA_OFFLOAD=nginx: stored files are sent by nginx through X-Accel-Redirect, not by Kora. */
    readonly mediaOffload: boolean;
  }
}

/**
 * Keys are content hashes, so the object at a key never changes: cached for a year;
 * `private` because it is only for signed-in listeners.
 */
export const IMMUTABLE_OBJECT_CACHE = 'private, max-age=31536000, immutable';

/**
 * The entity tag of a stored object: a hash of its key, not the key. A key is a media address and
 * the content's own hash, so a tag that showed it would hand a listener the address of a file the
 * plan withholds (a Premium rendition behind a Free listener's stream). The same in every process,
 * so caches stay valid across restarts and servers.
 */
export function entityTagOf(key: string): string {
  return `"${createHash('sha256').update(`kora-entity-tag:${key}`).digest('base64url').slice(0, 32)}"`;
}

/**
 * Streams a stored object with HTTP range support (206 / 416), validators and caching.
 * A URL whose object can change (a song's stream, which depends on the plan and on the
 * renditions) passes a cache policy that revalidates.
 */
export async function serveObject(
  storage: MediaStorage,
  key: string,
  request: FastifyRequest,
  reply: FastifyReply,
  cacheControl: string = IMMUTABLE_OBJECT_CACHE,
) {
  const info = await storage.stat(key);
  if (!info) throw new NotFound(MISSING_FILE_MESSAGE);
  const etag = entityTagOf(key);
  reply
    .header('accept-ranges', 'bytes')
    .header('etag', etag)
    .header('last-modified', info.modifiedAt.toUTCString())
    .header('cache-control', cacheControl);
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();

  const range = parseByteRange(rangeStillValid(request, etag, info.modifiedAt) ? request.headers.range : undefined, info.size);
  if (range === 'unsatisfiable') {
    return reply.status(416).header('content-range', `bytes */${info.size}`).send({ message: 'Requested range not satisfiable.' });
  }
  reply.header('content-type', contentTypeOf(key));
  if (request.server.mediaOffload) {
    // nginx sends the bytes (deploy/nginx/kora.conf) and answers the Range itself, from the same
    // request; Kora has decided who may have which file, and counts what nginx will send.
    reply.countProxiedBytes(range === undefined ? info.size : range.end - range.start + 1);
    return reply.header('x-accel-redirect', await storage.offloadTarget(key)).send();
  }
  if (range === undefined) {
    return reply.header('content-length', info.size).send(await storage.read(key));
  }
  return reply
    .status(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${info.size}`)
    .header('content-length', range.end - range.start + 1)
    .send(await readRangeForReply(storage, key, range, reply));
}

/** The range's bytes, in a pooled block when it fits one, given back once the response has closed. */
async function readRangeForReply(storage: MediaStorage, key: string, range: ByteRange, reply: FastifyReply) {
  const length = range.end - range.start + 1;
  const into = length <= rangeBuffers.blockBytes ? rangeBuffers.take(length) : undefined;
  let body;
  try {
    body = await storage.readRange(key, range, into);
  } catch (error) {
    if (into) rangeBuffers.giveBack(into);
    throw error;
  }
  if (into && body === into) reply.raw.once('close', () => rangeBuffers.giveBack(into));
  else if (into) rangeBuffers.giveBack(into);
  return body;
}

/**
 * If-Range (RFC 9110, 13.1.5): a range asked for an earlier version of the URL is not spliced onto
 * this one; the whole file is sent instead. A song's stream changes file when its renditions arrive,
 * so a player resuming mid-song must not get bytes of the new file at the old file's offsets.
 */
function rangeStillValid(request: FastifyRequest, etag: string, modifiedAt: Date): boolean {
  const ifRange = request.headers['if-range'];
  if (ifRange === undefined) return true;
  // Repeated, it names no single version.
  if (typeof ifRange !== 'string') return false;
  // Entity tags compare strongly: a weak tag never matches.
  if (ifRange.startsWith('"') || ifRange.startsWith('W/')) return ifRange === etag;
  const date = Date.parse(ifRange);
  return !Number.isNaN(date) && date === Math.floor(modifiedAt.getTime() / 1000) * 1000;
}
