import { RowButton, SettingGroup, SettingRow } from '../settings/setting-controls';

/** The main view's way to "Where you're signed in" (DevicesPanel). */
export function DevicesSettings({ onManage }: { onManage: () => void }) {
  return (
    <SettingGroup title="Devices">
      <SettingRow label="Where you're signed in" description="Your devices, and signing out the ones you do not use">
        <RowButton label="Manage" name="where you're signed in" onClick={onManage} />
      </SettingRow>
    </SettingGroup>
  );
}
