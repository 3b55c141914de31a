import { useSyncExternalStore } from 'react';
import { getLocalStorage } from '../../player/browser-storage';
import { LINKED_ACCOUNTS_STORAGE_KEY, parseLinkedAccounts, type LinkedAccounts } from './linked-accounts';

const listeners = new Set<() => void>();
let cache: { raw: string | null; accounts: LinkedAccounts } | null = null;

function readRaw(): string | null {
  try {
    return getLocalStorage()?.getItem(LINKED_ACCOUNTS_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

function getLinkedAccounts(): LinkedAccounts {
  const raw = readRaw();
  if (cache === null || cache.raw !== raw) cache = { raw, accounts: parseLinkedAccounts(raw) };
  return cache.accounts;
}

/** Keeps the accounts; false when the browser would not store them. */
export function saveLinkedAccounts(accounts: LinkedAccounts): boolean {
  let saved = true;
  try {
    const storage = getLocalStorage();
    if (!storage) return false;
    storage.setItem(LINKED_ACCOUNTS_STORAGE_KEY, JSON.stringify(accounts));
  } catch {
    saved = false;
  }
  for (const listener of listeners) listener();
  return saved;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The linked accounts kept on this device (spec section 3), re-rendering when they change. */
export function useLinkedAccounts(): LinkedAccounts {
  return useSyncExternalStore(subscribe, getLinkedAccounts, getLinkedAccounts);
}
