import { useSyncExternalStore } from 'react';

// One upgrade sheet for the whole app (the plan card, the Free banner and a notification's Renew
// all open it), mounted once by the shell.
let isOpen = false;
const listeners = new Set<() => void>();

export function setUpgradeSheetOpen(open: boolean): void {
  if (open === isOpen) return;
  isOpen = open;
  for (const listener of listeners) listener();
}

export function openUpgradeSheet(): void {
  setUpgradeSheetOpen(true);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useUpgradeSheetOpen(): boolean {
  return useSyncExternalStore(subscribe, () => isOpen, () => false);
}
