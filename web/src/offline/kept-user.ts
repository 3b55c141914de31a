import type { User } from '@kora/contracts';
import { writeDeviceListener } from './device-listener';

/**
 * The last signed-in listener, kept on this device so the app opens with no network. Written
 * whenever the server answers who is signed in, removed on a 401 and at sign-out (which clears
 * all local storage). Only this origin can read it, and it holds what the app already shows.
 */
export const KEPT_USER_KEY = 'kora.keptUser';

type KeptUserStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * A stored value that still has the User shape (an older build may have written another one).
 * Checked by hand: the contracts' zod schema would bring zod into the first-load chunk.
 */
function isUser(value: unknown): value is User {
  if (typeof value !== 'object' || value === null) return false;
  const user = value as Record<string, unknown>;
  const nullableString = (field: unknown) => field === null || typeof field === 'string';
  return (
    typeof user.id === 'number' &&
    typeof user.email === 'string' &&
    typeof user.firstName === 'string' &&
    typeof user.lastName === 'string' &&
    nullableString(user.bio) &&
    nullableString(user.phone) &&
    typeof user.createdAt === 'string'
  );
}

export function readKeptUser(storage: KeptUserStorage): User | null {
  try {
    const value: unknown = JSON.parse(storage.getItem(KEPT_USER_KEY) ?? 'null');
    return isUser(value) ? value : null;
  } catch {
    return null;
  }
}

/** Tells the service worker who is signed in now (device-listener.ts), and drops what it decided for the last one. */
function tellDevice(userId: number | null): void {
  writeDeviceListener(userId)
    .then(() => globalThis.navigator?.serviceWorker?.controller?.postMessage({ type: 'DOWNLOADS_CHANGED' }))
    .catch(() => undefined);
}

/** Keeps the listener the server named, or forgets the kept one when it named nobody (401). */
export function keepUser(storage: KeptUserStorage, user: User | null): void {
  tellDevice(user?.id ?? null);
  try {
    if (user) storage.setItem(KEPT_USER_KEY, JSON.stringify(user));
    else storage.removeItem(KEPT_USER_KEY);
  } catch {
    // Storage full or refused (private mode): the app still works online, only not offline.
  }
}

/** fetch() rejects with a TypeError when no answer came at all; an HTTP error is an answer. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError;
}

/**
 * Who is signed in: the server's answer (kept for next time), or, when the request got no
 * answer because there is no network, the listener kept on this device. Any other failure
 * (a 500, a cancelled request) is thrown as before.
 */
export async function currentUserOrKept(
  fetchUser: () => Promise<User | null>,
  storage: KeptUserStorage,
): Promise<User | null> {
  try {
    const user = await fetchUser();
    keepUser(storage, user);
    return user;
  } catch (error) {
    const kept = isNetworkFailure(error) ? readKeptUser(storage) : null;
    if (kept) {
      // The worker may have been installed after the last answer: it learns who kept the downloads.
      tellDevice(kept.id);
      return kept;
    }
    throw error;
  }
}
