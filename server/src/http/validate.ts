import { NUL_CHARACTER_MESSAGE } from '@kora/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { BadRequest } from './errors.js';

/** Parses input with a contract; the first problem becomes a 400 the user can read. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.length ? issue.path.join('.') : undefined;
  const message = issue?.message ?? 'Invalid input';
  // zod's generic type messages name no field; say which one is wrong.
  throw new BadRequest(field && /^Invalid input/.test(message) ? `${field}: ${message}` : message);
}

/**
 * Every route's parameters, query and parsed body are refused with 400 when any text in them
 * holds U+0000: PostgreSQL rejects it, so it would otherwise surface as a 500 from deep inside a
 * query. Multipart text fields are refused as they are read (uploads/upload-form.ts,
 * playlists/playlist-form.ts).
 */
export function registerNulCheck(app: FastifyInstance): void {
  // A callback hook: it runs on every request, and a promise per request is measurable (bench/auth-throughput.ts).
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      refuseNul(request.params);
      refuseNul(request.query);
      refuseNul(request.body);
    } catch (error) {
      return done(error as Error);
    }
    done();
  });
}

function refuseNul(value: unknown, depth = 0): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) throw new BadRequest(NUL_CHARACTER_MESSAGE);
    return;
  }
  // Bodies are at most 1 MB of JSON; the depth bound keeps a pathological nesting cheap.
  if (value === null || typeof value !== 'object' || depth > 32 || Buffer.isBuffer(value)) return;
  for (const [key, inner] of Object.entries(value)) {
    refuseNul(key, depth + 1);
    refuseNul(inner, depth + 1);
  }
}
