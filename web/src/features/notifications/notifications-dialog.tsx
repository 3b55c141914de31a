import { useState } from 'react';
import { Modal } from '../../ui/dialog';
import { openUpgradeSheet, useUpgradeSheetOpen } from '../subscription/upgrade-sheet-state';
import { NotificationsPanel } from './notifications-panel';

/** The Notifications dialog; loaded when the bell is first pressed. */
export function NotificationsDialog({ open, onOpenChange, unread }: { open: boolean; onOpenChange: (open: boolean) => void; unread: number }) {
  const isUpgradeOpen = useUpgradeSheetOpen();
  // The notification whose Renew opened the upgrade sheet: focus goes back to its Renew.
  const [renewedFrom, setRenewedFrom] = useState<number | null>(null);

  function handleOpenChange(next: boolean) {
    if (!next) setRenewedFrom(null);
    onOpenChange(next);
  }

  function handleRenew(notificationId: number) {
    setRenewedFrom(notificationId);
    openUpgradeSheet();
  }

  // Renew opens the app's one upgrade sheet: Notifications steps aside so only one dialog is up,
  // and comes back when the sheet closes without leaving for the checkout (Not now, or a local
  // upgrade that is done).
  return (
    <Modal
      open={open && !isUpgradeOpen}
      onOpenChange={handleOpenChange}
      title="Notifications"
      className="sm:w-[min(28rem,calc(100vw-2rem))]"
    >
      <NotificationsPanel unread={unread} renewedFrom={renewedFrom} onRenew={handleRenew} />
    </Modal>
  );
}
