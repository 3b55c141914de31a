import { useSyncExternalStore } from 'react';
import { getLocalStorage } from '../../player/browser-storage';
import { SETTINGS_STORAGE_KEY, parseLocalSettings, writeLocalSettings, type LocalSettings } from './local-settings';

const listeners = new Set<() => void>();
let cache: { raw: string | null; settings: LocalSettings } | null = null;

function readRaw(): string | null {
  try {
    return getLocalStorage()?.getItem(SETTINGS_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

/**
 * The settings in effect now, read through to storage every time (sign-out clears it, another
 * tab may change it) but parsed only when the stored text changed, so the object stays the same
 * between changes as useSyncExternalStore needs.
 */
export function getLocalSettings(): LocalSettings {
  const raw = readRaw();
  if (cache === null || cache.raw !== raw) cache = { raw, settings: parseLocalSettings(raw) };
  return cache.settings;
}

export function updateLocalSettings(changes: Partial<LocalSettings>): void {
  writeLocalSettings(getLocalStorage(), changes);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's change arrives as a storage event; this tab's own writes call the listeners above.
  const handleStorage = (event: StorageEvent) => {
    if (event.key === SETTINGS_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', handleStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', handleStorage);
  };
}

/** The local-only settings (spec section 3), re-rendering when any of them changes. */
export function useLocalSettings(): LocalSettings {
  return useSyncExternalStore(subscribe, getLocalSettings, getLocalSettings);
}
