import net from 'node:net';

/** The media hosts previews may be fetched from. */
export type HostAllowList = { allows(url: URL): boolean };

export type AllowedHost = { hostname: string; wildcard: boolean; port: number };

const HTTPS_PORT = 443;
// Dot-separated labels of letters, digits, hyphens and underscores: no empty label, no `*`, no trailing dot.
const HOST_NAME = /^(?:[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?\.)*[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?$/;

/**
 * Matches a URL's host and port against AUDIO_PROXY_ALLOWED_HOSTS. `*.dzcdn.net` allows any
 * subdomain (not dzcdn.net itself); an entry without a port allows only 443, so an allowed name
 * never reaches another service on the same machine.
 */
export function createHostAllowList(entries: readonly string[]): HostAllowList {
  const allowed = entries.map(parseAllowedHost);
  return {
    allows(url) {
      const port = url.port === '' ? HTTPS_PORT : Number(url.port);
      const hostname = url.hostname;
      return allowed.some((entry) => entry.port === port && (entry.wildcard ? isSubdomain(hostname, entry.hostname) : hostname === entry.hostname));
    },
  };
}

/**
 * An allow-list entry: `host`, `*.domain`, `[ipv6]`, each optionally `:port`. Entries must be
 * written the way URLs spell the host (lowercase, IDN in punycode, IPv4 dotted), so what the
 * operator reads is exactly what is matched.
 */
export function parseAllowedHost(entry: string): AllowedHost {
  const text = entry.trim().toLowerCase();
  const wildcard = text.startsWith('*.');
  const hostAndPort = wildcard ? text.slice(2) : text;
  const notAHost = new Error(`"${entry}" is not a host (write host, *.domain or [ipv6], optionally with :port)`);
  let url: URL;
  try {
    url = new URL(`https://${hostAndPort}`);
  } catch {
    throw notAHost;
  }
  const malformed = url.username || url.password || url.pathname !== '/' || url.search || url.hash || hostAndPort.endsWith(':') || url.port === '0';
  if (malformed || !(url.hostname.startsWith('[') || HOST_NAME.test(url.hostname))) throw notAHost;
  // new URL() drops the default port and normalizes the rest: the entry must already be in that form.
  if (hostAndPort.replace(/:443$/, '') !== url.host) throw new Error(`"${entry}" must be written as URLs spell it: "${wildcard ? '*.' : ''}${url.host}"`);
  if (wildcard && (isIpLiteral(url.hostname) || !url.hostname.includes('.'))) {
    throw new Error(`"${entry}": a wildcard needs a domain of at least two labels, such as *.dzcdn.net`);
  }
  return { hostname: url.hostname, wildcard, port: url.port === '' ? HTTPS_PORT : Number(url.port) };
}

function isSubdomain(hostname: string, domain: string): boolean {
  return hostname.length > domain.length + 1 && hostname.endsWith(`.${domain}`) && !isIpLiteral(hostname);
}

function isIpLiteral(hostname: string): boolean {
  return hostname.startsWith('[') || net.isIPv4(hostname);
}
