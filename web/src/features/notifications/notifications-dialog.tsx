import { Modal } from '../../ui/dialog';
import { NotificationsPanel } from './notifications-panel';

/** The Notifications dialog; loaded when the bell is first pressed. */
export function NotificationsDialog({ open, onOpenChange, unread }: { open: boolean; onOpenChange: (open: boolean) => void; unread: number }) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Notifications" className="sm:w-[min(28rem,calc(100vw-2rem))]">
      <NotificationsPanel unread={unread} />
    </Modal>
  );
}
