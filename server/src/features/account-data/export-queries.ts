import { and, desc, eq, isNotNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { isMediaKeyInUse, lockMediaKeys } from '../../db/media-references.js';
import { dataExports, users } from '../../db/schema.js';
import type { MediaStorage } from '../../media/storage.js';

export type DataExportRow = typeof dataExports.$inferSelect;

/** The data_exports table: a listener's copies of their data, from asked for to downloaded or expired. */
export function createExportQueries(db: Db) {
  return {
    async findLatest(userId: number): Promise<DataExportRow | undefined> {
      const [row] = await db.select().from(dataExports).where(eq(dataExports.userId, userId)).orderBy(desc(dataExports.requestedAt), desc(dataExports.id)).limit(1);
      return row;
    },

    /**
     * A new copy in the making, in the caller's transaction. Links of earlier copies stop working (the
     * newest link is the one to open); their files go with the next sweep. Undefined while another is
     * being made (the partial unique index decides between two requests at once).
     */
    async insertPreparing(tx: Db, userId: number, at: Date): Promise<DataExportRow | undefined> {
      await tx
        .update(dataExports)
        .set({ status: 'expired' })
        .where(and(eq(dataExports.userId, userId), eq(dataExports.status, 'ready')));
      const [row] = await tx
        .insert(dataExports)
        .values({ userId, requestedAt: at })
        .onConflictDoNothing({ target: dataExports.userId, where: sql`${dataExports.status} = 'preparing'` })
        .returning();
      return row;
    },

    /** The copy a job is to make, with whom it is for; undefined once it is no longer waiting (the account went). */
    async findPreparing(id: number) {
      const [row] = await db
        .select({ id: dataExports.id, userId: dataExports.userId, email: users.email, firstName: users.firstName })
        .from(dataExports)
        .innerJoin(users, eq(users.id, dataExports.userId))
        .where(and(eq(dataExports.id, id), eq(dataExports.status, 'preparing')));
      return row;
    },

    /** The file is made: false when the copy was dropped meanwhile (its account asked to be deleted). */
    async markReady(tx: Db, id: number, values: { tokenHash: string; fileKey: string; fileSize: number; expiresAt: Date }): Promise<boolean> {
      const rows = await tx
        .update(dataExports)
        .set({ status: 'ready', ...values })
        .where(and(eq(dataExports.id, id), eq(dataExports.status, 'preparing')))
        .returning({ id: dataExports.id });
      return rows.length > 0;
    },

    async markFailed(id: number): Promise<void> {
      await db
        .update(dataExports)
        .set({ status: 'failed' })
        .where(and(eq(dataExports.id, id), eq(dataExports.status, 'preparing')));
    },

    /** The copy a link's token opens, its row held until the transaction ends so one download only can take it. */
    async lockByToken(tx: Db, tokenHash: string): Promise<DataExportRow | undefined> {
      const [row] = await tx.select().from(dataExports).where(eq(dataExports.tokenHash, tokenHash)).for('update');
      return row;
    },

    async markDownloaded(tx: Db, id: number, at: Date): Promise<void> {
      await tx.update(dataExports).set({ status: 'downloaded', downloadedAt: at }).where(eq(dataExports.id, id));
    },

    /**
     * Copies whose file should be gone: downloaded, expired, superseded or failed, and ready ones past
     * their time. At most `limit`, oldest first. A read, so a sweep with nothing to do writes nothing.
     */
    async findSpentFiles(now: Date, limit: number): Promise<Pick<DataExportRow, 'id' | 'fileKey' | 'status'>[]> {
      return db
        .select({ id: dataExports.id, fileKey: dataExports.fileKey, status: dataExports.status })
        .from(dataExports)
        .where(
          and(
            isNotNull(dataExports.fileKey),
            or(and(ne(dataExports.status, 'ready'), ne(dataExports.status, 'preparing')), and(eq(dataExports.status, 'ready'), lte(dataExports.expiresAt, now))),
          ),
        )
        .orderBy(dataExports.id)
        .limit(limit);
    },

    /** A ready copy whose link has run out. */
    async markExpired(id: number): Promise<void> {
      await db
        .update(dataExports)
        .set({ status: 'expired' })
        .where(and(eq(dataExports.id, id), eq(dataExports.status, 'ready')));
    },

    /** Every stored copy of the listener's, as they ask for the account to be deleted (rows and links go now). */
    async deleteAllOf(tx: Db, userId: number): Promise<string[]> {
      const rows = await tx.delete(dataExports).where(eq(dataExports.userId, userId)).returning({ fileKey: dataExports.fileKey });
      return rows.flatMap((row) => (row.fileKey ? [row.fileKey] : []));
    },
  };
}

export type ExportQueries = ReturnType<typeof createExportQueries>;

/**
 * Forgets a copy's file and deletes it from the store unless another row refers to the same object
 * (keys are content-addressed), under the key's lock as every media deletion is.
 */
export async function discardExportFile(db: Db, storage: MediaStorage, id: number, fileKey: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockMediaKeys(tx, [fileKey]);
    await tx.update(dataExports).set({ fileKey: null }).where(and(eq(dataExports.id, id), eq(dataExports.fileKey, fileKey)));
    if (!(await isMediaKeyInUse(tx, fileKey))) await storage.delete(fileKey);
  });
}

/** Stored objects left by rows already deleted (an account's copies): deleted unless something else took them. */
export async function deleteUnusedObjects(db: Db, storage: MediaStorage, keys: readonly string[]): Promise<void> {
  for (const key of new Set(keys)) {
    await db.transaction(async (tx) => {
      await lockMediaKeys(tx, [key]);
      if (!(await isMediaKeyInUse(tx, key))) await storage.delete(key);
    });
  }
}
