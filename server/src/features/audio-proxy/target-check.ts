import type { AddressPolicy } from './address-policy.js';
import type { HostAllowList } from './host-allow-list.js';
import { ADDRESS_NOT_ALLOWED_MESSAGE, CREDENTIALS_MESSAGE, HOST_NOT_ALLOWED_MESSAGE, ONLY_HTTPS_MESSAGE, ProxyError } from './proxy-errors.js';

export type TargetRules = { hosts: HostAllowList; addresses: AddressPolicy };

/**
 * Everything about a preview URL that can be judged without the network: scheme, credentials,
 * allow-list and, for an address written in the URL, the address policy (no lookup will check
 * it later). Applied to the URL the client gave and to every redirect.
 */
export function checkPreviewTarget(url: URL, rules: TargetRules): void {
  if (url.protocol !== 'https:') throw new ProxyError(400, ONLY_HTTPS_MESSAGE, `scheme ${url.protocol}`);
  if (url.username || url.password) throw new ProxyError(400, CREDENTIALS_MESSAGE, `credentials for ${url.host}`);
  if (!rules.hosts.allows(url)) throw new ProxyError(403, HOST_NOT_ALLOWED_MESSAGE, `host ${url.host} is not on the allow-list`);
  const literal = ipLiteralOf(url.hostname);
  if (literal !== undefined && !rules.addresses.allows(literal)) {
    throw new ProxyError(403, ADDRESS_NOT_ALLOWED_MESSAGE, `address ${literal} is refused by the address policy`);
  }
}

/** The address of a URL host written as one (`[::1]` gives `::1`); undefined for a name. */
export function ipLiteralOf(hostname: string): string | undefined {
  if (hostname.startsWith('[')) return hostname.slice(1, -1);
  // The URL parser has already turned every IPv4 spelling (2130706433, 0x7f.1) into dotted form.
  return /^\d+\.\d+\.\d+\.\d+$/.test(hostname) ? hostname : undefined;
}
