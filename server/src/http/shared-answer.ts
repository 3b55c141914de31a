import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A JSON answer that is the same for every signed-in listener, with its entity tag. */
export type SharedAnswer = { json: string; etag: string };

/**
 * Signed-in answers that name nobody (trending, the catalogue's pages) may stay in the
 * listener's own browser cache, which asks again every time (no-cache) and gets a 304 without
 * the body while nothing changed. `private` keeps them out of shared caches: they still need a
 * session. Answers with one listener's data keep the API's `private, no-store`.
 */
export const SHARED_CACHE_CONTROL = 'private, no-cache';

export function sharedAnswer(json: string): SharedAnswer {
  return { json, etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 32)}"` };
}

/** RFC 9110 If-None-Match: `*`, or a list of tags compared weakly (a W/ prefix does not matter). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

export function sendSharedAnswer(request: FastifyRequest, reply: FastifyReply, answer: SharedAnswer): FastifyReply {
  reply.header('cache-control', SHARED_CACHE_CONTROL).header('etag', answer.etag);
  if (matchesIfNoneMatch(request.headers['if-none-match'], answer.etag)) return reply.status(304).send();
  return reply.type('application/json; charset=utf-8').send(answer.json);
}
