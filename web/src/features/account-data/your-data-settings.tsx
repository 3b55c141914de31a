import { Button } from '../../ui/button';
import { SettingGroup, SettingRow } from '../settings/setting-controls';

/** The main view's way to "Your data" (YourDataPanel). */
export function YourDataSettings({ onManage }: { onManage: () => void }) {
  return (
    <SettingGroup title="Your data">
      <SettingRow label="Your data" description="Download a copy of your data, or delete your account">
        <Button variant="secondary" size="sm" aria-label="Manage your data" onClick={onManage}>
          Manage
        </Button>
      </SettingRow>
    </SettingGroup>
  );
}
