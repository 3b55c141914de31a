import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '@kora/contracts';
import { useSyncExternalStore } from 'react';

type ToastVariant = 'default' | 'destructive';

/**
 * Marks an element toasts must stay above (the player's rows at the bottom of the screen): the
 * toaster measures the highest one shown and lifts its toasts over it.
 */
export const TOAST_FLOOR_SELECTOR = '[data-toast-floor]';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

interface ToastItem extends ToastOptions {
  id: number;
  open: boolean;
}

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function setToasts(next: ToastItem[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): ToastItem[] {
  return toasts;
}

/** Shows a toast; the newest replaces older ones beyond TOAST_LIMIT (one visible). */
export function toast(options: ToastOptions): number {
  const id = nextId++;
  setToasts([{ ...options, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return id;
}

/** Closes a toast; it stays mounted for its exit animation until the removal delay passes. */
export function dismissToast(id: number): void {
  setToasts(toasts.map((item) => (item.id === id ? { ...item, open: false } : item)));
  setTimeout(() => setToasts(toasts.filter((item) => item.id !== id)), TOAST_REMOVE_DELAY_MS);
}

export function useToast() {
  const items = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { toasts: items, toast, dismiss: dismissToast };
}
