import type { Song } from '@kora/contracts';
import { useOnline } from '../use-online';
import { useLoadedDownloads } from './downloads-context';

/**
 * Whether each song can start now: everything online; offline, only what this device keeps
 * (the player refuses the rest and says why), so lists dim those.
 */
export function usePlayableNow(): (song: Song) => boolean {
  const online = useOnline();
  const downloads = useLoadedDownloads();
  if (online || !downloads) return () => true;
  return (song) => typeof song.id === 'number' && downloads.songs.has(song.id);
}
