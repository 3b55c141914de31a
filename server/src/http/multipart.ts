import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BadRequest, HttpError, PayloadTooLarge } from './errors.js';

/**
 * Lets the routes of `app`'s scope (uploads, playlists) read multipart forms with request.parts() and
 * their own limits. Scoped, not global: the plugin hooks every request of its scope (a close
 * listener and an onResponse clean-up), which other routes should not pay (bench/auth-throughput.ts).
 */
export async function acceptMultipart(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart);
}

/** What is left of a refused multipart request is read and dropped (not kept), so the connection stays usable. */
export function abandonBody(request: FastifyRequest): void {
  if (request.raw.readableEnded) return;
  request.raw.unpipe();
  request.raw.resume();
}

/** '10 MB', '1.5 MB' or '200 KB', for the messages of size limits. */
export function formatMegabytes(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  return megabytes >= 1 ? `${Number(megabytes.toFixed(1))} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

/** Busboy's limit on the number of parts, files or fields was reached. */
export function isPartCountLimit(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT';
}

export const UNREADABLE_FORM_MESSAGE = 'The form data could not be read.';

// A read from the request that waits while the body has all arrived, or while the request is paused
// (busboy is not taking data, though we wait for some), is a form busboy stalled on: it does on a
// malformed part header (a bare line feed) before a large part. Sampled, so a passing pause is not one.
const STALL_SAMPLE_MS = 250;
const STALL_SAMPLES = 8;

export type MultipartReader = <T>(read: Promise<T>) => Promise<T>;

/**
 * Wraps every read from a multipart request. Its errors (busboy's, a client that hung up) become
 * 4xx, while a failure elsewhere (storage) stays a 500; a form busboy stalled on is refused instead
 * of holding the request forever.
 */
export function createMultipartReader(request: FastifyRequest, { tooLargeMessage }: { tooLargeMessage: string }): MultipartReader {
  const raw = request.raw;
  return async (read) => {
    let timer: NodeJS.Timeout | undefined;
    const stalled = new Promise<never>((_, reject) => {
      let stuck = 0;
      timer = setInterval(() => {
        stuck = raw.readableEnded || raw.readableFlowing === false ? stuck + 1 : 0;
        if (stuck >= STALL_SAMPLES) reject(new BadRequest(UNREADABLE_FORM_MESSAGE));
      }, STALL_SAMPLE_MS);
    });
    try {
      return await Promise.race([read, stalled]);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') throw new PayloadTooLarge(tooLargeMessage);
      if (isPartCountLimit(error)) throw new BadRequest('The form has too many fields.');
      // Busboy's parse errors (a cut-off body, a bad boundary or header) and a client that hung up.
      throw new BadRequest(UNREADABLE_FORM_MESSAGE);
    } finally {
      clearInterval(timer);
    }
  };
}
