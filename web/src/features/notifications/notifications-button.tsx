import { useQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { lazy, useState } from 'react';
import { IconButton } from '../../ui/icon-button';
import { OpenedOnce } from '../../ui/opened-once';
import { unreadCountQuery } from './api';
import { formatBadgeCount } from './badge-count';

const NotificationsDialog = lazy(() => import('./notifications-dialog').then((m) => ({ default: m.NotificationsDialog })));

/** The header's bell: unread badge and the Notifications dialog. */
export function NotificationsButton() {
  const [open, setOpen] = useState(false);
  const unread = useQuery(unreadCountQuery).data?.count ?? 0;
  const badge = formatBadgeCount(unread);

  return (
    <>
      <IconButton
        label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        onClick={() => setOpen(true)}
        className="relative"
      >
        <Bell aria-hidden />
        {badge && (
          <span
            aria-hidden
            data-testid="notifications-badge"
            className="absolute top-1 right-1 grid h-5 min-w-5 place-items-center rounded-full bg-coral-500 px-1 text-[0.6875rem] leading-none font-bold text-white ring-2 ring-canvas"
          >
            {badge}
          </span>
        )}
      </IconButton>
      <OpenedOnce open={open}>
        <NotificationsDialog open={open} onOpenChange={setOpen} unread={unread} />
      </OpenedOnce>
    </>
  );
}
