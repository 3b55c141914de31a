import { RowButton, SettingGroup, SettingRow } from '../settings/setting-controls';

/** The main view's way to "Your data" (YourDataPanel). */
export function YourDataSettings({ onManage }: { onManage: () => void }) {
  return (
    <SettingGroup title="Your data">
      <SettingRow label="Your data" description="Download a copy of your data, or delete your account">
        <RowButton label="Manage" name="your data" onClick={onManage} />
      </SettingRow>
    </SettingGroup>
  );
}
