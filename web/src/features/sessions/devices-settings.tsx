import { Button } from '../../ui/button';
import { SettingGroup, SettingRow } from '../settings/setting-controls';

/** The main view's way to "Where you're signed in" (DevicesPanel). */
export function DevicesSettings({ onManage }: { onManage: () => void }) {
  return (
    <SettingGroup title="Devices">
      <SettingRow label="Where you're signed in" description="Your devices, and signing out the ones you do not use">
        <Button variant="secondary" size="sm" aria-label="Manage where you're signed in" onClick={onManage}>
          Manage
        </Button>
      </SettingRow>
    </SettingGroup>
  );
}
