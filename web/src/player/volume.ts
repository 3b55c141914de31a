import { DEFAULT_VOLUME } from '@kora/contracts';

export const VOLUME_STORAGE_KEY = 'kora-volume';

/**
 * Spec section 4: volume syncs both ways with the audio element, with thresholds of 1 and 2 points.
 * The player writes to the element on any whole-point change (1); it adopts the element's volume
 * (changed by the browser or the OS) only past 2 points, so rounding never fights the listener.
 */
const WRITE_THRESHOLD_POINTS = 1;
const ADOPT_THRESHOLD_POINTS = 2;

/** A whole number from 0 to 100; anything unreadable becomes the default. */
export function clampVolume(volume: number): number {
  if (!Number.isFinite(volume)) return DEFAULT_VOLUME;
  return Math.min(100, Math.max(0, Math.round(volume)));
}

export function readStoredVolume(storage: Pick<Storage, 'getItem'> | null): number {
  const stored = storage?.getItem(VOLUME_STORAGE_KEY);
  if (stored === null || stored === undefined || stored.trim() === '') return DEFAULT_VOLUME;
  return clampVolume(Number(stored));
}

export function storeVolume(storage: Pick<Storage, 'setItem'> | null, volume: number): void {
  try {
    storage?.setItem(VOLUME_STORAGE_KEY, String(volume));
  } catch {
    // A full or blocked storage only costs remembering the volume.
  }
}

/** The element volume (0 to 1) to set for the player's volume, or null when it already matches. */
export function getElementVolumeToWrite(volume: number, elementVolume: number): number | null {
  return Math.abs(elementVolume * 100 - volume) >= WRITE_THRESHOLD_POINTS ? volume / 100 : null;
}

/** The player volume to take from the element, or null when the difference is only rounding. */
export function getVolumeToAdopt(volume: number, elementVolume: number): number | null {
  return Math.abs(elementVolume * 100 - volume) >= ADOPT_THRESHOLD_POINTS ? clampVolume(elementVolume * 100) : null;
}
