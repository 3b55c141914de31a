import { describe, expect, it } from 'vitest';
import { createAddressPolicy, parseTrustedAddress } from './address-policy.js';

describe('address policy', () => {
  const policy = createAddressPolicy([]);

  it.each([
    ['93.184.216.34', 'public IPv4'],
    ['8.8.8.8', 'public IPv4'],
    ['2a00:1450:4007:80e::200e', 'global IPv6'],
    ['::ffff:93.184.216.34', 'IPv4-mapped public address'],
    ['64:ff9b::5db8:d822', 'NAT64 of a public address'],
    ['2002:5db8:d822::1', '6to4 of a public address'],
    ['2001:0:4136:e378:8000:63bf:a247:2cdd', 'Teredo with a public server and client'],
  ])('allows %s (%s)', (address) => {
    expect(policy.allows(address)).toBe(true);
  });

  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['0.0.0.0', 'unspecified (reaches this machine)'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local: cloud metadata'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.1', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['240.0.0.1', 'reserved'],
    ['::1', 'IPv6 loopback'],
    ['::', 'IPv6 unspecified'],
    ['fe80::1', 'IPv6 link-local'],
    ['fe80::1%eth0', 'IPv6 link-local with a zone'],
    ['fd00:ec2::254', 'unique-local: AWS metadata over IPv6'],
    ['fc00::1', 'unique-local'],
    ['ff02::1', 'IPv6 multicast'],
    ['2001:db8::1', 'documentation'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex form'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
    ['::ffff:0:7f00:1', 'IPv4-translated loopback'],
    ['::7f00:1', 'IPv4-compatible loopback (deprecated form)'],
    ['2002:7f00:1::', '6to4 of loopback'],
    ['2002:a00:1::1', '6to4 of a private address'],
    ['64:ff9b::7f00:1', 'NAT64 of loopback'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 of metadata'],
    ['64:ff9b:1::5db8:d822', 'local-use NAT64 prefix'],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'Teredo whose client is 127.0.0.1'],
    ['4000::1', 'outside global unicast 2000::/3'],
    ['not an address', 'not an address'],
    ['', 'empty'],
  ])('refuses %s (%s)', (address) => {
    expect(policy.allows(address)).toBe(false);
  });

  it('allows trusted addresses and ranges, and nothing else internal', () => {
    const trusting = createAddressPolicy(['127.0.0.1', '10.1.0.0/16', 'fd12::/16']);
    expect(trusting.allows('127.0.0.1')).toBe(true);
    expect(trusting.allows('::ffff:127.0.0.1')).toBe(true);
    expect(trusting.allows('10.1.200.3')).toBe(true);
    expect(trusting.allows('fd12:3456::1')).toBe(true);
    expect(trusting.allows('127.0.0.2')).toBe(false);
    expect(trusting.allows('10.2.0.1')).toBe(false);
    expect(trusting.allows('169.254.169.254')).toBe(false);
    expect(trusting.allows('2002:7f00:1::')).toBe(false);
    expect(trusting.allows('93.184.216.34')).toBe(true);
  });
});

describe('parseTrustedAddress', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1', 32],
    ['10.0.0.0/8', '10.0.0.0', 8],
    ['::1', '::1', 128],
    ['fd00::/8', 'fd00::', 8],
  ])('reads %s', (entry, address, bits) => {
    const [range, prefix] = parseTrustedAddress(entry);
    expect([range.toString(), prefix]).toEqual([address, bits]);
  });

  it.each(['localhost', '127.1', '0x7f.0.0.1', '2130706433', '10.0.0.0/33', '::/129', '10.0.0.0/', '10.0.0.0/8/8', 'fe80::1%eth0', '10.0.0.0/-1'])(
    'refuses %s',
    (entry) => {
      expect(() => parseTrustedAddress(entry)).toThrow(entry);
    },
  );
});
