import { describe, expect, it } from 'vitest';
import { createHostAllowList, parseAllowedHost } from './host-allow-list.js';

describe('host allow-list', () => {
  const list = createHostAllowList(['*.dzcdn.net', 'media.example.com', 'cdn.example.org:8443', '127.0.0.1:9443', '[::1]:9443']);
  const allows = (url: string) => list.allows(new URL(url));

  it.each([
    'https://cdns-preview-d.dzcdn.net/stream/c-d.mp3',
    'https://a.b.dzcdn.net/x.mp3',
    'https://CDNS-PREVIEW-D.DZCDN.NET/x.mp3',
    'https://cdns-preview-d.dzcdn.net:443/x.mp3',
    'https://media.example.com/x.mp3',
    'https://cdn.example.org:8443/x.mp3',
    'https://127.0.0.1:9443/x.mp3',
    'https://[::1]:9443/x.mp3',
    'https://[0:0:0:0:0:0:0:1]:9443/x.mp3',
  ])('allows %s', (url) => {
    expect(allows(url)).toBe(true);
  });

  it.each([
    ['https://dzcdn.net/x.mp3', 'the wildcard domain itself'],
    ['https://evil-dzcdn.net/x.mp3', 'a look-alike name'],
    ['https://dzcdn.net.evil.com/x.mp3', 'the domain as a prefix'],
    ['https://cdns-preview-d.dzcdn.net:8443/x.mp3', 'another port of an allowed name'],
    ['https://cdns-preview-d.dzcdn.net./x.mp3', 'the name with a trailing dot'],
    ['https://www.media.example.com/x.mp3', 'a subdomain of an exact entry'],
    ['https://media.example.com:444/x.mp3', 'another port of an exact entry'],
    ['https://cdn.example.org/x.mp3', 'the default port of an entry with a port'],
    ['https://127.0.0.1/x.mp3', 'the default port of an allowed address'],
    ['https://127.0.0.2:9443/x.mp3', 'another address'],
  ])('refuses %s (%s)', (url) => {
    expect(allows(url)).toBe(false);
  });

  it('matches an address however the URL spells it, as the URL parser normalizes it', () => {
    expect(allows('https://2130706433:9443/x.mp3')).toBe(true);
    expect(allows('https://0x7f.1:9443/x.mp3')).toBe(true);
  });
});

describe('parseAllowedHost', () => {
  it.each([
    ['*.dzcdn.net', { hostname: 'dzcdn.net', wildcard: true, port: 443 }],
    ['cdn.example.com', { hostname: 'cdn.example.com', wildcard: false, port: 443 }],
    ['CDN.Example.com:8443', { hostname: 'cdn.example.com', wildcard: false, port: 8443 }],
    ['cdn.example.com:443', { hostname: 'cdn.example.com', wildcard: false, port: 443 }],
    ['127.0.0.1:9443', { hostname: '127.0.0.1', wildcard: false, port: 9443 }],
    ['[::1]:9443', { hostname: '[::1]', wildcard: false, port: 9443 }],
  ])('reads %s', (entry, expected) => {
    expect(parseAllowedHost(entry)).toEqual(expected);
  });

  it.each([
    ['*', 'is not a host'],
    ['*.', 'is not a host'],
    ['*.net', 'a wildcard needs a domain of at least two labels'],
    ['*.127.0.0.1', 'a wildcard needs a domain'],
    ['https://cdn.example.com', 'is not a host'],
    ['cdn.example.com/path', 'is not a host'],
    ['user@cdn.example.com', 'is not a host'],
    ['cdn.example.com:', 'is not a host'],
    ['cdn.example.com:0', 'is not a host'],
    ['cdn.example.com:99999', 'is not a host'],
    ['cdn..example.com', 'is not a host'],
    ['cdn.example.com.', 'is not a host'],
    ['1.2.3', 'must be written as URLs spell it: "1.2.0.3"'],
    ['[::ffff:127.0.0.1]:9443', 'must be written as URLs spell it: "[::ffff:7f00:1]:9443"'],
    ['müsic.example.com', 'must be written as URLs spell it: "xn--msic-0ra.example.com"'],
  ])('refuses %s', (entry, reason) => {
    expect(() => parseAllowedHost(entry)).toThrow(reason);
  });
});
