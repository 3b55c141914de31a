import type { ServerResponse } from 'node:http';
import { DATA_USAGE_KINDS, type DataUsageKind } from '@kora/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { currentUser } from '../auth/session-guard.js';
import type { DataMeter } from './data-meter.js';
import { meteredDeviceOf } from './device-cookie.js';

declare module 'fastify' {
  interface FastifyReply {
    /**
     * Counts this answer's body toward the listener's data meter: what is written to the connection
     * of a 200 or 206, so a range counts its range, an answer cut short what went out, and a 304,
     * a HEAD or an error nothing. Call before sending.
     */
    countSentBytes(kind: DataUsageKind, quality?: string): void;
    /**
     * Counts bytes a proxy in front sends for this answer (MEDIA_OFFLOAD=nginx: Kora answers with
     * X-Accel-Redirect and nginx sends the file), as countSentBytes would have counted them.
     */
    countProxiedBytes(bytes: number): void;
  }
  interface FastifyInstance {
    /** Bytes every metered answer has sent since start, per kind, counted as the meter counts them: for the metrics. */
    readonly mediaBytesSent: Readonly<Record<DataUsageKind, number>>;
  }
}

const lengthOf = (chunk: unknown, encoding: unknown): number =>
  typeof chunk === 'string' ? Buffer.byteLength(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : chunk instanceof Uint8Array ? chunk.byteLength : 0;

type Write = (chunk: unknown, encoding?: unknown, callback?: unknown) => boolean;
type End = (chunk?: unknown, encoding?: unknown, callback?: unknown) => ServerResponse;

/**
 * Counts the body bytes handed to the response as they are written, so an answer still open (a song
 * on a slow link, or one the browser stopped reading while it has enough) shows already. The
 * response's own write and end are wrapped, on this response only: a stream piped to it writes its
 * chunks there. Per chunk it costs a call and an addition (data-meter.ts), which keeps the meter off
 * the streaming path's cost (bench/streaming.ts).
 */
function onBodyWritten(res: ServerResponse, counted: (bytes: number) => void): void {
  const write = res.write as Write;
  const end = res.end as End;
  // An end(chunk) that writes its chunk through write (light-my-request's does) counts it once.
  let ending = false;
  res.write = function (this: ServerResponse, chunk: unknown, encoding?: unknown, callback?: unknown) {
    if (!ending) counted(lengthOf(chunk, encoding));
    return write.call(this, chunk, encoding, callback);
  } as ServerResponse['write'];
  res.end = function (this: ServerResponse, chunk?: unknown, encoding?: unknown, callback?: unknown) {
    if (typeof chunk !== 'function') counted(lengthOf(chunk, encoding));
    ending = true;
    try {
      return end.call(this, chunk, encoding, callback);
    } finally {
      ending = false;
    }
  } as ServerResponse['end'];
}

/** The counter of each answer that counts its bytes, for bytes a proxy sends in its place. */
const proxied = new WeakMap<ServerResponse, (bytes: number) => void>();

/** Gives every reply countSentBytes, counting into the meter. */
export function registerSentBytesCounter(app: FastifyInstance, meter: DataMeter): void {
  const sent = Object.fromEntries(DATA_USAGE_KINDS.map((kind) => [kind, 0])) as Record<DataUsageKind, number>;
  app.decorate('mediaBytesSent', { getter: () => sent });
  app.decorateReply('countSentBytes', function (this: FastifyReply, kind: DataUsageKind, quality = '') {
    const { request } = this;
    if (request.method === 'HEAD') return;
    const count = meter.counter({ userId: currentUser(request).id, deviceId: meteredDeviceOf(request), kind, quality });
    const res = this.raw;
    const counted = (bytes: number) => {
      count(bytes);
      sent[kind] += bytes;
    };
    proxied.set(res, counted);
    onBodyWritten(res, (bytes) => {
      if (res.statusCode === 200 || res.statusCode === 206) counted(bytes);
    });
  });
  app.decorateReply('countProxiedBytes', function (this: FastifyReply, bytes: number) {
    proxied.get(this.raw)?.(bytes);
  });
}
