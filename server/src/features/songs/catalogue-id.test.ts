import { describe, expect, it } from 'vitest';
import { parseCatalogueId, parseLocalSongId } from './catalogue-id.js';

describe('parseCatalogueId', () => {
  it('accepts positive integers that fit a database id', () => {
    expect(parseCatalogueId('1')).toBe(1);
    expect(parseCatalogueId('2147483647')).toBe(2_147_483_647);
  });

  it.each(['abc', '0', '-1', '1.5', '01', '2147483648', '', '1e3', 'deezer-1'])('names no row for %j', (raw) => {
    expect(parseCatalogueId(raw)).toBeUndefined();
  });
});

describe('parseLocalSongId', () => {
  it('accepts a local id', () => {
    expect(parseLocalSongId('42', 'external')).toBe(42);
  });

  it.each(['deezer-3135556', 'youtube-dQw4w9WgXcQ', 'soundcloud-abc'])('refuses the external id %s with the given reason', (raw) => {
    expect(() => parseLocalSongId(raw, 'Only library songs')).toThrow('Only library songs');
  });

  it.each(['abc', '0', '2147483648', 'local-1'])('refuses %j as not a number', (raw) => {
    expect(() => parseLocalSongId(raw, 'external')).toThrow('Song id must be a number');
  });
});
