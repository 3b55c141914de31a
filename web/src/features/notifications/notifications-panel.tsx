import { NOTIFICATION_ACTION_LABELS, type Notification } from '@kora/contracts';
import { useQuery } from '@tanstack/react-query';
import { Bell, CheckCheck } from 'lucide-react';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { EmptyState } from '../../ui/empty-state';
import { formatQuantity } from '../../ui/format';
import { LoadError } from '../../ui/load-error';
import { LoadingRegion, Skeleton } from '../../ui/skeleton';
import { useOpenCardManagement } from '../subscription/billing-api';
import { notificationsQuery, useMarkAllNotificationsRead, useMarkNotificationRead } from './api';
import { formatNotificationTime } from './notification-time';

interface NotificationsPanelProps {
  unread: number;
  /** The notification whose Renew opened the upgrade sheet, if the panel is back from it. */
  renewedFrom: number | null;
  onRenew: (notificationId: number) => void;
}

/** The dialog's body: the summary with 'Mark all as read', then the list, newest first. */
export function NotificationsPanel({ unread, renewedFrom, onRenew }: NotificationsPanelProps) {
  const list = useQuery(notificationsQuery);
  const markAll = useMarkAllNotificationsRead();

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-ink-muted" aria-live="polite">
          {unread > 0 ? formatQuantity(unread, 'unread notification') : "You're all caught up."}
        </p>
        <Button variant="outline" size="sm" disabled={unread === 0 || markAll.isPending} onClick={() => markAll.mutate()}>
          <CheckCheck aria-hidden />
          Mark all as read
        </Button>
      </div>
      {list.isPending ? (
        <NotificationsSkeleton />
      ) : list.isError ? (
        <LoadError title="Could not load your notifications" error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <EmptyState icon={Bell} title="No notifications yet" description="News about your account and your releases will appear here." />
      ) : (
        <ul aria-label="Notifications list" className="-mx-2 grid gap-1">
          {list.data.map((notification) => (
            <li key={notification.id}>
              <NotificationItem
                notification={notification}
                isRenewedFrom={notification.id === renewedFrom}
                onRenew={() => onRenew(notification.id)}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** An unread notification is a button that marks it read; a read one is just text. Its action, if any, follows it. */
function NotificationItem({ notification, isRenewedFrom, onRenew }: { notification: Notification; isRenewedFrom: boolean; onRenew: () => void }) {
  return (
    <div className="grid gap-1">
      <NotificationBody notification={notification} />
      {notification.action && <NotificationAction action={notification.action} isRenewedFrom={isRenewedFrom} onRenew={onRenew} />}
    </div>
  );
}

/** Renew opens the upgrade sheet; Update card opens the payment provider's page for the card. */
function NotificationAction({
  action,
  isRenewedFrom,
  onRenew,
}: {
  action: NonNullable<Notification['action']>;
  isRenewedFrom: boolean;
  onRenew: () => void;
}) {
  const manage = useOpenCardManagement();
  const handleClick = action === 'renew-premium' ? onRenew : () => manage.mutate();
  return (
    <Button
      variant="secondary"
      size="sm"
      className="ml-7 justify-self-start"
      // Back from the upgrade sheet, focus returns to the Renew that opened it.
      autoFocus={isRenewedFrom}
      disabled={manage.isPending || manage.isSuccess}
      onClick={handleClick}
    >
      {NOTIFICATION_ACTION_LABELS[action]}
    </Button>
  );
}

function NotificationBody({ notification }: { notification: Notification }) {
  const markRead = useMarkNotificationRead();
  const { isRead } = notification;
  const body = (
    <>
      <span
        aria-hidden
        className={cn('mt-1.5 size-2.5 shrink-0 rounded-full', isRead ? 'bg-transparent ring-1 ring-line-strong' : 'bg-gold-400')}
      />
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className={cn('text-sm break-words', isRead ? 'font-medium text-ink-muted' : 'font-bold text-ink')}>
          {notification.title}
        </span>
        <span className="text-sm break-words text-ink-muted">{notification.message}</span>
        <span className="text-xs text-ink-subtle">
          <time dateTime={notification.createdAt}>{formatNotificationTime(notification.createdAt)}</time>
          <span> · {isRead ? 'Read' : 'Unread'}</span>
        </span>
      </span>
    </>
  );
  const layout = 'flex w-full items-start gap-3 rounded-control px-2 py-3 text-left';

  if (isRead) return <div className={layout}>{body}</div>;
  return (
    <button
      type="button"
      title="Mark as read"
      disabled={markRead.isPending}
      onClick={() => markRead.mutate(notification.id)}
      className={cn(layout, 'bg-raised/60 transition-colors hover:bg-overlay disabled:opacity-60')}
    >
      {body}
    </button>
  );
}

function NotificationsSkeleton() {
  return (
    <LoadingRegion label="Loading notifications" className="grid gap-4">
      {Array.from({ length: 3 }, (_, index) => (
        <div key={index} className="flex gap-3">
          <Skeleton className="mt-1.5 size-2.5 rounded-full" />
          <div className="grid flex-1 gap-1.5">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-3.5 w-full" />
            <Skeleton className="h-3 w-20" />
          </div>
        </div>
      ))}
    </LoadingRegion>
  );
}
