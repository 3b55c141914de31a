import type { DataUsageKind } from '@kora/contracts';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { dataUsage, users } from '../../db/schema.js';
import type { UsageCount } from './data-meter.js';

/** One listener's bytes of one day, kind and quality, on the asking device or on the others. */
export type UsageRow = { day: string; kind: DataUsageKind; quality: string; onDevice: boolean; bytes: number };

const byKey = (a: UsageCount, b: UsageCount) =>
  a.userId - b.userId ||
  a.deviceId.localeCompare(b.deviceId) ||
  a.day.localeCompare(b.day) ||
  a.kind.localeCompare(b.kind) ||
  a.quality.localeCompare(b.quality);

export function createDataUsageQueries(db: Db) {
  return {
    /**
     * Adds a batch of counts in one statement, its columns sent as six arrays whatever the batch's
     * size. Rows are taken in one order, so two processes flushing at once never deadlock; counts of
     * a listener deleted meanwhile are dropped by the join instead of failing the batch.
     */
    async addUsage(counts: UsageCount[]): Promise<void> {
      const sorted = [...counts].sort(byKey);
      const column = <T>(pick: (count: UsageCount) => T) => sql.param(sorted.map(pick));
      await db.execute(sql`
        insert into ${dataUsage} (user_id, device_id, day, kind, quality, bytes)
        select counted.user_id, counted.device_id, counted.day, counted.kind, counted.quality, counted.bytes
        from unnest(
          ${column((c) => c.userId)}::integer[], ${column((c) => c.deviceId)}::text[], ${column((c) => c.day)}::date[],
          ${column((c) => c.kind)}::text[], ${column((c) => c.quality)}::text[], ${column((c) => c.bytes)}::bigint[]
        ) as counted(user_id, device_id, day, kind, quality, bytes)
        join ${users} on ${users.id} = counted.user_id
        on conflict (user_id, device_id, day, kind, quality) do update set bytes = ${dataUsage.bytes} + excluded.bytes`);
    },

    /** A listener's bytes since a UTC day, per day, kind and quality, this device's apart from the others'. */
    async findUsageSince(userId: number, deviceId: string, since: string): Promise<UsageRow[]> {
      const rows = await db
        .select({
          day: dataUsage.day,
          kind: dataUsage.kind,
          quality: dataUsage.quality,
          deviceId: dataUsage.deviceId,
          bytes: dataUsage.bytes,
        })
        .from(dataUsage)
        .where(and(eq(dataUsage.userId, userId), gte(dataUsage.day, since)));
      return rows.map(({ deviceId: rowDevice, ...row }) => ({ ...row, onDevice: rowDevice === deviceId }));
    },

    /** The listener's monthly limit in megabytes (null: none); undefined when the account is gone. */
    async findLimit(userId: number): Promise<number | null | undefined> {
      const [row] = await db.select({ limitMb: users.monthlyDataLimitMb }).from(users).where(eq(users.id, userId));
      return row?.limitMb;
    },

    /** Sets the limit; false when the account is gone. */
    async setLimit(userId: number, limitMb: number | null): Promise<boolean> {
      const updated = await db.update(users).set({ monthlyDataLimitMb: limitMb }).where(eq(users.id, userId)).returning({ id: users.id });
      return updated.length > 0;
    },
  };
}

export type DataUsageQueries = ReturnType<typeof createDataUsageQueries>;
