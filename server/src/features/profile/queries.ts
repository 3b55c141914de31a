import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { UserRow } from '../auth/queries.js';

export type ProfileChanges = Partial<Pick<UserRow, 'firstName' | 'lastName' | 'email' | 'bio' | 'phone'>>;

export function createProfileQueries(db: Db) {
  return {
    /** Whether another account already uses this e-mail address. */
    async isEmailTaken(email: string, exceptUserId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, email), ne(users.id, exceptUserId)))
        .limit(1);
      return row !== undefined;
    },

    async updateUser(userId: number, changes: ProfileChanges): Promise<UserRow | undefined> {
      const [row] = await db.update(users).set(changes).where(eq(users.id, userId)).returning();
      return row;
    },
  };
}

export type ProfileQueries = ReturnType<typeof createProfileQueries>;
