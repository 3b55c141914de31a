import type { MarkAllReadResponse, Notification, UnreadCount } from '@kora/contracts';
import { BadRequest, NotFound } from '../../http/errors.js';
import { parseCatalogueId } from '../songs/catalogue-id.js';
import { presentNotification } from './presenter.js';
import type { NotificationQueries } from './queries.js';

/** The dialog shows the latest ones; older notifications are not worth a page of their own. */
export const NOTIFICATIONS_LIST_LIMIT = 50;
export const NOTIFICATION_NOT_FOUND_MESSAGE = 'Notification not found';

/**
 * A notification id from the path: not a number is a bad request; a number that names no
 * notification of this user is not found, whether it is someone else's or nobody's.
 */
export function parseNotificationId(raw: string): number {
  if (!/^\d+$/.test(raw)) throw new BadRequest('Notification id must be a number');
  const id = parseCatalogueId(raw);
  if (id === undefined) throw new NotFound(NOTIFICATION_NOT_FOUND_MESSAGE);
  return id;
}

/** Every call acts for `userId` only. */
export function createNotificationService(queries: NotificationQueries) {
  return {
    async list(userId: number): Promise<Notification[]> {
      return (await queries.listNotifications(userId, NOTIFICATIONS_LIST_LIMIT)).map(presentNotification);
    },

    async unreadCount(userId: number): Promise<UnreadCount> {
      return { count: await queries.countUnread(userId) };
    },

    /** Answers the notification as it now is. */
    async markRead(userId: number, id: number): Promise<Notification> {
      const row = await queries.markRead(userId, id);
      if (!row) throw new NotFound(NOTIFICATION_NOT_FOUND_MESSAGE);
      return presentNotification(row);
    },

    async markAllRead(userId: number): Promise<MarkAllReadResponse> {
      return { updated: await queries.markAllRead(userId) };
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
