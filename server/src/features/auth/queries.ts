import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notifications, sessions, subscriptions, users } from '../../db/schema.js';

export type UserRow = typeof users.$inferSelect;

export function createAuthQueries(db: Db) {
  return {
    async findUserByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return row;
    },

    /** Creates the account with its free plan and welcome notification, all or nothing. */
    async insertUserWithDefaults(values: typeof users.$inferInsert, welcome: { title: string; message: string }) {
      return db.transaction(async (tx) => {
        const [user] = await tx.insert(users).values(values).returning();
        if (!user) throw new Error('insert returned no row');
        await tx.insert(subscriptions).values({ userId: user.id });
        await tx.insert(notifications).values({ userId: user.id, kind: 'welcome', ...welcome });
        return user;
      });
    },

    async insertSession(values: typeof sessions.$inferInsert): Promise<void> {
      await db.insert(sessions).values(values);
    },

    async findSessionUser(tokenHash: string, now: Date): Promise<{ user: UserRow; expiresAt: Date } | undefined> {
      const [row] = await db
        .select({ user: users, expiresAt: sessions.expiresAt })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
        .limit(1);
      return row;
    },

    async deleteSession(tokenHash: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    },

    async deleteExpiredSessions(now: Date): Promise<number> {
      const removed = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ t: sessions.tokenHash });
      return removed.length;
    },
  };
}

export type AuthQueries = ReturnType<typeof createAuthQueries>;
