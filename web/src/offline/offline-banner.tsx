import { WifiOff } from 'lucide-react';
import { useOnline } from './use-online';

export const OFFLINE_MESSAGE = "You're offline. Downloaded music still plays.";

/** A line above the player while the browser has no network; it goes away by itself when it returns. */
export function OfflineBanner() {
  const online = useOnline();
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
