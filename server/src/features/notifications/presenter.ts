import type { Notification } from '@kora/contracts';
import type { NotificationRow } from './queries.js';

export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    message: row.message,
    action: row.action,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
  };
}
