import { readLocalSettings } from '../features/settings/local-settings';
import type { PlaybackSettings } from './player-controller';

/** The settings the player reads at each song's end and start, as they are now. */
export function readPlaybackSettings(storage: Pick<Storage, 'getItem'> | null): PlaybackSettings {
  const { crossfade, gapless, normalizeVolume } = readLocalSettings(storage);
  return { crossfadeSeconds: crossfade, gapless, normalizeVolume };
}
