import { useQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useState } from 'react';
import { Modal } from '../../ui/dialog';
import { IconButton } from '../../ui/icon-button';
import { unreadCountQuery } from './api';
import { formatBadgeCount } from './badge-count';
import { NotificationsPanel } from './notifications-panel';

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
      <Modal open={open} onOpenChange={setOpen} title="Notifications" className="sm:w-[min(28rem,calc(100vw-2rem))]">
        <NotificationsPanel unread={unread} />
      </Modal>
    </>
  );
}
