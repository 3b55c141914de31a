import { X509Certificate } from 'node:crypto';
import dns from 'node:dns';
import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import tls from 'node:tls';
import { type AudioProxySettings, ConfigError } from '../../config.js';
import { HttpError } from '../../http/errors.js';
import { createAddressPolicy } from './address-policy.js';
import { AddressRefused, guardLookup, resolveGuarded } from './guarded-lookup.js';
import { createHostAllowList } from './host-allow-list.js';
import { ADDRESS_NOT_ALLOWED_MESSAGE, ProxyError, SOURCE_UNREACHABLE_MESSAGE, TOO_MANY_REDIRECTS_MESSAGE } from './proxy-errors.js';
import { checkPreviewTarget, ipLiteralOf } from './target-check.js';

const MAX_REDIRECTS = 3;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export type UpstreamRequest = { method: 'GET' | 'HEAD'; headers: Record<string, string>; signal: AbortSignal };

export type GuardedClient = {
  /**
   * The answer to a request for a preview URL, redirects followed, every hop checked before any
   * connection is opened. Refusals and failures throw HttpErrors; an aborted request throws the
   * signal's reason.
   */
  request(url: URL, request: UpstreamRequest): Promise<IncomingMessage>;
  close(): void;
};

/** The audio proxy's only way out to the network. */
export function createGuardedClient(settings: AudioProxySettings, lookup: LookupFunction = dns.lookup): GuardedClient {
  const addresses = createAddressPolicy(settings.trustedAddresses);
  const rules = { hosts: createHostAllowList(settings.allowedHosts), addresses };
  const guardedLookup = guardLookup(lookup, addresses);
  // One pool of kept-alive TLS connections for every listener: previews come from a few CDN hosts,
  // and a handshake per preview would cost more than relaying it. One TLS context for them all: given
  // `ca` instead, Node would parse every certificate for each connection and key its pool by them.
  const agent = new https.Agent({ keepAlive: true, scheduling: 'lifo', secureContext: createTlsContext(settings.caFile) });

  function sendOnce(url: URL, { method, headers, signal }: UpstreamRequest): Promise<IncomingMessage> {
    return new Promise((resolve, reject) => {
      // The signal is watched here rather than given to https.request, whose end-of-stream tracking
      // per request doubled the garbage collections when relaying at a hundred previews a second.
      const outgoing = https.request(url, { method, headers, agent, lookup: guardedLookup }, resolve);
      const abort = () => outgoing.destroy(signal.reason as Error);
      signal.addEventListener('abort', abort, { once: true });
      outgoing.once('close', () => signal.removeEventListener('abort', abort));
      outgoing.on('error', (error: NodeJS.ErrnoException) => reject(outgoing.reusedSocket && error.code === 'ECONNRESET' ? new StaleConnection() : error));
      outgoing.end();
    });
  }

  async function send(url: URL, request: UpstreamRequest): Promise<IncomingMessage> {
    try {
      return await sendOnce(url, request);
    } catch (error) {
      // The server closed a kept-alive connection just as it was reused: nothing was read, so a GET can go again.
      if (error instanceof StaleConnection) return sendOnce(url, request);
      throw error;
    }
  }

  async function follow(first: URL, request: UpstreamRequest): Promise<IncomingMessage> {
    let url = first;
    for (let redirects = 0; ; redirects += 1) {
      checkPreviewTarget(url, rules);
      // The socket's lookup checks again at connect time; this one only makes the refusal clear and early.
      if (ipLiteralOf(url.hostname) === undefined) await abortable(resolveGuarded(guardedLookup, url.hostname), request.signal);
      const response = await send(url, request);
      const location = response.headers.location;
      if (!REDIRECT_STATUSES.has(response.statusCode ?? 0) || location === undefined) return response;
      discard(response);
      if (redirects === MAX_REDIRECTS) throw new ProxyError(502, TOO_MANY_REDIRECTS_MESSAGE, `more than ${MAX_REDIRECTS} redirects from ${first.host}`);
      url = redirectTarget(location, url);
    }
  }

  return {
    async request(url, request) {
      try {
        return await follow(url, request);
      } catch (error) {
        if (request.signal.aborted) throw request.signal.reason;
        if (error instanceof HttpError) throw error;
        if (error instanceof AddressRefused) throw new ProxyError(403, ADDRESS_NOT_ALLOWED_MESSAGE, error.message);
        const { code, message } = error as NodeJS.ErrnoException;
        throw new ProxyError(502, SOURCE_UNREACHABLE_MESSAGE, `${url.host}: ${code ?? 'error'} ${message}`);
      }
    },
    close: () => agent.destroy(),
  };
}

/**
 * Reads a short unwanted body to its end so its connection serves the next request; a long or
 * unsized one is not worth the bytes, and its connection is closed instead.
 */
export function discard(response: IncomingMessage): void {
  // Its errors are unwanted too (an abort as the listener leaves, a reset): nothing reads this body.
  response.on('error', () => {});
  if (Number(response.headers['content-length']) <= 64 * 1024) response.resume();
  else response.destroy();
}

class StaleConnection extends Error {}

function redirectTarget(location: string, from: URL): URL {
  try {
    return new URL(location, from);
  } catch {
    throw new ProxyError(502, SOURCE_UNREACHABLE_MESSAGE, `${from.host} redirected to an invalid URL`);
  }
}

function createTlsContext(caFile: string | undefined): tls.SecureContext {
  if (caFile === undefined) return tls.createSecureContext();
  let extra: string;
  try {
    extra = fs.readFileSync(caFile, 'utf8');
  } catch (error) {
    throw new ConfigError(`AUDIO_PROXY_CA_FILE: cannot read ${caFile} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  try {
    // OpenSSL silently skips what is not a certificate: a wrong file would only show as failed previews.
    new X509Certificate(extra);
  } catch {
    throw new ConfigError(`AUDIO_PROXY_CA_FILE: ${caFile} does not hold a PEM certificate`);
  }
  // Given `ca`, OpenSSL trusts only it: the system's roots stay trusted beside the extra file.
  return tls.createSecureContext({ ca: [...tls.rootCertificates, extra] });
}

/** Settles with the promise, or rejects with the signal's reason as soon as it aborts. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
