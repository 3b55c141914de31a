import { WifiOff } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { isOnline, subscribeToConnectivity } from './connectivity';

export const OFFLINE_MESSAGE = "You're offline. Downloaded music still plays.";

const subscribe = (onChange: () => void) => subscribeToConnectivity(window, onChange);
const getSnapshot = () => isOnline(window);

/** A line above the player while the browser has no network; it goes away by itself when it returns. */
export function OfflineBanner() {
  const online = useSyncExternalStore(subscribe, getSnapshot, () => true);
  if (online) return null;
  return (
    <div
      role="status"
      className="flex items-center gap-2 border-t border-line bg-overlay px-4 py-2 text-sm text-ink [&_svg]:size-4 [&_svg]:shrink-0"
    >
      <WifiOff aria-hidden className="text-gold-400" />
      <span>{OFFLINE_MESSAGE}</span>
    </div>
  );
}
