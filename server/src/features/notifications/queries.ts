import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notifications } from '../../db/schema.js';

export type NotificationRow = typeof notifications.$inferSelect;

/** Every statement names the user: a notification is only ever read or changed by its owner. */
export function createNotificationQueries(db: Db) {
  const ownedBy = (userId: number) => eq(notifications.userId, userId);
  const unread = eq(notifications.isRead, false);

  return {
    /** Newest first (notifications_user_recent_idx). */
    async listNotifications(userId: number, limit: number): Promise<NotificationRow[]> {
      return db
        .select()
        .from(notifications)
        .where(ownedBy(userId))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit);
    },

    /** Reads the partial index of unread notifications only. */
    async countUnread(userId: number): Promise<number> {
      const [row] = await db.select({ count: count() }).from(notifications).where(and(ownedBy(userId), unread));
      return row?.count ?? 0;
    },

    /** The user's notification with this id, now read; undefined when they have none such. */
    async markRead(userId: number, id: number): Promise<NotificationRow | undefined> {
      const [row] = await db
        .update(notifications)
        .set({ isRead: true })
        .where(and(eq(notifications.id, id), ownedBy(userId)))
        .returning();
      return row;
    },

    /** How many were unread. */
    async markAllRead(userId: number): Promise<number> {
      const rows = await db
        .update(notifications)
        .set({ isRead: true })
        .where(and(ownedBy(userId), unread))
        .returning({ id: notifications.id });
      return rows.length;
    },
  };
}

export type NotificationQueries = ReturnType<typeof createNotificationQueries>;
