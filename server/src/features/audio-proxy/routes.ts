import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { LookupFunction } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AudioProxySettings } from '../../config.js';
import { BadRequest, HttpError } from '../../http/errors.js';
import { parseInput } from '../../http/validate.js';
import { createGuardedClient } from './guarded-request.js';
import { ListenerGone, ProxyError, TOO_SLOW_MESSAGE } from './proxy-errors.js';
import { relayPreview } from './relay-response.js';

const PREVIEW_URL_MAX_LENGTH = 2048;
/** How long the source may take to connect and send its headers (the whole stream has settings.timeoutMs). */
const HEADER_TIMEOUT_MS = 10_000;
// Only what playback needs: the listener's cookies and other headers never reach the source.
const FORWARDED_HEADERS = ['range', 'if-range', 'if-none-match', 'if-modified-since'] as const;
const USER_AGENT = 'Kora-AudioProxy/1.0';

const previewQuerySchema = z.object({
  url: z
    .string({ error: 'url is required.' })
    .min(1, 'url is required.')
    .max(PREVIEW_URL_MAX_LENGTH, `url must be at most ${PREVIEW_URL_MAX_LENGTH} characters.`),
  trackId: z
    .string({ error: 'trackId is required.' })
    .regex(/^(?:deezer|youtube|soundcloud)-[A-Za-z0-9_-]{1,64}$/, 'trackId must be an external track id such as deezer-916424.'),
});

export type AudioProxyOptions = { settings: AudioProxySettings; lookup?: LookupFunction };

/**
 * GET /api/audio-proxy?url=&trackId=: plays an external preview through Kora (spec section 7),
 * which is only safe because the guarded client refuses every URL that is not an allowed
 * catalogue host on a public address. Refusals happen before any connection is opened.
 */
export async function audioProxyRoutes(app: FastifyInstance, { settings, lookup }: AudioProxyOptions) {
  const client = createGuardedClient(settings, lookup);
  app.addHook('onClose', async () => client.close());

  app.route<{ Querystring: Record<string, unknown> }>({
    method: ['GET', 'HEAD'],
    url: '/api/audio-proxy',
    handler: async (request, reply) => {
      const { url, trackId } = parseInput(previewQuerySchema, request.query);
      const target = parsePreviewUrl(url);
      reply.countSentBytes('preview');
      const controller = new AbortController();
      const tooSlow = (stage: string) => () => {
        if (reply.raw.headersSent) request.log.warn({ trackId, host: target.host }, `audio proxy: preview cut after ${settings.timeoutMs} ms`);
        controller.abort(new ProxyError(504, TOO_SLOW_MESSAGE, `no ${stage} from ${target.host} in time`));
      };
      const headerTimer = setTimeout(tooSlow('answer'), Math.min(HEADER_TIMEOUT_MS, settings.timeoutMs));
      const streamTimer = setTimeout(tooSlow('complete preview'), settings.timeoutMs);
      let upstream: IncomingMessage | undefined;
      reply.raw.once('close', () => {
        clearTimeout(headerTimer);
        clearTimeout(streamTimer);
        // The listener left (or the stream was cut) before the source was done: its request and socket go too.
        if (!upstream?.complete) controller.abort(new ListenerGone());
      });
      try {
        upstream = await client.request(target, {
          method: request.method === 'HEAD' ? 'HEAD' : 'GET',
          headers: upstreamHeaders(request.headers),
          signal: controller.signal,
        });
        clearTimeout(headerTimer);
        return relayPreview(upstream, reply, settings.maxBytes);
      } catch (error) {
        clearTimeout(headerTimer);
        clearTimeout(streamTimer);
        logFailure(request, error, target, trackId);
        throw error;
      }
    },
  });
}

function parsePreviewUrl(url: string): URL {
  try {
    return new URL(url);
  } catch {
    throw new BadRequest('url is not a valid URL.');
  }
}

function upstreamHeaders(incoming: IncomingHttpHeaders): Record<string, string> {
  const headers: Record<string, string> = { 'user-agent': USER_AGENT, 'accept-encoding': 'identity' };
  for (const name of FORWARDED_HEADERS) {
    const value = incoming[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}

/** Refusals are worth a line: a 403 may be someone probing for internal addresses. The full URL is not logged (it carries a signature). */
function logFailure(request: FastifyRequest, error: unknown, target: URL, trackId: string): void {
  if (!(error instanceof HttpError)) return;
  const entry = { trackId, host: target.host, status: error.statusCode, reason: error instanceof ProxyError ? (error.detail ?? error.message) : error.message };
  if (error.statusCode === 403 || error.statusCode >= 500) request.log.warn(entry, 'audio proxy: preview not relayed');
  else request.log.info(entry, 'audio proxy: preview not relayed');
}
