import { and, desc, eq, gt, inArray, isNull, lt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { accountTokens, loginChallenges, sessions, users } from '../../db/schema.js';
import { enqueueJob, JOB_PRIORITY } from '../../jobs/queue.js';
import type { UserRow } from '../auth/queries.js';

export type AccountTokenRow = typeof accountTokens.$inferSelect;
export type AccountTokenPurpose = AccountTokenRow['purpose'];

/** A used or expired link's row is kept this long, so opening it again says why it no longer works. */
const KEEP_SPENT_TOKENS_MS = 7 * 24 * 60 * 60 * 1000;

/** All the SQL of the account's e-mail links. Writes take the caller's transaction, so a link and its e-mail go together. */
export function createAccountEmailQueries(db: Db) {
  return {
    transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    /** Queues a background job (the reset link of a forgotten password is made by one). */
    async enqueue(type: string, payload: Record<string, string>, maxAttempts: number): Promise<void> {
      await enqueueJob(db, type, payload, { maxAttempts, priority: JOB_PRIORITY.mail });
    },

    async findUserByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return row;
    },

    async findUserById(userId: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      return row;
    },

    /** The user, locked until the transaction ends, so two links of one account are used one after the other. */
    async lockUser(tx: Db, userId: number): Promise<UserRow | undefined> {
      const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update').limit(1);
      return row;
    },

    /** Whether another account already uses this address. */
    async isEmailTaken(tx: Db, email: string, exceptUserId: number): Promise<boolean> {
      const [row] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, email), ne(users.id, exceptUserId)))
        .limit(1);
      return row !== undefined;
    },

    /** Keeps a new link, and clears out the rows of links long spent. */
    async insertToken(tx: Db, values: typeof accountTokens.$inferInsert, now: Date): Promise<void> {
      await tx.delete(accountTokens).where(lt(accountTokens.expiresAt, new Date(now.getTime() - KEEP_SPENT_TOKENS_MS)));
      await tx.insert(accountTokens).values(values);
    },

    /** A link's row; locked until the transaction ends with `forUpdate`, so a second use of it waits, then finds it used. */
    async findToken(tokenHash: string, { tx = db, forUpdate = false }: { tx?: Db; forUpdate?: boolean } = {}): Promise<AccountTokenRow | undefined> {
      const query = tx.select().from(accountTokens).where(eq(accountTokens.tokenHash, tokenHash)).limit(1);
      const [row] = forUpdate ? await query.for('update') : await query;
      return row;
    },

    /** Spends every unused link of these purposes the user has: the one just used, and those it makes moot. */
    async spendTokens(tx: Db, userId: number, purposes: AccountTokenPurpose[], now: Date): Promise<void> {
      await tx
        .update(accountTokens)
        .set({ usedAt: now })
        .where(and(eq(accountTokens.userId, userId), inArray(accountTokens.purpose, purposes), isNull(accountTokens.usedAt)));
    },

    async markTokenUsed(tx: Db, tokenHash: string, now: Date): Promise<void> {
      await tx.update(accountTokens).set({ usedAt: now }).where(eq(accountTokens.tokenHash, tokenHash));
    },

    /** The newest address change still waiting for its link. */
    async findPendingChange(userId: number, now: Date): Promise<{ newEmail: string; expiresAt: Date } | undefined> {
      const [row] = await db
        .select({ newEmail: accountTokens.newEmail, expiresAt: accountTokens.expiresAt })
        .from(accountTokens)
        .where(
          and(
            eq(accountTokens.userId, userId),
            eq(accountTokens.purpose, 'email-change'),
            isNull(accountTokens.usedAt),
            gt(accountTokens.expiresAt, now),
          ),
        )
        .orderBy(desc(accountTokens.createdAt))
        .limit(1);
      return row?.newEmail ? { newEmail: row.newEmail, expiresAt: row.expiresAt } : undefined;
    },

    async setPassword(tx: Db, userId: number, passwordHash: string): Promise<void> {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    },

    /** Signs the user out everywhere: every session, and every sign-in waiting for its second step. */
    async deleteSessions(tx: Db, userId: number): Promise<void> {
      await tx.delete(sessions).where(eq(sessions.userId, userId));
      await tx.delete(loginChallenges).where(eq(loginChallenges.userId, userId));
    },

    /** Sets the account's address (the same or another) and when it was confirmed. */
    async setEmail(tx: Db, userId: number, email: string, confirmedAt: Date): Promise<UserRow> {
      const [row] = await tx.update(users).set({ email, emailConfirmedAt: confirmedAt }).where(eq(users.id, userId)).returning();
      if (!row) throw new Error('the locked user is gone');
      return row;
    },
  };
}

export type AccountEmailQueries = ReturnType<typeof createAccountEmailQueries>;
