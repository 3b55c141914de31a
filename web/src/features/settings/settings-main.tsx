import type { User } from '@kora/contracts';
import { LifeBuoy } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../ui/button';
import { YourDataSettings } from '../account-data/your-data-settings';
import { DataUsageSettings } from '../data-usage/data-usage-settings';
import { DevicesSettings } from '../sessions/devices-settings';
import { AccountSettings } from './account-settings';
import { EqualizerSettings } from './equalizer-settings';
import { PlanSettings } from './plan-settings';
import { DownloadSettings } from './download-settings';
import { PlaybackSettings } from './playback-settings';
import { SoundSettings } from './sound-settings';
import { SettingGroup, SettingRow } from './setting-controls';
import { SupportDialog } from './support-dialog';

/**
 * The main view of the Settings dialog (spec section 2): account, devices, plan, then the local-only settings.
 * Only settings something reads are shown: a switch that changes nothing would pretend to work.
 */
export function SettingsMain({
  user,
  onOpenSubscription,
  onOpenDevices,
  onOpenYourData,
}: {
  user: User;
  onOpenSubscription: () => void;
  onOpenDevices: () => void;
  onOpenYourData: () => void;
}) {
  const [isSupportOpen, setIsSupportOpen] = useState(false);
  return (
    <div className="grid gap-6">
      <AccountSettings user={user} />
      <DevicesSettings onManage={onOpenDevices} />
      <PlanSettings onManage={onOpenSubscription} />
      <DataUsageSettings />
      <YourDataSettings onManage={onOpenYourData} />
      <p className="rounded-control bg-raised px-3 py-2 text-xs text-ink-muted">
        The settings below are kept on this device only, and apply as soon as you change them.
      </p>
      <PlaybackSettings />
      <SoundSettings />
      <DownloadSettings />
      <EqualizerSettings />
      <SettingGroup title="Help & Support">
        <SettingRow label="Contact support" description="Questions, problems, ideas">
          <Button variant="secondary" size="sm" onClick={() => setIsSupportOpen(true)}>
            <LifeBuoy aria-hidden />
            Write
          </Button>
        </SettingRow>
      </SettingGroup>
      <SupportDialog accountEmail={user.email} open={isSupportOpen} onOpenChange={setIsSupportOpen} />
    </div>
  );
}
