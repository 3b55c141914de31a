import { describe, expect, it } from 'vitest';
import { downloadPercent } from './download-progress';

const progress = (done: number, count: number, current: { received: number; total: number | null } | null = null) => ({
  key: 'playlist:1',
  title: 'Mix',
  songIds: Array.from({ length: count }, (_, index) => index + 1),
  done,
  current: current && { songId: done + 1, ...current },
  backgroundBytes: null,
});

describe('downloadPercent', () => {
  it('counts whole songs and the part of the one on its way', () => {
    expect(downloadPercent(progress(0, 4))).toBe(0);
    expect(downloadPercent(progress(1, 4, { received: 50, total: 100 }))).toBe(37);
    expect(downloadPercent(progress(4, 4))).toBe(100);
  });

  it('never passes 100, and counts a song of unknown size only once kept', () => {
    expect(downloadPercent(progress(3, 4, { received: 500, total: 100 }))).toBe(100);
    expect(downloadPercent(progress(1, 2, { received: 500, total: null }))).toBe(50);
    expect(downloadPercent(progress(0, 0))).toBe(100);
  });
});
