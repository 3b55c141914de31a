import type { MarkAllReadResponse, Notification, UnreadCount } from '@kora/contracts';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { getErrorMessage } from '../../api/error-message';
import { apiRequest } from '../../api/query-client';
import { toast } from '../../ui/use-toast';

// Keys are the API paths; the count's key starts with the list's, so invalidating
// ['/api/notifications'] (as likes, billing and two-factor do) refreshes both.
export const notificationsQuery = queryOptions<Notification[]>({ queryKey: ['/api/notifications'] });
export const unreadCountQuery = queryOptions<UnreadCount>({ queryKey: ['/api/notifications', 'unread-count'] });

function refreshNotifications(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey });
}

function showMarkError(error: unknown) {
  toast({ title: 'Error', description: getErrorMessage(error), variant: 'destructive' });
}

/** Spec section 4: a notification goes from unread to read on click. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await (await apiRequest('POST', `/api/notifications/${id}/read`)).json()) as Notification,
    onSuccess: () => refreshNotifications(queryClient),
    onError: showMarkError,
  });
}

/** ...or all at once. */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await (await apiRequest('POST', '/api/notifications/mark-all-read')).json()) as MarkAllReadResponse,
    onSuccess: () => refreshNotifications(queryClient),
    onError: showMarkError,
  });
}
