import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import type { AddressPolicy } from './address-policy.js';

/** A host name resolved to an address the proxy must not connect to. */
export class AddressRefused extends Error {
  readonly code = 'EADDRREFUSED';
  constructor(
    readonly hostname: string,
    readonly address: string,
  ) {
    super(`${hostname} resolves to ${address}, which the audio proxy does not connect to`);
  }
}

/**
 * Wraps a resolver so that every answer is checked by the address policy. Given to the socket as
 * its `lookup`, it checks the very addresses the socket then connects to: a name that answers a
 * public address to an earlier check and an internal one now (DNS rebinding) is refused here.
 * When any of the answers is refused, the name is refused, whatever the connection would pick.
 */
export function guardLookup(lookup: LookupFunction, policy: AddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, answer, family) => {
      if (error) return callback(error, '', 0);
      const addresses: LookupAddress[] = typeof answer === 'string' ? [{ address: answer, family: family ?? 0 }] : answer;
      const refused = addresses.find((candidate) => !policy.allows(candidate.address));
      if (refused) return callback(new AddressRefused(hostname, refused.address), '', 0);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
      // net asks for every address when it races IPv4 and IPv6 (autoSelectFamily), else for one.
      if (options.all) return callback(null, addresses);
      return callback(null, first.address, first.family);
    });
  };
}

/** Resolves a host name through a guarded lookup, for a clear refusal before any connection is tried. */
export function resolveGuarded(lookup: LookupFunction, hostname: string): Promise<void> {
  return new Promise((resolve, reject) => {
    lookup(hostname, { all: true }, (error) => (error ? reject(error) : resolve()));
  });
}
