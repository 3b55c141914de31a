import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginChallenges, notifications, sessions, subscriptions, users } from '../../db/schema.js';
import type { ActiveSession } from './session-cache.js';

export type UserRow = typeof users.$inferSelect;

export function createAuthQueries(db: Db) {
  return {
    async findUserByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return row;
    },

    /** Creates the account with its free plan, welcome notification and what `alsoDo` adds, all or nothing. */
    async insertUserWithDefaults(
      values: typeof users.$inferInsert,
      welcome: { title: string; message: string },
      alsoDo?: (tx: Db, user: UserRow) => Promise<void>,
    ) {
      return db.transaction(async (tx) => {
        const [user] = await tx.insert(users).values(values).returning();
        if (!user) throw new Error('insert returned no row');
        await tx.insert(subscriptions).values({ userId: user.id });
        await tx.insert(notifications).values({ userId: user.id, kind: 'welcome', ...welcome });
        await alsoDo?.(tx, user);
        return user;
      });
    },

    async findUserById(userId: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      return row;
    },

    /** Keeps a sign-in's second-step challenge, and clears out challenges nobody finished. */
    async insertLoginChallenge(values: { tokenHash: string; userId: number; expiresAt: Date }, now: Date): Promise<void> {
      await db.delete(loginChallenges).where(lt(loginChallenges.expiresAt, now));
      await db.insert(loginChallenges).values(values);
    },

    /**
     * Counts one attempt on a live challenge in one statement, so parallel guesses cannot
     * exceed maxAttempts. Undefined when the challenge is unknown, expired or used up.
     */
    async countLoginChallengeAttempt(
      tokenHash: string,
      now: Date,
      maxAttempts: number,
    ): Promise<{ userId: number; attempts: number } | undefined> {
      const [row] = await db
        .update(loginChallenges)
        .set({ attempts: sql`${loginChallenges.attempts} + 1` })
        .where(
          and(
            eq(loginChallenges.tokenHash, tokenHash),
            gt(loginChallenges.expiresAt, now),
            lt(loginChallenges.attempts, maxAttempts),
          ),
        )
        .returning({ userId: loginChallenges.userId, attempts: loginChallenges.attempts });
      return row;
    },

    /** True for the one caller that removed it. */
    async deleteLoginChallenge(tokenHash: string): Promise<boolean> {
      const removed = await db
        .delete(loginChallenges)
        .where(eq(loginChallenges.tokenHash, tokenHash))
        .returning({ t: loginChallenges.tokenHash });
      return removed.length > 0;
    },

    async findSessionUser(tokenHash: string, now: Date): Promise<ActiveSession | undefined> {
      const [row] = await db
        .select({ user: users, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
        .limit(1);
      return row;
    },

    /** The new password hash, and every other session of the user revoked, together. */
    async replacePassword(userId: number, passwordHash: string, keepTokenHash: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
        await tx.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash)));
      });
    },

    /** Leaves the read caches valid (db/cache-neutral.ts): no cached answer shows a last seen. */
    async touchSession(tokenHash: string, at: Date): Promise<void> {
      await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.tokenHash, tokenHash));
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
