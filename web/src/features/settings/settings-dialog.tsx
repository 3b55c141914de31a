import type { User } from '@kora/contracts';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/dialog';
import { YourDataPanel } from '../account-data/your-data-panel';
import { DevicesPanel } from '../sessions/devices-panel';
import { BillingHistoryPanel, PaymentMethodsPanel, SubscriptionPanel } from '../subscription/subscription-panels';
import { useUpgradeSheetOpen } from '../subscription/upgrade-sheet-state';
import { SettingsMain } from './settings-main';

export type SettingsView = 'main' | 'subscription' | 'payment-methods' | 'billing-history' | 'devices' | 'your-data';

const VIEW_TITLES: Record<SettingsView, string> = {
  main: 'Settings',
  subscription: 'Subscription',
  'payment-methods': 'Payment Methods',
  'billing-history': 'Billing History',
  devices: "Where you're signed in",
  'your-data': 'Your data',
};

/** Where Back leads from each sub-view. */
const PARENT_VIEW: Record<Exclude<SettingsView, 'main'>, SettingsView> = {
  subscription: 'main',
  'payment-methods': 'subscription',
  'billing-history': 'subscription',
  devices: 'main',
  'your-data': 'main',
};

interface SettingsDialogProps {
  user: User;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The view its first opening shows: a link into Settings (features/sessions/settings-link.ts). */
  initialView?: SettingsView;
}

/** The Settings dialog (spec section 2): the main view, the subscription sub-views and the devices one, each with Back. */
export function SettingsDialog({ user, open, onOpenChange, initialView = 'main' }: SettingsDialogProps) {
  const [view, setView] = useState<SettingsView>(initialView);
  const isUpgradeOpen = useUpgradeSheetOpen();

  function handleOpenChange(next: boolean) {
    // Every opening starts at the main view.
    if (!next) setView('main');
    onOpenChange(next);
  }

  // Upgrade (in the subscription and payment-methods views) opens the app's one upgrade sheet:
  // Settings steps aside so only one dialog is up, and comes back on the same view when the sheet
  // closes without leaving for the checkout (Not now, or a local upgrade that is done).
  return (
    <Modal open={open && !isUpgradeOpen} onOpenChange={handleOpenChange} title={VIEW_TITLES[view]}>
      {view !== 'main' && (
        <Button
          variant="ghost"
          size="sm"
          // The button that opened this view is gone; focus starts on the way back.
          autoFocus
          className="-mt-2 justify-self-start"
          onClick={() => setView(PARENT_VIEW[view])}>
          <ArrowLeft aria-hidden />
          Back
        </Button>
      )}
      {view === 'main' && (
        <SettingsMain user={user} onOpenSubscription={() => setView('subscription')} onOpenDevices={() => setView('devices')} onOpenYourData={() => setView('your-data')} />
      )}
      {view === 'subscription' && <SubscriptionPanel onNavigate={setView} />}
      {view === 'payment-methods' && <PaymentMethodsPanel />}
      {view === 'billing-history' && <BillingHistoryPanel />}
      {view === 'devices' && <DevicesPanel />}
      {view === 'your-data' && <YourDataPanel email={user.email} />}
    </Modal>
  );
}
