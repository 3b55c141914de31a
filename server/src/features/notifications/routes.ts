import type { FastifyInstance } from 'fastify';
import { currentUser } from '../auth/session-guard.js';
import { type NotificationService, parseNotificationId } from './service.js';

type IdParams = { Params: { id: string } };

export async function notificationRoutes(app: FastifyInstance, { notifications }: { notifications: NotificationService }) {
  app.get('/api/notifications', async (request) => notifications.list(currentUser(request).id));

  app.get('/api/notifications/unread-count', async (request) => notifications.unreadCount(currentUser(request).id));

  app.post<IdParams>('/api/notifications/:id/read', async (request) =>
    notifications.markRead(currentUser(request).id, parseNotificationId(request.params.id)),
  );

  app.post('/api/notifications/mark-all-read', async (request) => notifications.markAllRead(currentUser(request).id));
}
