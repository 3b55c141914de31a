import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { type CatalogueProvider, ProviderError } from '../../providers/catalogue-provider.js';
import { CatalogueUnreachable } from './errors.js';

/** How long an import, a refresh-url or an artist page waits for a catalogue. */
export const UPSTREAM_TIMEOUT_MS = 5000;

/** A catalogue call made for one request: when to stop, and where to say it failed. */
export type UpstreamCall = { signal: AbortSignal; log: Pick<FastifyBaseLogger, 'warn'> };

/** Stops after UPSTREAM_TIMEOUT_MS, or as soon as the client has gone. */
export function upstreamCall(request: FastifyRequest, reply: FastifyReply): UpstreamCall {
  const controller = new AbortController();
  // A timer of our own, not AbortSignal.any over AbortSignal.timeout: Node 20 can collect that
  // timeout signal before it fires, and the call would then wait forever.
  const timer = setTimeout(() => controller.abort(new Error(`no answer within ${UPSTREAM_TIMEOUT_MS} ms`)), UPSTREAM_TIMEOUT_MS);
  reply.raw.once('close', () => {
    clearTimeout(timer);
    if (!reply.raw.writableEnded) controller.abort(new Error('the client went away'));
  });
  return { signal: controller.signal, log: request.log };
}

/** The catalogue's answer; its failure is logged and becomes a 502 that names it. */
export async function askCatalogue<T>(provider: CatalogueProvider, call: UpstreamCall, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    call.log.warn({ err: error, source: provider.source }, 'external catalogue unavailable');
    throw new CatalogueUnreachable(provider.source);
  }
}
