import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions, signInDevices } from '../../db/schema.js';

export type SessionRow = Pick<typeof sessions.$inferSelect, 'tokenHash' | 'publicId' | 'userAgent' | 'createdAt' | 'lastSeenAt'>;

export function createSessionQueries(db: Db) {
  return {
    /**
     * Stores a new session and notes the browser it came from, in one transaction; `onNewDevice`
     * runs inside it (with the transaction) when the account had never signed in from that browser.
     */
    async insertSession(
      values: typeof sessions.$inferInsert,
      deviceId: string,
      onNewDevice: (tx: Db) => Promise<void>,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(sessions).values(values);
        const added = await tx
          .insert(signInDevices)
          .values({ userId: values.userId, deviceId })
          .onConflictDoNothing()
          .returning({ deviceId: signInDevices.deviceId });
        if (added.length > 0) await onNewDevice(tx);
      });
    },

    /** The user's live sessions, most recently seen first. */
    async listSessions(userId: number, now: Date): Promise<SessionRow[]> {
      return db
        .select({
          tokenHash: sessions.tokenHash,
          publicId: sessions.publicId,
          userAgent: sessions.userAgent,
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
        })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
        .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
    },

    /** Ends one of the user's sessions; the token hash of the one ended, none when it is not theirs. */
    async deleteSession(userId: number, publicId: string): Promise<string | undefined> {
      const [removed] = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), eq(sessions.publicId, publicId)))
        .returning({ tokenHash: sessions.tokenHash });
      return removed?.tokenHash;
    },

    /**
     * Ends every live session of the user but one (the ones the list shows; expired ones are
     * refused anyway and swept); the token hashes of those ended.
     */
    async deleteOtherSessions(userId: number, keepTokenHash: string, now: Date): Promise<string[]> {
      const removed = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash), gt(sessions.expiresAt, now)))
        .returning({ tokenHash: sessions.tokenHash });
      return removed.map((row) => row.tokenHash);
    },
  };
}

export type SessionQueries = ReturnType<typeof createSessionQueries>;
