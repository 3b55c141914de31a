import { describe, expect, it } from 'vitest';
import { splitUploadProgress, toPercent } from './upload-progress';

describe('splitUploadProgress', () => {
  it('fills the files one after the other, in body order', () => {
    // 100 bytes of files in a 110-byte body: the 10 bytes of fields and headers are spread over them.
    const sizes = [20, 80];
    expect(splitUploadProgress(0, 110, sizes)).toEqual([0, 0]);
    expect(splitUploadProgress(11, 110, sizes)).toEqual([0.5, 0]);
    expect(splitUploadProgress(22, 110, sizes)).toEqual([1, 0]);
    expect(splitUploadProgress(66, 110, sizes)).toEqual([1, 0.5]);
    expect(splitUploadProgress(110, 110, sizes)).toEqual([1, 1]);
  });

  it('never goes past a whole file, even if the browser reports more than the total', () => {
    expect(splitUploadProgress(200, 110, [20, 80])).toEqual([1, 1]);
  });

  it('reports nothing sent before the browser knows the total', () => {
    expect(splitUploadProgress(0, 0, [5, 5])).toEqual([0, 0]);
  });

  it('counts an empty file as sent once the body before it is', () => {
    expect(splitUploadProgress(5, 10, [10, 0])).toEqual([0.5, 0]);
    expect(splitUploadProgress(10, 10, [10, 0])).toEqual([1, 1]);
    expect(splitUploadProgress(10, 10, [0])).toEqual([1]);
  });
});

describe('toPercent', () => {
  it('rounds down and shows 100 only when the file is complete', () => {
    expect(toPercent(0)).toBe(0);
    expect(toPercent(0.456)).toBe(45);
    expect(toPercent(0.9999)).toBe(99);
    expect(toPercent(1)).toBe(100);
  });
});
