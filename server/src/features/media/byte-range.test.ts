import { describe, expect, it } from 'vitest';
import { parseByteRange } from './byte-range.js';

describe('parseByteRange', () => {
  it.each([
    ['bytes=0-99', 1000, { start: 0, end: 99 }],
    ['bytes=500-', 1000, { start: 500, end: 999 }],
    ['bytes=-100', 1000, { start: 900, end: 999 }],
    ['bytes=-5000', 1000, { start: 0, end: 999 }],
    ['bytes=900-5000', 1000, { start: 900, end: 999 }],
    ['bytes=0-0', 1, { start: 0, end: 0 }],
  ])('%s of %i bytes', (header, size, expected) => {
    expect(parseByteRange(header, size)).toEqual(expected);
  });

  it.each([
    ['bytes=1000-', 1000],
    ['bytes=5-2', 1000],
    ['bytes=-0', 1000],
    ['bytes=0-', 0],
  ])('%s of %i bytes is unsatisfiable', (header, size) => {
    expect(parseByteRange(header, size)).toBe('unsatisfiable');
  });

  it.each([undefined, 'items=0-5', 'bytes=0-5,10-20', 'bytes=-', 'bytes=abc'])('%s means the whole file', (header) => {
    expect(parseByteRange(header, 1000)).toBeUndefined();
  });
});
