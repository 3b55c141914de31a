import { useSyncExternalStore } from 'react';
import { getLocalStorage } from '../../player/browser-storage';
import { DATA_LIMIT_STORAGE_KEY, type DataLimitState, readDataLimitState, writeDataLimitState } from './data-limit';

const listeners = new Set<() => void>();
let cache: { raw: string | null; state: DataLimitState | null } | null = null;

function readRaw(): string | null {
  try {
    return getLocalStorage()?.getItem(DATA_LIMIT_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

/** The stored state, parsed again only when its text changed (useSyncExternalStore needs the same object meanwhile). */
function getDataLimitState(): DataLimitState | null {
  const raw = readRaw();
  if (cache === null || cache.raw !== raw) cache = { raw, state: readDataLimitState(getLocalStorage()) };
  return cache.state;
}

export function updateDataLimitState(state: DataLimitState): void {
  writeDataLimitState(getLocalStorage(), state);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What Kora did about the limit this month (data-limit.ts), re-rendering when the watch changes it. */
export function useDataLimitState(): DataLimitState | null {
  return useSyncExternalStore(subscribe, getDataLimitState, getDataLimitState);
}
