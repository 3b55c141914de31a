import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { pipeline, Transform } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { discard } from './guarded-request.js';
import { NOT_AUDIO_MESSAGE, PREVIEW_EXPIRED_MESSAGE, ProxyError, SOURCE_ERROR_MESSAGE, TOO_LARGE_MESSAGE } from './proxy-errors.js';

/** Previews are signed URLs valid for minutes to hours: the listener's browser may keep one for an hour. */
const PREVIEW_CACHE_CONTROL = 'private, max-age=3600';
const RELAYED_HEADERS = ['content-type', 'content-length', 'content-range', 'accept-ranges', 'etag', 'last-modified'] as const;
// Deezer's CDN answers 403 for an expired signature; a vanished file gives 404 or 410.
const EXPIRED_STATUSES = new Set([403, 404, 410]);
const AUDIO_TYPE = /^(?:audio\/[\w.+-]+|application\/octet-stream)\s*(?:;|$)/i;

/**
 * Sends the source's answer on: 200 and 206 streamed with backpressure, 304 and 416 as they are;
 * an expired link becomes 410 (the player then asks for a fresh one); anything else, or a body
 * that is not audio or is too large, becomes 502 before a byte is sent.
 */
export function relayPreview(upstream: IncomingMessage, reply: FastifyReply, maxBytes: number): FastifyReply {
  const status = upstream.statusCode ?? 0;
  const headers = upstream.headers;
  const refuse = (statusCode: number, message: string, detail: string) => {
    discard(upstream);
    return new ProxyError(statusCode, message, detail);
  };
  if (EXPIRED_STATUSES.has(status)) throw refuse(410, PREVIEW_EXPIRED_MESSAGE, `the source answered ${status}`);
  if (status !== 200 && status !== 206 && status !== 304 && status !== 416) throw refuse(502, SOURCE_ERROR_MESSAGE, `the source answered ${status}`);
  // Only identity was asked for: an encoded body would not match the relayed Content-Length and Range.
  const encoding = headers['content-encoding'];
  if (encoding !== undefined && encoding !== 'identity') throw refuse(502, SOURCE_ERROR_MESSAGE, `the source sent ${encoding} encoding`);
  const hasBody = status === 200 || status === 206;
  if (hasBody && !AUDIO_TYPE.test(headers['content-type'] ?? '')) throw refuse(502, NOT_AUDIO_MESSAGE, `the source sent ${headers['content-type'] ?? 'no content type'}`);
  const length = headers['content-length'] === undefined ? undefined : Number(headers['content-length']);
  if (hasBody && length !== undefined && length > maxBytes) throw refuse(502, TOO_LARGE_MESSAGE, `the source announced ${length} bytes`);

  reply.code(status).header('cache-control', PREVIEW_CACHE_CONTROL);
  if (!hasBody) {
    discard(upstream);
    if (status === 416) return copyHeaders(reply, headers, ['content-range']).send({ message: 'Requested range not satisfiable.' });
    return copyHeaders(reply, headers, ['etag', 'last-modified']).send();
  }
  copyHeaders(reply, headers, RELAYED_HEADERS);
  // A sized body cannot run past its Content-Length (checked above); an unsized one is counted.
  return reply.send(length === undefined ? pipeline(upstream, limitBytes(maxBytes), () => {}) : upstream);
}

function copyHeaders(reply: FastifyReply, headers: IncomingHttpHeaders, names: readonly string[]): FastifyReply {
  for (const name of names) {
    const value = headers[name];
    if (value !== undefined) reply.header(name, value);
  }
  return reply;
}

/** Passes chunks through until more than `maxBytes` have gone by, then fails, which cuts the stream. */
function limitBytes(maxBytes: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > maxBytes) done(new ProxyError(502, TOO_LARGE_MESSAGE, `the source sent more than ${maxBytes} bytes`));
      else done(null, chunk);
    },
  });
}
