import { describe, expect, it } from 'vitest';
import type { UsageRow } from './queries.js';
import { previousMonthStart, summarizeUsage } from './usage-figures.js';

describe('previousMonthStart', () => {
  it.each([
    ['2025-07-14', '2025-06-01'],
    ['2025-07-01', '2025-06-01'],
    ['2025-03-31', '2025-02-01'],
    ['2025-01-15', '2024-12-01'],
    ['2024-12-31', '2024-11-01'],
  ])('%s → %s', (day, expected) => expect(previousMonthStart(day)).toBe(expected));
});

const row = (day: string, bytes: number, overrides: Partial<UsageRow> = {}): UsageRow => ({
  day,
  kind: 'stream',
  quality: 'mp3-128',
  onDevice: true,
  bytes,
  ...overrides,
});

describe('summarizeUsage', () => {
  it('counts today, this month and last month by UTC day, across a year’s end', () => {
    const rows = [row('2025-01-01', 1), row('2025-01-31', 2), row('2024-12-31', 4), row('2024-12-01', 8), row('2024-11-30', 16)];
    expect(summarizeUsage(rows, '2025-01-01')).toMatchObject({ today: 1, thisMonth: 3, lastMonth: 12 });
    expect(summarizeUsage(rows, '2025-01-31')).toMatchObject({ today: 2, thisMonth: 3, lastMonth: 12 });
  });

  it('breaks this month down by the quality of its audio and by kind, largest first', () => {
    const rows = [
      row('2025-07-02', 100, { quality: 'opus-48' }),
      row('2025-07-03', 50, { quality: 'opus-48', kind: 'download' }),
      row('2025-07-03', 300, { quality: 'mp3-128' }),
      row('2025-07-03', 40, { kind: 'cover', quality: '' }),
      row('2025-07-03', 60, { kind: 'preview', quality: '' }),
      row('2025-06-30', 999, { quality: 'original' }),
    ];
    const figures = summarizeUsage(rows, '2025-07-03');
    expect(figures.byQuality).toEqual([
      { quality: 'mp3-128', bytes: 300 },
      { quality: 'opus-48', bytes: 150 },
    ]);
    expect(figures.byKind).toEqual([
      { kind: 'stream', bytes: 400 },
      { kind: 'preview', bytes: 60 },
      { kind: 'download', bytes: 50 },
      { kind: 'cover', bytes: 40 },
    ]);
  });

  it('is all zeros without rows', () => {
    expect(summarizeUsage([], '2025-07-03')).toEqual({ today: 0, thisMonth: 0, lastMonth: 0, byQuality: [], byKind: [] });
  });
});
