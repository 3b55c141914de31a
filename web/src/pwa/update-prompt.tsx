import { useSyncExternalStore } from 'react';
import { Button } from '../ui/button';
import { updateStore } from './update-store';

/**
 * "A new version is ready" above the player while a new version waits. It sits in the page's
 * flow (never over the controls) and reloads only when pressed, never mid-song by itself.
 */
export function UpdatePrompt() {
  const ready = useSyncExternalStore(updateStore.subscribe, updateStore.isUpdateReady, () => false);
  if (!ready) return null;
  return (
    <div
      role="status"
      className="flex items-center justify-between gap-3 border-t border-line bg-raised px-4 py-1.5 text-sm text-ink"
    >
      <span>A new version is ready</span>
      <Button size="sm" onClick={updateStore.applyUpdate}>
        Reload
      </Button>
    </div>
  );
}
