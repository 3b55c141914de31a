import { toast, type ToastOptions } from './use-toast';

/**
 * A toast that survives a full page load: some actions end with window.location (spec: deleting
 * a playlist leads to a full navigation to /library), which would wipe a toast shown before it.
 * The toast waits in sessionStorage (this tab only) and shows once when the app starts again.
 */
const FLASH_TOAST_KEY = 'kora-flash-toast';

type FlashStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** sessionStorage, or null where the browser blocks it (then the toast is simply not carried over). */
function getSessionStorage(): FlashStorage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function saveFlashToast(options: ToastOptions, storage: FlashStorage | null = getSessionStorage()): void {
  try {
    storage?.setItem(FLASH_TOAST_KEY, JSON.stringify(options));
  } catch {
    return;
  }
}

function isToastOptions(value: unknown): value is ToastOptions {
  if (typeof value !== 'object' || value === null) return false;
  const { title, description, variant } = value as Record<string, unknown>;
  return (
    typeof title === 'string' &&
    (description === undefined || typeof description === 'string') &&
    (variant === undefined || variant === 'default' || variant === 'destructive')
  );
}

/** The saved toast, removed so that it shows once; null when there is none or it is not a toast. */
export function takeFlashToast(storage: FlashStorage | null = getSessionStorage()): ToastOptions | null {
  let saved: string | null;
  try {
    saved = storage?.getItem(FLASH_TOAST_KEY) ?? null;
    storage?.removeItem(FLASH_TOAST_KEY);
  } catch {
    return null;
  }
  if (saved === null) return null;
  try {
    const parsed: unknown = JSON.parse(saved);
    return isToastOptions(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** Shows the toast saved before the last full page load, if any. Call once when the app starts. */
export function showFlashToast(storage: FlashStorage | null = getSessionStorage()): void {
  const options = takeFlashToast(storage);
  if (options) toast(options);
}
