import type { Song } from '@kora/contracts';
import { useOnline } from '../use-online';
import { useKeptSongsWhileOffline } from './downloads-context';

/**
 * Whether each song can start now: everything online; offline, only what this device keeps
 * (the player refuses the rest and says why), so lists dim those.
 */
export function usePlayableNow(): (song: Song) => boolean {
  const online = useOnline();
  const kept = useKeptSongsWhileOffline(online);
  if (!kept) return () => true;
  return (song) => typeof song.id === 'number' && kept.has(song.id);
}
