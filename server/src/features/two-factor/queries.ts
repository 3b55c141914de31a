import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notifications, twoFactor, twoFactorBackupCodes } from '../../db/schema.js';

export type TwoFactorRow = typeof twoFactor.$inferSelect;
export type NotificationText = { title: string; message: string };

/** A step is accepted only when it is later than every step accepted before it (no replay). */
const isNewerStep = (step: number) => or(isNull(twoFactor.lastUsedStep), lt(twoFactor.lastUsedStep, step));

export function createTwoFactorQueries(db: Db) {
  return {
    async findTwoFactor(userId: number): Promise<TwoFactorRow | undefined> {
      const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, userId)).limit(1);
      return row;
    },

    /**
     * Keeps a new pending secret and its backup codes (replacing an earlier unfinished setup's).
     * False, changing nothing, when two-factor is already on.
     */
    async startSetup(userId: number, pending: { secret: string; createdAt: Date; codeHashes: string[] }): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(twoFactor)
          .values({ userId, pendingSecret: pending.secret, pendingCreatedAt: pending.createdAt })
          .onConflictDoUpdate({
            target: twoFactor.userId,
            set: { pendingSecret: pending.secret, pendingCreatedAt: pending.createdAt },
            setWhere: eq(twoFactor.enabled, false),
          })
          .returning({ userId: twoFactor.userId });
        if (!row) return false;
        await tx.delete(twoFactorBackupCodes).where(eq(twoFactorBackupCodes.userId, userId));
        await tx.insert(twoFactorBackupCodes).values(pending.codeHashes.map((codeHash) => ({ userId, codeHash })));
        return true;
      });
    },

    /** Turns the pending secret into the active one, if it is still the one checked. */
    async enable(
      userId: number,
      change: { pendingSecret: string; step: number; now: Date; notification: NotificationText },
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(twoFactor)
          .set({
            enabled: true,
            secret: change.pendingSecret,
            pendingSecret: null,
            pendingCreatedAt: null,
            lastUsedStep: change.step,
            enabledAt: change.now,
          })
          .where(
            and(
              eq(twoFactor.userId, userId),
              eq(twoFactor.enabled, false),
              eq(twoFactor.pendingSecret, change.pendingSecret),
            ),
          )
          .returning({ userId: twoFactor.userId });
        if (!row) return false;
        await tx.insert(notifications).values({ userId, kind: 'two-factor', ...change.notification });
        return true;
      });
    },

    /**
     * Spends a TOTP step and turns two-factor off in one statement, so a code seen once cannot
     * be replayed to do it. Removes the secret and backup codes and notifies the user.
     */
    async disable(userId: number, change: { step: number; notification: NotificationText }): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .delete(twoFactor)
          .where(and(eq(twoFactor.userId, userId), eq(twoFactor.enabled, true), isNewerStep(change.step)))
          .returning({ userId: twoFactor.userId });
        if (!row) return false;
        await tx.delete(twoFactorBackupCodes).where(eq(twoFactorBackupCodes.userId, userId));
        await tx.insert(notifications).values({ userId, kind: 'two-factor', ...change.notification });
        return true;
      });
    },

    /** Records a TOTP step as used; false when it (or a later one) was used already. */
    async spendTotpStep(userId: number, step: number): Promise<boolean> {
      const rows = await db
        .update(twoFactor)
        .set({ lastUsedStep: step })
        .where(and(eq(twoFactor.userId, userId), eq(twoFactor.enabled, true), isNewerStep(step)))
        .returning({ userId: twoFactor.userId });
      return rows.length > 0;
    },

    /** Marks one unused backup code used; false when there is none with this hash. */
    async spendBackupCode(userId: number, codeHash: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(twoFactorBackupCodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(twoFactorBackupCodes.userId, userId),
            eq(twoFactorBackupCodes.codeHash, codeHash),
            isNull(twoFactorBackupCodes.usedAt),
          ),
        )
        .returning({ id: twoFactorBackupCodes.id });
      return rows.length > 0;
    },
  };
}

export type TwoFactorQueries = ReturnType<typeof createTwoFactorQueries>;
