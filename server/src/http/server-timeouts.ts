import http, { type IncomingMessage } from 'node:http';
import type { FastifyServerFactory } from 'fastify';
import type { Config } from '../config.js';

type Timeouts = Config['timeouts'];

/** Bounds are checked this many times per period: a stalled body is cut within 1.25 × bodyIdleMs of its last byte. */
const CHECKS_PER_PERIOD = 4;
/** Node's own default for how often it looks for expired headers and requests. */
const NODE_CHECKING_INTERVAL_MS = 30_000;

/**
 * The HTTP server, with bounds on how long a client may hold a socket without sending: the request
 * head (headersMs), an idle keep-alive socket (keepAliveMs), a request body that stops coming
 * (bodyIdleMs) and a whole request (requestMs, long enough for a 200 MB upload at 400 kbps).
 *
 * There is deliberately no idle timeout on the socket itself (server.timeout): it would cut slow
 * responses too, such as a song streamed to a paused player whose TCP window is full. The body
 * timer runs only while a request body is being read.
 *
 * A server factory rather than Fastify's own options, because the body timer needs every request
 * as it arrives, multipart and JSON alike (Fastify ignores its timeout options when given a factory:
 * all of them are set here).
 */
export function createServerFactory(timeouts: Timeouts): FastifyServerFactory {
  return (handler) => {
    const server = http.createServer(
      {
        headersTimeout: timeouts.headersMs,
        // Node refuses a head timeout longer than the whole request's.
        requestTimeout: Math.max(timeouts.requestMs, timeouts.headersMs),
        // Expired heads and requests are found by a sweep: often enough that a head is cut near its bound.
        connectionsCheckingInterval: Math.ceil(Math.min(timeouts.headersMs, NODE_CHECKING_INTERVAL_MS) / CHECKS_PER_PERIOD),
      },
      (request, reply) => {
        watchBodyProgress(request, timeouts.bodyIdleMs);
        handler(request, reply);
      },
    );
    server.keepAliveTimeout = timeouts.keepAliveMs;
    return server;
  };
}

/**
 * Cuts the connection of a request whose body stops arriving for `idleMs` while the server reads it.
 * Destroying the request ends its readers with an error: a multipart upload's staged file is removed
 * by the store's own failure path (media/staged-file.ts).
 *
 * Progress is the socket's byte count, looked at on a timer: listening for the body's 'data' would
 * start it flowing before its reader is there. Time only counts while the body is flowing; a body
 * the server itself holds back (busboy waiting for a route busy between two files, a reader not
 * started yet) is not the client's stall.
 */
export function watchBodyProgress(request: IncomingMessage, idleMs: number): void {
  if (!hasBody(request) || request.complete) return;
  const socket = request.socket;
  let bytesRead = socket.bytesRead;
  let idleSince = Date.now();
  const timer = setInterval(() => {
    if (request.complete || request.destroyed) {
      clearInterval(timer);
      return;
    }
    if (socket.bytesRead !== bytesRead || request.readableFlowing !== true) {
      bytesRead = socket.bytesRead;
      idleSince = Date.now();
      return;
    }
    if (Date.now() - idleSince >= idleMs) {
      clearInterval(timer);
      request.destroy();
    }
  }, Math.ceil(idleMs / CHECKS_PER_PERIOD));
  timer.unref();
  request.once('close', () => clearInterval(timer));
}

function hasBody(request: IncomingMessage): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}
