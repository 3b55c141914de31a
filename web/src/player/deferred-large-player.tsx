import { lazy, useEffect } from 'react';
import { afterLoad } from '../ui/after-load';
import { OpenedOnce } from '../ui/opened-once';
import { usePlayer } from './player-context';

const loadLargePlayer = () => import('./large-player');
const LargePlayer = lazy(() => loadLargePlayer().then((m) => ({ default: m.LargePlayer })));

/**
 * The large player (with Radix Dialog, a tenth of the signed-in first load) is not on the first
 * screen: it loads once there is a song to show, after the page's own load, or at once when it
 * is opened first.
 */
export function DeferredLargePlayer() {
  const { currentSong, showLargePlayer } = usePlayer();
  const hasSong = currentSong !== null;
  useEffect(() => (hasSong ? afterLoad(() => void loadLargePlayer()) : undefined), [hasSong]);
  return (
    <OpenedOnce open={showLargePlayer}>
      <LargePlayer />
    </OpenedOnce>
  );
}
