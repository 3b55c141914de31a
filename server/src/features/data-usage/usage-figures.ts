import type { DataUsageFigures, DataUsageKind } from '@kora/contracts';
import type { UsageRow } from './queries.js';

/** The first day of the UTC month before the one `day` ('2025-07-14') is in: '2025-06-01'. */
export function previousMonthStart(day: string): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 2, 1)).toISOString().slice(0, 10);
}

/** Kinds whose bytes are audio at a rendition (the others have no quality). */
const AUDIO_KINDS: ReadonlySet<DataUsageKind> = new Set(['stream', 'download']);

function sortedEntries<K extends string>(totals: Map<K, number>): [K, number][] {
  return [...totals].sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
}

/** Sums a listener's rows into today, this month, last month, and this month by quality and by kind. */
export function summarizeUsage(rows: readonly UsageRow[], today: string): DataUsageFigures {
  const month = today.slice(0, 7);
  const lastMonth = previousMonthStart(today).slice(0, 7);
  const figures = { today: 0, thisMonth: 0, lastMonth: 0 };
  const byQuality = new Map<string, number>();
  const byKind = new Map<DataUsageKind, number>();
  for (const row of rows) {
    if (row.day === today) figures.today += row.bytes;
    if (row.day.startsWith(lastMonth)) figures.lastMonth += row.bytes;
    if (!row.day.startsWith(month)) continue;
    figures.thisMonth += row.bytes;
    byKind.set(row.kind, (byKind.get(row.kind) ?? 0) + row.bytes);
    if (AUDIO_KINDS.has(row.kind)) byQuality.set(row.quality, (byQuality.get(row.quality) ?? 0) + row.bytes);
  }
  return {
    ...figures,
    byQuality: sortedEntries(byQuality).map(([quality, bytes]) => ({ quality, bytes })),
    byKind: sortedEntries(byKind).map(([kind, bytes]) => ({ kind, bytes })),
  };
}
