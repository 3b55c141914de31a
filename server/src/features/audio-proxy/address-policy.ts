import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;
type AddressRange = [Address, number];

/** Which IP addresses the audio proxy may connect to. */
export type AddressPolicy = { allows(address: string): boolean };

// Only 2000::/3 is handed out as global unicast; the rest of IPv6 is special or unassigned.
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');
// The NAT64 well-known prefix translates to the embedded IPv4; the local-use 64:ff9b:1::/48 is never public.
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

/**
 * Only globally routable unicast addresses: loopback, private, link-local (the cloud metadata
 * service at 169.254.169.254 included), unique-local, carrier-grade NAT, multicast, broadcast,
 * reserved and benchmarking ranges are refused. IPv6 forms that carry an IPv4 address (mapped,
 * translated, 6to4, NAT64, Teredo) are judged by that IPv4 address, since that is where the
 * packets end up. `trusted` ranges (a catalogue mirror on a private network, a test's stand-in)
 * are allowed whatever they are.
 */
export function createAddressPolicy(trusted: readonly string[]): AddressPolicy {
  const trustedRanges = trusted.map(parseTrustedAddress);
  return {
    allows(text) {
      if (!ipaddr.isValid(text)) return false;
      const address = ipaddr.parse(text);
      return isTrusted(address, trustedRanges) || isGloballyRoutable(address);
    },
  };
}

/**
 * An AUDIO_PROXY_TRUSTED_ADDRESSES entry: an address (`10.0.0.5`, `::1`) or a CIDR range
 * (`10.0.0.0/8`). Only the plain dotted form of IPv4 is accepted, so `127.1` cannot trust more
 * than it seems to.
 */
export function parseTrustedAddress(entry: string): AddressRange {
  const [text = '', bits, ...rest] = entry.split('/');
  const isV4 = ipaddr.IPv4.isValidFourPartDecimal(text);
  if (rest.length > 0 || (!isV4 && !(ipaddr.IPv6.isValid(text) && !text.includes('%')))) {
    throw new Error(`"${entry}" is not an IP address or CIDR range (such as 10.0.0.5 or 10.0.0.0/8)`);
  }
  const address = ipaddr.parse(text);
  const maxBits = isV4 ? 32 : 128;
  if (bits === undefined) return [address, maxBits];
  const prefix = /^\d{1,3}$/.test(bits) ? Number(bits) : Number.NaN;
  if (!(prefix >= 0 && prefix <= maxBits)) throw new Error(`"${entry}" has a prefix length outside 0-${maxBits}`);
  return [address, prefix];
}

function isTrusted(address: Address, ranges: readonly AddressRange[]): boolean {
  if (ranges.length === 0) return false;
  // A trusted IPv4 address is the same endpoint when a resolver answers it in its IPv4-mapped form.
  const plain = address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() ? (address as ipaddr.IPv6).toIPv4Address() : address;
  return ranges.some(([range, bits]) => range.kind() === plain.kind() && plain.match(range, bits));
}

function isGloballyRoutable(address: Address): boolean {
  if (address.kind() === 'ipv4') return (address as ipaddr.IPv4).range() === 'unicast';
  const v6 = address as ipaddr.IPv6;
  const range = v6.range();
  if (range === 'unicast') return v6.match(GLOBAL_UNICAST_V6);
  const embedded = embeddedIPv4(v6, range);
  return embedded.length > 0 && embedded.every((v4) => v4.range() === 'unicast');
}

/** The IPv4 addresses an IPv6 address of a transition range leads to; none for other ranges. */
function embeddedIPv4(address: ipaddr.IPv6, range: string): ipaddr.IPv4[] {
  const p = address.parts as [number, number, number, number, number, number, number, number];
  switch (range) {
    case 'ipv4Mapped':
    case 'rfc6145':
      return [fromWords(p[6], p[7])];
    case 'rfc6052':
      return address.match(NAT64_WELL_KNOWN) ? [fromWords(p[6], p[7])] : [];
    case '6to4':
      return [fromWords(p[1], p[2])];
    case 'teredo':
      // The Teredo server, and the client behind it (stored inverted).
      return [fromWords(p[2], p[3]), fromWords(p[6] ^ 0xffff, p[7] ^ 0xffff)];
    default:
      return [];
  }
}

function fromWords(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}
